"""``shinpan contract-test``: every rule of docs/contract.md has a probe, every deliberately wrong adapter is caught
with the rule it breaks, the kit's own adapters pass clean, and the schemas and the contract name each other."""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from shinpan.adapters import schemas
from shinpan.cli import main
from shinpan.contract_test import PROBES, contract_test, rules
from shinpan.explore import observations
from shinpan.paths import PROJECT_ROOT
from tests.contract_faults import EXPECTED

FAULTS = "py:tests.contract_faults:"


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_each_wrong_adapter_is_caught_with_the_rule_it_breaks(name: str) -> None:
    result = contract_test(FAULTS + name)
    assert EXPECTED[name] in result.broken_rules, (name, result.broken_rules)
    broken = next(f for f in result.broken if f.rule == EXPECTED[name])
    assert broken.wants and broken.request is not None  # what the rule wants, and the exchange that broke it


def test_there_are_at_least_fifteen_wrong_adapters_breaking_distinct_rules() -> None:
    assert len(set(EXPECTED.values())) >= 15


EXAMPLES = ["reference", f"cmd:{sys.executable} {PROJECT_ROOT / 'adapters/examples/python/adapter.py'}"]
if shutil.which("node"):
    EXAMPLES.append(f"cmd:node {PROJECT_ROOT / 'adapters/examples/node/adapter.js'}")


def test_a_batch_that_is_not_its_requests_alone_breaks_c_1_8() -> None:
    fake = f"cmd:{sys.executable} -m tests.fake_subprocess serve reference --batch"
    assert "C-1.8" not in contract_test(fake).broken_rules  # batches answered as the requests alone are
    result = contract_test(f"{fake} --batch-skips-setup")
    assert "C-1.8" in result.broken_rules, [(f.rule, f.wants) for f in result.broken]


@pytest.mark.parametrize("spec", EXAMPLES)
def test_the_kits_own_adapters_break_no_rule(spec: str) -> None:
    result = contract_test(spec)
    assert result.ok, [(f.rule, f.wants, f.answer) for f in result.broken]
    assert result.counts()["pass"] >= 30


def test_every_rule_has_a_probe_and_every_probe_a_rule() -> None:
    probed = {probe.rule for probe in PROBES}
    assert set(rules()) == probed
    assert len(rules()) >= 40


DIFFERENTIAL_FIELDS = {
    "turn": "common.json#turn", "place": "observation.json#player_view", "pile": "observation.json#object_view.cards",
    **{name: f"observation.json#object_view.{name}" for name in observations.OBJECT_FIELDS},
    "deck": "observation.json#player_view.deck", "tapped_mana": "observation.json#player_view.tapped_mana",
    "lost": "observation.json#player_view.lost", "waiting": "observation.json#waiting",
    "waiting.order": "observation.json#waiting", "events.order": "observation.json#events",
    **{f"events.{kind}": "observation.json#events" for kind in observations.EVENT_KINDS},
}
"""Each kind of fact the differential oracle compares (shinpan.explore.observations.ORDER), and its schema field."""


def test_every_field_the_differential_compares_is_governed_by_a_rule() -> None:
    assert set(observations.ORDER) == set(DIFFERENTIAL_FIELDS)  # a new kind of fact needs its field here
    governed = {field for rule in rules().values() for field in rule.governs}
    assert {field for field in DIFFERENTIAL_FIELDS.values()} <= governed
    event_fields = {f"observation.json#event.{name}" for name in ("from", "to", "player", "cause", "ability")}
    assert event_fields <= governed


def _node(reference: str) -> dict[str, object]:
    file, _, dotted = reference.partition("#")
    schema = schemas.load(file)
    first, *rest = dotted.split(".")
    node = schema.get("$defs", {}).get(first) or schema["properties"][first]
    for name in rest:
        holders = [node, *node.get("oneOf", [])]
        node = next(holder["properties"][name] for holder in holders if name in holder.get("properties", {}))
    return dict(node)


def test_each_governed_field_exists_and_its_description_names_the_rule() -> None:
    for rule in rules().values():
        assert rule.governs, f"{rule.id} names no schema field"
        for reference in rule.governs:
            description = str(_node(reference).get("description", ""))
            assert rule.id in description, f"{reference}: its description does not name {rule.id}"


def test_the_cli_prints_each_broken_rule_with_the_exchange_and_exits_1() -> None:
    result = CliRunner().invoke(main, ["contract-test", "--adapter", FAULTS + "MovesIntoSameZone"])
    assert result.exit_code == 1
    assert "BROKEN C-4.2 MUST" in result.output
    assert '"type": "move"' in result.output and "rejected to moving" in result.output


def test_the_cli_passes_the_reference_engine_and_writes_json() -> None:
    result = CliRunner().invoke(main, ["contract-test", "--adapter", "reference", "--format", "json"])
    assert result.exit_code == 0, result.output
    assert '"broken_rules": []' in result.output


def test_a_spec_that_names_no_adapter_is_bad_input() -> None:
    result = CliRunner().invoke(main, ["contract-test", "--adapter", "nope"])
    assert result.exit_code == 4
    assert "Traceback" not in result.output


@pytest.mark.parametrize("lang", ["python", "node"])
def test_a_new_adapter_project_runs_the_contract_test_first_and_passes_it(lang: str, tmp_path: Path) -> None:
    if lang == "node" and not shutil.which("node"):
        pytest.skip("no node on this machine")
    from shinpan.scaffold import LANGUAGES, new_adapter

    new_adapter(tmp_path / "mine", lang)
    readme = (tmp_path / "mine" / "README.md").read_text(encoding="utf-8")
    assert readme.index("shinpan contract-test") < readme.index("shinpan smoke") < readme.index("shinpan run")
    command = LANGUAGES[lang].command.replace("python ", f"{sys.executable} ", 1)
    with pytest.MonkeyPatch.context() as patch:
        patch.chdir(tmp_path / "mine")
        assert contract_test(f"cmd:{command}").ok


def test_shinpan_docs_prints_where_the_contract_is_and_the_contract_itself() -> None:
    where = CliRunner().invoke(main, ["docs"])
    assert where.exit_code == 0 and Path(where.output.splitlines()[1]).name == "contract.md"
    printed = CliRunner().invoke(main, ["docs", "--contract"])
    assert printed.exit_code == 0 and "### C-1.1 MUST" in printed.output and "### C-8.3 MUST" in printed.output


def test_an_adapter_that_writes_garbage_breaks_one_rule_with_no_traceback() -> None:
    garbage = f"cmd:{sys.executable} -c \"print('garbage')\""
    result = CliRunner().invoke(main, ["contract-test", "--adapter", garbage, "--timeout", "2"])
    assert result.exit_code == 1 and "BROKEN C-8.1" in result.output and "not JSON: 'garbage'" in result.output
    assert "Traceback" not in result.output
