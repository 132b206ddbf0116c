"""``shinpan lint``: check every feature file, printing each problem as ``path:line: message``.

Checks: the file parses as Japanese Gherkin; no BOM; no full-width colon after a keyword; each
scenario has a unique ``@id`` of the ids' character set, at least one ``@rule`` or ``@source``, every ``@source`` in
``features/sources.yaml`` (and so every change's sources), only registry tags, valid
``@since``/``@until`` revisions, a known ``@status``, a ``@generated`` seed with a generated id (and no
generated id without it); the feature's ``@topic`` is its folder; no two
scenarios share a name in a file; every card named is in the registry; every step matches exactly
one step definition; every rule number and source a property of ``shinpan explore`` cites resolves. Before them,
the registries: each file against its JSON Schema (every problem, at its
line), and no id given twice. A user suite (:class:`~shinpan.adapters.locations.SuiteFolders`) is linted
laid over the kit's: its card names, source ids, rule numbers and scenario ids must not be the kit's.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from contextvars import ContextVar
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from gherkin.dialect import Dialect

from shinpan import paths
from shinpan.adapters import cards, registries
from shinpan.adapters.errors import SuiteError
from shinpan.adapters.locations import SuiteFolders, current
from shinpan.outputs import printable
from shinpan.suite import identity, rulesets
from shinpan.suite import rules as rules_
from shinpan.suite import scenarios as suite
from shinpan.suite import sources as sources_
from shinpan.suite.tags import GENERATED_ID, GENERATED_ID_PREFIX, STATUS_VALUES, TagValues

if TYPE_CHECKING:
    from shinpan.suite.step_library import StepBook

JAPANESE: Any = Dialect.for_name("ja")
KEYWORDS = tuple(sorted({word for kind in ("feature", "background", "rule", "scenario", "scenarioOutline", "examples")
                         for word in JAPANESE.spec[kind]}, key=lambda word: (-len(word), word)))
"""The Japanese keywords a colon follows (機能:, シナリオ:, シナリオテンプレ:…), from gherkin-official's dialect."""
FULL_WIDTH_COLON = re.compile(rf"^\s*(?:{'|'.join(KEYWORDS)})\s*：")


@dataclass(frozen=True)
class Citation:
    """Something outside the feature files that cites rules and sources as a scenario does (a property of ``shinpan
    explore``): where it is defined, what to call it in a problem, and what it cites."""

    path: Path
    line: int
    label: str
    rules: tuple[str, ...]
    sources: tuple[str, ...]


@dataclass(frozen=True, order=True)
class Problem:
    """One lint finding."""

    path: str
    line: int
    message: str

    def __str__(self) -> str:
        return printable(f"{self.path}:{self.line}: {self.message}", one_line=True)  # it quotes the suite's text

    def as_json(self) -> dict[str, str | int]:
        """As ``shinpan lint --format=json`` gives it."""
        return {"path": str(self.path), "line": self.line, "message": self.message}


def lint(root: Path | SuiteFolders | None = None, citations: Iterable[Citation] = ()) -> list[Problem]:
    """Every problem in the suite ``root``: a whole suite's folder (registries included), or a user suite laid over
    the kit's (default: the suite being run, :func:`~shinpan.adapters.locations.current`), sorted by place; and every
    rule number or source that ``citations`` cite outside the feature files (``shinpan lint`` gives explore's
    properties: :func:`shinpan.explore.properties.citations.citations`) and the registries lack."""
    folders = root if isinstance(root, SuiteFolders) else SuiteFolders(root) if root else current()
    _LINTED.set(folders)
    root = folders.own
    problems = _kit_id_clashes(folders)
    broken = [Problem(_show(e.path), e.line or 1, e.message) for e in registry_problems(folders)]
    if broken:
        return sorted(problems + broken)
    try:
        registry = cards.load(folders)
        changes = rulesets.load(folders)
        known_sources = sources_.load(folders)
        known_rules = rules_.load(folders)
    except SuiteError as error:
        return sorted([*problems, Problem(_show(error.path), error.line or 1, error.message)])
    problems.extend(_lint_change_sources(changes, known_sources))
    problems.extend(_lint_rule_versions(known_rules, changes))
    problems.extend(_lint_citations(citations, known_rules, known_sources))
    matchers = _library()
    parsed: list[suite.Case] = []
    for path in suite.feature_paths(root):
        problems.extend(_lint_text(path))
        try:
            feature = suite.parse_feature(path)
        except SuiteError as error:
            problems.append(Problem(_show(path), error.line or 1, error.message))
            continue
        parsed.extend(feature.cases)
        problems.extend(_lint_file(feature, root, registry, changes, matchers))
        problems.extend(_lint_sources(feature, known_sources))
        problems.extend(_lint_rules(feature, known_rules, changes))
    problems.extend(Problem(_show(p.path), p.line, p.message) for p in identity.problems(parsed, _show))
    return sorted(problems)


def registry_problems(folders: SuiteFolders) -> list[SuiteError]:
    """Every way the registry files of ``folders`` break their schemas (:mod:`shinpan.adapters.registries`), and
    every id a registry gives twice (a user suite's entry that clashes with the kit's, at the user suite's line); a
    user suite's ``rulesets.yaml`` is one problem (its changes are the kit's)."""
    found: list[SuiteError] = []
    for name in registries.NAMES:
        files = [path for path in folders.registry_files(f"{name}.yaml") if path.exists()]
        if name == "rulesets" and folders.user is not None and folders.user / "rulesets.yaml" in files:
            found.append(SuiteError(folders.user / "rulesets.yaml", 1, rulesets.USER_SUITE_RULESETS))
            files.remove(folders.user / "rulesets.yaml")
        broken = [problem for path in files for problem in registries.problems(path, name)]
        found += broken or registries.clashes(files, name)
    return found


def check_registries(folders: SuiteFolders | None = None) -> None:
    """The first of :func:`registry_problems` as a :class:`SuiteError` (bad input), if any: what a command that
    reads the suite checks before anything runs, so that it stops where lint would report a problem."""
    folders = folders or current()
    cards.load(folders)  # the kit's card registry must be there
    found = registry_problems(folders)
    if found:
        raise found[0]


def _kit_id_clashes(folders: SuiteFolders) -> list[Problem]:
    """A user suite's scenario ids that are already the kit's (each at the user suite's scenario)."""
    kit = kit_scenario_ids(folders)
    found = []
    for path in suite.feature_paths(folders.own) if kit else ():
        try:
            cases = suite.feature(path).cases
        except SuiteError:
            continue  # reported where the file is linted
        found += [Problem(_show(path), case.line, f"@id {case.id} is already used at {kit[case.id]}")
                  for case in cases if case.id in kit]
    return found


def kit_scenario_ids(folders: SuiteFolders) -> dict[str, str]:
    """Where each scenario id of the kit's suite is (``path:line``), when ``folders`` has a user suite, whose
    scenario ids must be its own; else nothing."""
    if folders.user is None:
        return {}
    return {case.id: f"{paths.relative(case.path)}:{case.line}" for case in suite.cases(folders.kit)}


def _lint_change_sources(changes: rulesets.Changes, known: sources_.Sources) -> Iterator[Problem]:
    for change in changes.items:
        for source in change.sources:
            if source not in known:
                yield Problem(_show(changes.path), change.line or 1,
                              f"change {change.id}: source {source!r} is not in {_registry('sources')}")


def _lint_citations(citations: Iterable[Citation], known_rules: rules_.Rules,
                    known_sources: sources_.Sources) -> Iterator[Problem]:
    """Every rule number and source cited outside the feature files resolves, as a scenario's do (the site links
    them), reported where the citing thing is defined."""
    for citation in citations:
        path = _show(citation.path)
        for number in citation.rules:
            if number not in known_rules:
                yield Problem(path, citation.line, f"{citation.label}: rule {number} is not in features/rules.yaml")
        for source in citation.sources:
            if source not in known_sources:
                yield Problem(path, citation.line,
                              f"{citation.label}: source {source!r} is not in features/sources.yaml")


def _lint_sources(feature: suite.FeatureFile, known: sources_.Sources) -> Iterator[Problem]:
    reported: set[tuple[int, str]] = set()
    for case in feature.cases:
        for source in case.values.source:
            if source not in known and (case.scenario_line, source) not in reported:
                reported.add((case.scenario_line, source))
                yield Problem(_show(feature.path), case.scenario_line,
                              f"@source:{source} is not in {_registry('sources')}")


def _lint_rule_versions(known: rules_.Rules, changes: rulesets.Changes) -> Iterator[Problem]:
    for rule in known.items:
        for version in rule.versions:
            for bound in (version.start, version.end):
                if bound is not None and bound not in changes.ids:
                    yield Problem(_show(known.path), rule.line or 1,
                                  f"rule {rule.number}: {bound!r} is not a change of features/rulesets.yaml")


def _lint_rules(feature: suite.FeatureFile, known: rules_.Rules, changes: rulesets.Changes) -> Iterator[Problem]:
    """Every @rule: names an entry of features/rules.yaml that exists in the scenario's @since/@until window: in
    every state of the rules where the scenario asserts, one of its versions can hold (reported only where none
    certainly can)."""
    reported: set[tuple[int, str]] = set()
    for case in feature.cases:
        values = case.values
        bounds = [*values.since, *values.until]
        if any(bound not in changes.ids for bound in bounds):
            continue  # reported by revision_tag_problems
        for number in values.rule:
            if (case.scenario_line, number) in reported:
                continue
            rule = known.get(number)
            message = (f"@rule:{number} is not in {_registry('rules')}" if rule is None
                       else _rule_window_problem(rule, values, changes))
            if message is None:
                continue
            reported.add((case.scenario_line, number))
            yield Problem(_show(feature.path), case.scenario_line, message)


def _rule_window_problem(rule: rules_.Rule, values: TagValues, changes: rulesets.Changes) -> str | None:
    """Whether ``rule`` exists in the scenario's window with one meaning: in none of it, not in every state where it
    asserts, or with two versions that can hold there (:func:`shinpan.suite.rules.meanings`)."""
    window = " ".join([*(f"@since:{c}" for c in values.since), *(f"@until:{c}" for c in values.until)]) or "every day"
    versions = "; ".join(v.window() for v in rule.versions)
    if all(rules_.certainly_outside(v, values.since, values.until, changes) for v in rule.versions):
        return (f"@rule:{rule.number} ({rule.title}) does not exist in this scenario's window ({window}): "
                f"features/rules.yaml gives it for {versions}")
    missing = rules_.missing_states(rule, values.since, values.until, changes)
    if missing:
        return (f"@rule:{rule.number} ({rule.title}) exists in only part of this scenario's window ({window}): "
                f"features/rules.yaml gives it for {versions}, but the scenario also holds under "
                f"{', '.join(missing)}; narrow the window or cite the number of those rules")
    meant = rules_.meanings(rule, values.since, values.until, changes)
    if len(meant) > 1:
        each = "; ".join(f"{v.window()} ({v.meaning}) under {', '.join(states)}" for v, states in meant.items())
        return (f"@rule:{rule.number} ({rule.title}) has more than one meaning in this scenario's window ({window}): "
                f"{each}; cite it only where it keeps the meaning meant, or cite the sources alone")
    return None


def _lint_text(path: Path) -> Iterator[Problem]:
    """What the text shows before it is parsed: full-width colons after keywords, the language line."""
    shown = _show(path)
    text = path.read_bytes().decode("utf-8", errors="replace").removeprefix("\ufeff")
    for number, line in enumerate(text.splitlines(), 1):
        if FULL_WIDTH_COLON.match(line):
            yield Problem(shown, number, "full-width colon '：' after a Gherkin keyword: use ':'")
    if not re.search(r"^\s*#\s*language:\s*ja\s*$", text, re.MULTILINE):
        yield Problem(shown, 1, "missing '# language: ja' on the first line")


def _lint_file(feature: suite.FeatureFile, root: Path, registry: cards.CardRegistry, changes: rulesets.Changes,
               matchers: StepBook) -> Iterator[Problem]:
    shown = _show(feature.path)
    yield from _lint_feature_tags(feature, root, shown)
    names: dict[str, int] = {}
    for node in _scenario_nodes(feature.document["feature"]):
        name, line = node["name"], node["location"]["line"]
        if name in names:
            yield Problem(shown, line, f"scenario name {name!r} repeats line {names[name]}: pytest-bdd keeps only one")
        names.setdefault(name, line)
    for case in feature.cases:
        yield from _lint_case(case, shown, registry, changes, matchers)


def _lint_feature_tags(feature: suite.FeatureFile, root: Path, shown: str) -> Iterator[Problem]:
    line = feature.document["feature"]["location"]["line"]
    topics = [t.split(":", 1)[1] for t in feature.tags if t.startswith("@topic:")]
    folder = feature.path.parent.name if feature.path.parent != root else None
    if not topics:
        yield Problem(shown, line, "the feature has no @topic: tag")
    elif folder is not None and topics[0] != folder:
        yield Problem(shown, line, f"@topic:{topics[0]} does not match the folder {folder!r}")


def _lint_case(case: suite.Case, shown: str, registry: cards.CardRegistry, changes: rulesets.Changes,
               matchers: StepBook) -> Iterator[Problem]:
    if case.row in (None, 0):  # an outline's tags once, at its first row
        yield from _lint_tags(case, shown, changes)
    yield from _lint_steps(case, shown, registry, matchers)


def _lint_tags(case: suite.Case, shown: str, changes: rulesets.Changes) -> Iterator[Problem]:
    """A scenario's tags: one ``@id``, a citation, known ``@status`` values and revisions (the registry and the
    ids' character set and uniqueness: :mod:`shinpan.suite.identity`)."""
    values = case.values
    line = case.scenario_line
    if not values.id:
        yield Problem(shown, line, "scenario has no @id: tag")
    elif len(values.id) > 1:
        yield Problem(shown, line, f"scenario has several @id tags: {', '.join(values.id)}")
    if not values.rule and not values.source:
        yield Problem(shown, line, "scenario cites neither a @rule: nor a @source:")
    for value in values.status:
        if value not in STATUS_VALUES:
            yield Problem(shown, line, f"@status:{value} is not one of {', '.join(STATUS_VALUES)}")
    for problem in revision_tag_problems(values, changes):
        yield Problem(shown, line, problem)
    for problem in generated_tag_problems(values):
        yield Problem(shown, line, problem)


def _lint_steps(case: suite.Case, shown: str, registry: cards.CardRegistry, matchers: StepBook) -> Iterator[Problem]:
    """Every card a step names is in the registry, and exactly one step definition of the library matches it."""
    for step in case.steps:
        for ref in cards.CARD_REFERENCE.finditer(step.text):
            if ref["name"] not in registry:
                yield Problem(shown, step.line, f"card 《{ref['name']}》 is not in {_registry('cards')}")
        found = matchers.matching(step.type, step.text)
        if not found:
            yield Problem(shown, step.line, f"no step definition matches {step.keyword} {step.text}")
        elif len(found) > 1:
            where = ", ".join(_where(m.step_func) for m in found)
            yield Problem(shown, step.line, f"ambiguous step {step.text!r}: matches {where}")


def revision_tag_problems(values: TagValues, changes: rulesets.Changes) -> Iterator[str]:
    """What is wrong with a scenario's ``@since``/``@until`` tags: each must name a known change of the
    rules, and together they must leave a window in which the ruling holds."""
    window = changes.window_problem(values.since, values.until)
    if window is not None:
        yield f"@since/@until: {window}"


def generated_tag_problems(values: TagValues) -> Iterator[str]:
    """What is wrong with a scenario's ``@generated`` tag and its id: a generated scenario has one seed (a whole
    number) and an id ``gen-`` + 12 hex digits; a hand-written one's id does not start with ``gen-``."""
    if len(values.generated) > 1:
        yield f"scenario has several @generated tags: {', '.join(values.generated)}"
    for seed in values.generated:
        if not seed.isdecimal():
            yield f"@generated:{seed}: the seed of a generated scenario is a whole number"
    for id_ in values.id:
        if values.generated and not GENERATED_ID.match(id_):
            yield f"@id:{id_}: a generated scenario's id is {GENERATED_ID_PREFIX} and 12 hex digits"
        elif not values.generated and id_.startswith(GENERATED_ID_PREFIX):
            yield f"@id:{id_}: only a generated scenario (@generated:SEED) has an id starting with " \
                  f"{GENERATED_ID_PREFIX!r}"


def step_definitions() -> list[Any]:
    """Every step definition of the step library (:mod:`shinpan.suite.step_library`): those the compiler calls."""
    return list(_library().contexts)


def _library() -> StepBook:
    from shinpan.suite.step_library import library  # pytest-bdd's step definitions: only when the steps are checked

    return library()


def _scenario_nodes(feature: dict[str, Any]) -> Iterable[dict[str, Any]]:
    for child in feature["children"]:
        if "scenario" in child:
            yield child["scenario"]
        elif "rule" in child:
            yield from _scenario_nodes(child["rule"])


def _where(func: Any) -> str:
    code = func.__code__
    return f"{_show(Path(code.co_filename))}:{code.co_firstlineno}"


_LINTED: ContextVar[SuiteFolders | None] = ContextVar("linted", default=None)
"""The suite being linted, whose registry files a problem names."""


def _registry(name: str) -> str:
    """The registry files a name was looked up in, as a problem names them: ``features/cards.yaml`` for the kit's
    suite; a user suite's own file first (when it has one), then the kit's."""
    folders = _LINTED.get()
    if folders is None or folders.user is None:
        return f"features/{name}.yaml"
    files = folders.registry_files(f"{name}.yaml")
    own = [_show(path) for path in files[1:]]
    return " or ".join([*own, f"the kit's features/{name}.yaml"])


def _show(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(Path.cwd()))
    except ValueError:
        return str(path)
