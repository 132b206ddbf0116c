"""Write the site: every page from a Jinja2 template (package data), the stylesheet, the script and the
search index. Links between pages are relative, so the site opens from ``file://`` and any static host.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Callable, Sequence
from importlib import resources
from pathlib import Path
from typing import Any

from jinja2 import Environment, PackageLoader, StrictUndefined, select_autoescape

from shinpan import __version__, catalogue
from shinpan.running import table as tables
from shinpan.site import agreement, certified, explored, history, provenance, transcripts
from shinpan.site.model import KEYWORD_KINDS, Site, card_anchor, rule_key, scenario_url, severity, topic_url
from shinpan.suite import rulesets

STATUS_LABELS = {
    "PASS": "合格", "FAIL": "不合格", "UNSUPPORTED": "未対応", "UNOBSERVABLE": "観測不可",
    "SCRIPT_MISMATCH": "手順の不一致", "ERROR": "エラー", "CRASH": "異常終了", "TIMEOUT": "時間切れ",
    "XFAIL": "既知の不合格", "XPASS": "想定外の合格", "NOT_APPLICABLE": "対象外", "UNRESOLVED": "未解決",
    "NO_RESULT": "結果なし",
}
"""Japanese names of the statuses (the codes stay visible: they are what reports and the CLI print)."""
STATIC = ("site.css", "site.js")
VERDICTS = {"held": "成立", "counterexamples": "反例あり", "not run": "未実施"}
"""Japanese names of an oracle's verdicts on the properties pages."""
CARD_FIELDS = (("reading", "読み"), ("type", "種類"), ("civilizations", "文明"), ("cost", "コスト"),
               ("power", "パワー"), ("races", "種族"), ("purpose", "用途"), ("verification", "確認"),
               ("sources", "出典"))
"""Card facts the cards page shows, with their Japanese labels."""
STEP_KINDS = {"given": "前提(はじめの状態)", "when": "もし(行動と選択)", "then": "ならば(確かめること)"}
"""The sections of the steps page, one per kind of step."""
SENT_LABELS = {"setup": "この手順のあとのはじめの状態(最初の行動の前に setup として送られます):",
               "sends": "送るメッセージ:", "choices": "選択を台本に加えます。次の行動といっしょに送られます:",
               "nothing": "メッセージは送りません。", "error": "用例を翻訳できませんでした:"}
"""How the steps page introduces what an example sends (:class:`shinpan.catalogue.Sent`)."""


def environment() -> Environment:
    """The Jinja2 environment over ``shinpan/site/templates`` (autoescaped, undefined names are errors)."""
    env = Environment(loader=PackageLoader("shinpan.site", "templates"), autoescape=select_autoescape(["html"]),
                      undefined=StrictUndefined, trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True)
    env.globals.update(scenario_url=scenario_url, topic_url=topic_url, card_anchor=card_anchor, labels=STATUS_LABELS,
                       kinds=KEYWORD_KINDS, version=__version__)
    sources = provenance.sources()
    env.globals.update(attributes=tables.ATTRIBUTES, card_fields=CARD_FIELDS)
    env.filters.update(
        when=history.when,
        percent=lambda value: "—" if value is None else f"{100 * value:.1f}%",
        source_anchor=provenance.source_anchor,
        source_title=lambda source: sources.title(source) or source,
        source_info=sources.info,
        rule_title=provenance.rule_title,
        card_value=provenance.describe,
        as_json=lambda value: json.dumps(value, ensure_ascii=False, indent=1),
        by_severity=lambda counts: sorted(counts.items(), key=lambda item: severity(item[0])),
        status_of=lambda engine, site, scenario: site.status(engine, scenario),
        disagreement=agreement.kind,
    )
    env.globals.update(failed_steps=agreement.failed_steps)
    return env


def _property_pages(page: Callable[..., None], shown_rules: set[str],
                    explorations: Sequence[explored.Explored]) -> None:
    """The 性質 page and one page per oracle of ``shinpan explore``, with the explorations' verdicts."""
    oracles = explored.oracles()
    page("properties.html", "properties.html", oracles=oracles, explorations=explorations, verdicts=VERDICTS,
         shown_rules=shown_rules)
    for oracle in oracles:
        page(oracle.url, "property.html", oracle=oracle, explorations=explorations, verdicts=VERDICTS,
             shown_rules=shown_rules)


def write(site: Site, out: Path, explorations: Sequence[explored.Explored] = (),
          certifications: Sequence[certified.Certification] = ()) -> list[Path]:
    """Write every page of ``site`` under ``out`` (a fresh folder: :func:`shinpan.site.build` moves them into
    place), with the explorations' pages and the certified engines' pages; return the files written."""
    env = environment()
    env.globals.update(certified=tuple(certifications), answer=certified.answer)
    written: list[Path] = []

    def page(name: str, template: str, **context: Any) -> None:
        target = out / name
        target.parent.mkdir(parents=True, exist_ok=True)
        root = "../" * name.count("/")
        html = env.get_template(template).render(site=site, root=root, **context)
        target.write_text(html, encoding="utf-8")
        written.append(target)

    traced = transcripts.copy(site, out)
    changes = site.changes
    windows = [(s.id, s.since, s.until) for s in site.scenarios.values()]
    changed = {c.id: [site.scenarios[i] for i in history.changed_by(c.id, windows)] for c in changes}
    totals = _topic_totals(site)
    latest = max(changes, key=lambda c: (c.latest or history.first_day(c) or site.built,
                                         history.first_day(c) or site.built))
    page("index.html", "home.html", changed=changed, totals=totals, latest=latest)
    for topic in site.topics:
        page(topic.url, "topic.html", topic=topic)
    for scenario in site.scenarios.values():
        timeline = history.timeline(changes, scenario.since, scenario.until, site.built)
        page(scenario.url, "scenario.html", scenario=scenario, timeline=timeline, transcripts=traced)
    if site.grid:
        page("carry-over.html", "grid.html")
    page("revisions.html", "revisions.html", changed=changed)
    by_scenario, by_property = site.cited_rules(), explored.cited_rules()
    cited_rules = {number: by_scenario.get(number, [])
                   for number in sorted({*by_scenario, *by_property}, key=rule_key)}
    page("rules.html", "rules.html", rules=cited_rules, by_property=by_property)
    cited = site.cited_sources()
    by_change: dict[str, list[rulesets.Change]] = {}
    for change in changes:
        for source in change.sources:
            by_change.setdefault(source, []).append(change)
    page("sources.html", "sources.html", sources=cited, by_change=by_change,
         all_sources=sorted(set(cited) | set(by_change)))
    page("cards.html", "cards.html", uses=site.card_uses())
    page("engines.html", "engines.html", totals=totals, agreement=agreement.agreement(site),
         mechanics=agreement.mechanics(site))
    page("steps.html", "steps.html", phrases=catalogue.catalogue(), step_kinds=STEP_KINDS, sent_labels=SENT_LABELS)
    page("search.html", "search.html")
    _property_pages(page, set(cited_rules), explorations)
    if certifications:
        page("certifications.html", "certifications.html", kind=certified.kind, verdicts=VERDICTS)
        for certification in certifications:
            page(certification.url, "certification.html", cert=certification, verdicts=VERDICTS,
                 oracles=explored.oracles())
    static = out / "static"
    static.mkdir(parents=True, exist_ok=True)
    for name in STATIC:
        asset = resources.files("shinpan.site").joinpath("static", name)
        (static / name).write_bytes(asset.read_bytes())
        written.append(static / name)
    index = out / "search-index.js"
    index.write_text("window.SHINPAN_INDEX = " + json.dumps(_search_index(site), ensure_ascii=False) + ";\n",
                     encoding="utf-8")
    written.append(index)
    return written


def _topic_totals(site: Site) -> dict[str, dict[str, Counter[str]]]:
    """Topic -> engine key -> scenarios per status (worst status over each scenario's cases)."""
    return {topic.key: {engine.key: Counter(site.status(engine, s) for s in topic.scenarios)
                        for engine in site.engines} for topic in site.topics}


def _search_index(site: Site) -> list[dict[str, Any]]:
    """One entry per scenario: what client-side search matches (id, name, steps, rules, cards, statuses)."""
    entries = []
    for scenario in site.scenarios.values():
        steps = " ".join(f"{step.keyword} " + "".join(p.text for p in step.pieces)
                         for step in scenario.cases[0].steps)
        entries.append({
            "id": scenario.id, "url": scenario.url, "name": scenario.name, "topic": scenario.topic,
            "steps": steps, "rules": list(scenario.rules), "cards": list(scenario.cards),
            "statuses": {engine.label: site.status(engine, scenario) for engine in site.engines},
        })
    return entries
