"""Printing findings (発見の印字): each finding as a scenario in the suite's own words.

The step library prints a case (:func:`shinpan.step_library.printer`: its setup, moves with their choices, and the
checks of its last step) as a Gherkin scenario with a generated id, the seed, the rule numbers and sources a person
should confirm it against (the triage stub) and the window of the rules state it was found under. This module says
what the scenario is called, what it cites and notes, and lays the findings of an exploration out as feature files.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from shinpan import step_library
from shinpan.adapters import cards
from shinpan.errors import RenderError
from shinpan.explore.findings import Finding
from shinpan.explore.properties import PROPERTIES
from shinpan.rulesets import RulesState

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


def window(state: RulesState) -> tuple[tuple[str, ...], tuple[str, ...]]:
    """The ``@since``/``@until`` of a state named by a change (just after it, or just before)."""
    if state.change is None:
        return (), ()
    return ((state.change,), ()) if state.side == "after" else ((), (state.change,))


def scenario(finding: Finding, state: RulesState) -> str:
    """The finding as a scenario of a feature file (indented, ending with a newline). :class:`RenderError` if no
    phrase can show it: a difference only in an order the suite has no phrase for (of events of different kinds,
    of waiting abilities), or in a field no phrase checks (an event's cause), would print as a scenario that passes
    on both engines."""
    printer = _printer()
    cause = finding.cause
    if cause.oracle == "differential" and not cause.fault and not finding.checks:
        raise RenderError(f"the difference ({cause.what}) is one no phrase of the suite checks: it is reported "
                          "without a scenario")
    rules: tuple[str, ...] = finding.rules
    sources: tuple[str, ...] = finding.sources
    if cause.oracle == "differential":
        rules, sources = DIFFERENCE_RULES.get(cause.what, ()), DIFFERENCE_SOURCES
    since, until = window(state)
    notes = (f"見つけたもの: {cause.key}", f"規則の状態: {state.describe()}",
             *(f"違い: {line}" for line in finding.details[:5]), *([] if finding.details else [finding.message]))
    heading = printer.Heading(name(finding, state.label), finding.seed, rules=tuple(rules), sources=tuple(sources),
                              since=since, until=until, notes=tuple(notes))
    text: str = printer.print_scenario(finding.case, heading, cards.load())
    return text


def feature(scenarios: Sequence[str], engine: str) -> str:
    """A feature file holding printed scenarios."""
    printer = _printer()
    text: str = printer.print_feature(list(scenarios), topic="explore", title=f"探索で見つかったもの ({engine})")
    return text


def _printer() -> Any:
    """The step library's scenario printer."""
    return step_library.printer()
