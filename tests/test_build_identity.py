"""The handshake carries the engine's build (where its code was loaded from, a digest of that code), and run, explore
and compare say at the top when the adapter under test is the kit's reference engine's very build: nothing is being
compared (a modified engine served from inside a checkout was silently the reference engine itself)."""

from __future__ import annotations

import json
import sys
from pathlib import Path

from click.testing import CliRunner

from shinpan.adapters import build
from shinpan.adapters.registry import AdapterOptions, make_adapter
from shinpan.cli import main
from shinpan.paths import PROJECT_ROOT
from shinpan.running.session import AdapterSession

ITSELF = "py:shinpan.adapters.reference:ReferenceSimulator"
SERVED = f"cmd:{sys.executable} -m shinpan serve-reference"
PLANTED = "py:tests.planted_bugs:untap_both_players"
NOTICE = "the very same build"
ONE = str(PROJECT_ROOT / "features" / "basics" / "召喚酔い.feature")


def _engine(spec: str) -> dict[str, object]:
    session = AdapterSession(make_adapter(spec, AdapterOptions(timeout=20)), spec, validate=True)
    try:
        return dict(session.hello["engine"])
    finally:
        session.stop()


def test_the_reference_engine_says_its_build_and_another_engine_does_not() -> None:
    from shinpan import reference_engine

    said = _engine("reference")
    assert said["build"] == build.reference()
    assert build.reference()["location"] == str(Path(reference_engine.__file__).resolve().parent)
    assert build.reference()["hash"].startswith("sha256:")
    assert "build" not in _engine(PLANTED)  # a changed engine (a subclass) is not the reference's build
    assert _engine(SERVED)["build"] == build.reference()  # served as a subprocess from this checkout: the same


def test_a_change_to_the_engine_changes_its_hash(tmp_path: Path) -> None:
    source = tmp_path / "engine"
    source.mkdir()
    (source / "a.py").write_text("x = 1\n", encoding="utf-8")
    before = build.of_files(source, [source / "a.py"])
    (source / "a.py").write_text("x = 2\n", encoding="utf-8")
    assert build.of_files(source, [source / "a.py"])["hash"] != before["hash"]


def test_explore_says_first_when_the_adapter_is_the_reference_engine_itself() -> None:
    args = ["explore", "--examples", "3", "--property", "seals", "--adapter"]
    itself = CliRunner().invoke(main, [*args, ITSELF])
    assert itself.exit_code == 0 and itself.output.splitlines()[0].startswith("note:"), itself.output
    assert NOTICE in itself.output.splitlines()[0]
    for other in ("reference", PLANTED):
        assert NOTICE not in CliRunner().invoke(main, [*args, other]).output


def test_run_and_compare_say_so_and_the_report_keeps_it(tmp_path: Path) -> None:
    itself, planted = tmp_path / "itself.jsonl", tmp_path / "planted.jsonl"
    ran = CliRunner().invoke(main, ["run", "--adapter", ITSELF, "--report", str(itself), ONE])
    assert ran.exit_code == 0 and NOTICE in ran.output, ran.output
    other = CliRunner().invoke(main, ["run", "--adapter", PLANTED, "--report", str(planted), ONE])
    assert NOTICE not in other.output
    header = json.loads(itself.read_text(encoding="utf-8").splitlines()[0])
    assert header["adapter"]["reference_build"] is True and header["adapter"]["build"] == build.reference()
    compared = CliRunner().invoke(main, ["compare", str(itself), str(planted)])
    assert compared.exit_code == 0
    assert [line for line in compared.stderr.splitlines() if NOTICE.split()[-1] in line and "itself" in line]
    assert "planted.jsonl" not in compared.stderr
