"""Printing findings (発見の印字): each finding as a scenario in the suite's own words.

The step library prints a case (:func:`shinpan.suite.step_library.printer`: its setup, moves with their choices, and the
checks of its last step) as a Gherkin scenario with a generated id, the seed, the rule numbers and sources a person
should confirm it against (the triage stub) and the window of the rules state it was found under. This module says
what the scenario is called, what it cites and notes, and lays the findings of an exploration out as feature files.
"""

from __future__ import annotations

import tempfile
from collections.abc import Mapping, Sequence
from dataclasses import replace
from functools import cache
from pathlib import Path
from typing import Any

from shinpan.adapters import cards
from shinpan.adapters.contract import Rules
from shinpan.adapters.locations import SuiteFolders, features_dir
from shinpan.adapters.reference import MODELLED_CHANGES as MODELLED
from shinpan.errors import RenderError
from shinpan.explore.case import moves_of
from shinpan.explore.findings import Finding, plain
from shinpan.explore.properties import PROPERTIES
from shinpan.explore.replay import replay
from shinpan.reports.outcomes import Status
from shinpan.running.cases import Check, compile_case
from shinpan.running.checks import CheckForm, Count, ObjectField
from shinpan.suite import rules as rules_
from shinpan.suite import rulesets, step_library
from shinpan.suite import scenarios as suite
from shinpan.suite.lint import lint
from shinpan.suite.rulesets import RulesState, Standing

REFERENCE = "reference"

STEPS = {"setup": "開始時の状態", "summon": "召喚", "put_into_battle": "バトルゾーンに出す", "move": "ゾーンの移動",
         "destroy": "破壊", "tap": "タップ", "untap": "アンタップ", "attack": "攻撃", "end_turn": "ターンの終わり",
         "draw": "ドロー", "charge_mana": "マナチャージ", "apply_effect": "効果の適用", "devolve": "退化",
         "put_under": "下に置く", "rearrange_under": "下のカードの並べ替え", "g_link": "G・リンク",
         "unlink": "リンク解除", "awaken_link": "覚醒リンク", "flip": "裏返る", "seal": "封印", "unseal": "封印を外す",
         "swap": "入れ替え", "equip": "装備", "side_jump": "横跳び", "mugetsu": "無月の門",
         "stop_treating_as_creature": "クリーチャーとして扱わなくなる", "resolve": "待機中の能力の解決", "cast": "呪文",
         "discard": "捨てる", "break": "ブレイク", "tap_mana": "マナの支払い"}
"""Each kind of step in the suite's words, for scenario names."""

FACTS = {"place": "カードの場所", "pile": "カードの束", "tapped": "タップの位相", "power": "パワー",
         "summoning_sick": "召喚酔い", "can_attack": "攻撃できるか", "attacking": "攻撃中か",
         "effects": "受けている効果",
         "equipment": "装備", "seals": "封印", "linked": "リンク", "face": "見せている面", "deck": "山札の順番",
         "tapped_mana": "マナのタップ", "lost": "敗北", "events.moved": "移動", "events.triggered": "誘発",
         "events.replaced": "置換", "events.reconstructed": "再構築", "events.mana_tapped": "生み出したマナ",
         "waiting": "待機中の能力", "waiting.order": "待機中の能力の順番", "events.order": "出来事の順番",
         "status": "行動が認められるか", "question": "尋ねる選択", "crash": "アダプターの異常終了",
         "timeout": "時間切れ", "error": "エラー", "turn": "ターン"}
"""Each kind of fact or fault in the suite's words, for scenario names."""

DIFFERENCE_RULES = {"events.triggered": ("603.5",), "waiting": ("603.5",), "events.replaced": ("609.1",),
                    "pile": ("801.4",), "place": ("400.5",)}
"""Rule numbers a differential finding's scenario cites, by the kind of fact that differs."""
DIFFERENCE_SOURCES = ("dm-rule-1.48",)


def name(finding: Finding, state: str) -> str:
    """The scenario's name: what differed or what rule it breaks, after which step, under which rules."""
    cause = finding.cause
    step = STEPS.get(cause.step, cause.step)
    if cause.oracle == "differential":
        what = FACTS.get(cause.what, cause.what)
        return f"探索: {step}の後の{what}が参照エンジンと異なる ({state})"
    rule = next((p for p in PROPERTIES if p.id == cause.oracle), None)
    title = rule.id if rule is not None else cause.oracle
    if cause.fault:
        return f"探索 {title}: {step}で{FACTS.get(cause.what, cause.what)} ({state})"
    return f"探索 {title}: {step}の後に規則が守られていない ({state})"


def window(finding: Finding, state: RulesState) -> tuple[tuple[str, ...], tuple[str, ...], tuple[str, ...]]:
    """The ``@since``/``@until`` of a finding's scenario, and the changes in doubt its answer depends on.

    The scenario holds on the days of ``state`` as far as its answer can tell: each change its answer depends on is
    named on the side ``state`` has it — a property's changes (:meth:`Property.changes`: the suite asserts it only
    there), and each change the reference engine plays both sides of whose other side makes the scenario fail on
    the reference engine. A change of those in doubt under ``state`` is named ``@until`` (the engine was told it
    is not in force): the scenario is UNRESOLVED on those days, and says why. A change in doubt that the reference
    engine does not play both sides of (the sources disagree about it) is named when the suite's scenarios that name
    it check the same kind of fact on the same kind of board (:func:`concerns`), on their side."""
    rule = next((p for p in PROPERTIES if p.id == finding.cause.oracle), None)
    named = set(rule.changes([m.action["type"] for m in moves_of(finding.case)])) if rule is not None else set()
    named |= {change for change in MODELLED if change not in named and _depends(finding, state, change)}
    sides = {change: side for change in state.in_doubt if change not in MODELLED and change not in named
             and (side := _concerned(finding, change)) is not None}
    since: list[str] = []
    until: list[str] = []
    doubts: list[str] = []
    for change in rulesets.load().ids:
        standing = state.standing(change)
        if change in named:
            (since if standing == Standing.IN_FORCE else until).append(change)
        elif change in sides:
            (since if sides[change] == "since" else until).append(change)
        if standing == Standing.IN_DOUBT and (change in named or change in sides):
            doubts.append(change)
    return tuple(since), tuple(until), tuple(doubts)


Concern = tuple[str, bool, str]
"""A kind of fact a scenario checks, whether its board holds a pile (a battle-zone object of several cards), and
the side (``since``/``until``) on which it names a change."""


@cache
def concerns() -> dict[str, frozenset[Concern]]:
    """For each change the reference engine does not play both sides of, what the suite's scenarios that name it
    check (compiled under today's rules)."""
    today = rulesets.load().today()
    found: dict[str, set[Concern]] = {}
    for scenario in suite.cases(features_dir()):
        values = scenario.values
        sides = [(c, "since") for c in values.since] + [(c, "until") for c in values.until]
        sides = [(c, side) for c, side in sides if c not in MODELLED]
        if not sides:
            continue
        case = compile_case(scenario, today.as_sent())
        facts = {_fact(item.check) for _, item in case.items() if isinstance(item, Check)}
        pile = _pile(case.setup.state)
        for change, side in sides:
            found.setdefault(change, set()).update((fact, pile, side) for fact in facts)
    return {change: frozenset(found[change]) for change in found}


def _concerned(finding: Finding, change: str) -> str | None:
    """The side on which the suite names ``change`` where it checks what ``finding`` checks, if it does."""
    pile = _pile(finding.case.setup.state)
    facts = {_fact(check) for check in finding.checks}
    sides = {side for fact, on_pile, side in concerns().get(change, ()) if fact in facts and on_pile == pile}
    return None if not sides else "since" if "since" in sides else "until"


def _fact(check: CheckForm) -> str:
    if isinstance(check, ObjectField) and check.field:
        return check.field
    return check.listed.value if isinstance(check, Count) else check.kind


def _pile(state: Mapping[str, Any]) -> bool:
    return any(len(obj["cards"]) > 1 for view in state["players"].values() for obj in view.get("battle", ()))


def _depends(finding: Finding, state: RulesState, change: str) -> bool:
    """Whether the finding's case fails on the reference engine with ``change`` on its other side."""
    if not finding.checks:
        return False
    flipped: Rules = {"label": state.label, "changes": sorted(set(state.engine_changes) ^ {change})}
    case = replace(finding.case, setup=replace(finding.case.setup, rules=flipped))
    return replay(case, REFERENCE).status != Status.PASS


def in_force(numbers: Sequence[str], since: Sequence[str], until: Sequence[str]) -> tuple[tuple[str, ...],
                                                                                        tuple[str, ...]]:
    """The rule numbers that exist on every day of the window (``features/rules.yaml``), and those that do not."""
    known, changes = rules_.load(), rulesets.load()
    kept: list[str] = []
    for number in numbers:
        rule = known.get(number)
        if rule is not None and not all(rules_.certainly_outside(v, since, until, changes) for v in rule.versions) \
                and not rules_.missing_states(rule, since, until, changes):
            kept.append(number)
    return tuple(kept), tuple(n for n in numbers if n not in kept)


def scenario(finding: Finding, state: RulesState) -> str:
    """The finding as a scenario of a feature file (indented, ending with a newline). :class:`RenderError` if no
    phrase can show it: a difference only in an order the suite has no phrase for (of events of different kinds,
    of waiting abilities), or in a field no phrase checks (an event's cause), would print as a scenario that passes
    on both engines. It cites only rule numbers that exist on the days of its window; its notes hold no absolute
    path and no traceback."""
    printer = _printer()
    cause = finding.cause
    if cause.oracle == "differential" and not cause.fault and not finding.checks:
        raise RenderError(f"the difference ({cause.what}) is one no phrase of the suite checks: it is reported "
                          "without a scenario")
    rules: tuple[str, ...] = finding.rules
    sources: tuple[str, ...] = finding.sources
    if cause.oracle == "differential":
        rules, sources = DIFFERENCE_RULES.get(cause.what, ()), DIFFERENCE_SOURCES
    since, until, doubts = window(finding, state)
    rules, outside = in_force(rules, since, until)
    notes = (f"見つけたもの: {cause.key}", f"規則の状態: {state.describe()}",
             *(f"違い: {plain(line)}" for line in finding.details[:5]),
             *([] if finding.details else [plain(finding.message)]),
             *([f"この期間にない規則番号は挙げない: {', '.join(outside)}"] if outside else []),
             *([DESTRUCTION] if _destruction(finding) else []),
             *([f"答えは、この規則の状態では施行が不確かな変更 {', '.join(doubts)} によって変わりうる。"
                "その日々では UNRESOLVED"] if doubts else []))
    heading = printer.Heading(name(finding, state.label), finding.seed, rules=tuple(rules), sources=tuple(sources),
                              since=since, until=until, notes=tuple(notes))
    text: str = printer.print_scenario(finding.case, heading, cards.load())
    return text


DESTRUCTION = ("破壊: バトルゾーンから墓地に置かれることを「破壊」(破壊された時)として扱っているが、規則の資料"
               "(features/rules.yaml の出典の条文)に「破壊」の定義はない。確かめること")
"""The triage note of a finding that treats a battle zone → graveyard move as 破壊: the rules text of the sources
does not define the word (no rule number to cite), so the note says so instead of asserting it."""
ABOUT_DESTRUCTION = ("look-back", "replacement")
"""The properties that read a battle zone → graveyard move as 破壊 (破壊された時, 破壊される時…かわりに)."""


def _destruction(finding: Finding) -> bool:
    """Whether the finding reads a battle zone → graveyard move as 破壊: a property that does, or a difference in
    what triggered, waits or was replaced after a creature was destroyed or moved to the graveyard."""
    if finding.cause.oracle in ABOUT_DESTRUCTION:
        return True
    about = finding.cause.what in ("events.triggered", "waiting", "events.replaced")
    return about and any(m.action["type"] == "destroy" or (m.action["type"] == "move" and m.action.get("to") ==
                                                           "graveyard") for m in moves_of(finding.case))


def checked(finding: Finding, state: RulesState, adapter: str, timeout: float = 5.0) -> str:
    """The finding's scenario, once it is shown to keep the printer's promise: parsed back from its text, it lints
    clean in a feature file, and its compiled case passes on the reference engine and does not pass on ``adapter``
    (it fails there, or ends as the finding's fault did). :class:`RenderError` saying why otherwise — a scenario
    that would not reproduce is never printed."""
    text = scenario(finding, state)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp) / "explore"
        folder.mkdir()
        path = folder / "explore.feature"
        path.write_text(feature([text], "check"), encoding="utf-8")
        problems = lint(SuiteFolders(features_dir(), Path(tmp)))
        if problems:
            raise RenderError(f"the printed scenario does not lint: {problems[0].message}")
        (parsed,) = suite.parse_feature(path).cases
    case = compile_case(parsed, state.as_sent())
    on_reference = replay(case, REFERENCE, timeout=timeout)
    if on_reference.status != Status.PASS:
        raise RenderError(f"the printed scenario does not pass on the reference engine ({on_reference.status}: "
                          f"{plain(on_reference.message)})")
    on_adapter = replay(case, adapter, timeout=timeout)
    if on_adapter.status not in SHOWS:
        raise RenderError(f"the printed scenario does not fail on the engine ({on_adapter.status}: "
                          f"{plain(on_adapter.message)})")
    return text


SHOWS = (Status.FAIL, Status.ERROR, Status.CRASH, Status.TIMEOUT, Status.SCRIPT_MISMATCH)
"""How a printed scenario may end on the engine that showed it: failing, or with the finding's fault."""


def feature(scenarios: Sequence[str], engine: str) -> str:
    """A feature file holding printed scenarios."""
    printer = _printer()
    text: str = printer.print_feature(list(scenarios), topic="explore", title=f"探索で見つかったもの ({engine})")
    return text


def _printer() -> Any:
    """The step library's scenario printer."""
    return step_library.printer()
