"""User suites (issue 23.4): a folder of one's own feature files with its own cards, sources and rules runs, lints,
lists and builds a site, its registries laid over the kit's; no card name, source id, rule number or scenario id may
be the kit's, and a clash is named by file and line — from the installed wheel, with no checkout."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from shinpan import paths
from shinpan.adapters import cards
from shinpan.adapters.errors import SuiteError
from shinpan.adapters.locations import SuiteFolders, current, features_dir, use_user_suite
from shinpan.reports import report
from shinpan.suite import rules, rulesets, sources
from shinpan.suite import scenarios as suite
from shinpan.suite.lint import lint
from tests import user_suite
from tests.installed_kit import Installed


@pytest.fixture
def mine(tmp_path: Path) -> Path:
    return user_suite.write(tmp_path / "my-suite")


@pytest.fixture
def using(mine: Path, monkeypatch: pytest.MonkeyPatch) -> SuiteFolders:
    """The user suite as the suite being run (as --suite sets it), undone after the test."""
    monkeypatch.setenv("SHINPAN_SUITE", "")
    folders = use_user_suite(mine)
    assert current() == folders == SuiteFolders(features_dir(), mine)
    return folders


def test_the_registries_are_laid_over_the_kits(using: SuiteFolders) -> None:
    registry = cards.load()
    assert user_suite.CARD in registry and "テスト用クリーチャーA" in registry
    assert registry.get(user_suite.CARD).path == using.own / "cards.yaml"
    assert sources.load().title(user_suite.SOURCE) == "審判の覚え書き" and "seed003" in sources.load()
    assert rules.load().get(user_suite.RULE) is not None and rules.load().get("301.5") is not None
    assert rulesets.load().ids == rulesets.load(features_dir() / "rulesets.yaml").ids  # the kit's changes
    assert [case.id for case in suite.cases()] == [user_suite.SCENARIO]
    assert paths.relative(using.own / "mine" / "速攻.feature") == "my-suite/mine/速攻.feature"
    assert paths.relative(features_dir() / "basics") == "features/basics"
    assert report.suite_hash() != report.suite_hash(SuiteFolders(features_dir()))


def test_without_a_user_suite_the_kit_reads_its_own(mine: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SHINPAN_SUITE", raising=False)
    assert user_suite.CARD not in cards.load() and user_suite.SOURCE not in sources.load()
    assert user_suite.CARD in cards.load(SuiteFolders(features_dir(), mine))


def test_a_user_suite_is_lint_clean_and_lints_only_its_own_files(using: SuiteFolders) -> None:
    assert lint() == []
    (using.own / "mine" / "速攻.feature").write_text(user_suite.FEATURE.replace("@topic:mine", "@topic:other"),
                                                     encoding="utf-8")
    assert [(Path(p.path).name, p.line, p.message) for p in lint()] == [
        ("速攻.feature", 3, "@topic:other does not match the folder 'mine'")]


@pytest.mark.parametrize(("name", "entry", "message"), [
    ("cards.yaml", "  - name: テスト用クリーチャーA\n    kind: test\n    type: クリーチャー\n    text: []\n    abilities: []\n",
     "card 《テスト用クリーチャーA》 is already given at features/cards.yaml:{kit}"),
    ("sources.yaml", "  - id: seed003\n    title: again\n", "source seed003 is already given at features/sources.yaml:{kit}"),
    ("rules.yaml", '  - number: "301.5"\n    title: again\n    versions: [{from: null, until: null, meaning: m}]\n',
     "rule 301.5 is already given at features/rules.yaml:{kit}"),
])
def test_an_id_of_the_kits_registry_is_a_clash_at_its_file_and_line(using: SuiteFolders, name: str, entry: str,
                                                                    message: str) -> None:
    path = using.own / name
    path.write_text(path.read_text(encoding="utf-8") + entry, encoding="utf-8")
    line = len(path.read_text(encoding="utf-8").splitlines()) - entry.count("\n") + 1
    kit = user_suite.line_of(features_dir() / name, entry.splitlines()[0].strip())
    expected = message.format(kit=kit)
    found = [(Path(p.path).name, p.line, p.message) for p in lint()]
    assert found == [(name, line, expected)]
    with pytest.raises(SuiteError) as error:
        {"cards.yaml": cards.load, "sources.yaml": sources.load, "rules.yaml": rules.load}[name]()
    assert str(error.value) == f"{path}:{line}: {expected}"


def test_a_scenario_id_of_the_kit_is_a_clash_at_its_file_and_line(using: SuiteFolders) -> None:
    kit_case = next(case for case in suite.cases(features_dir()) if case.id == "basics-sick-001")
    feature = using.own / "mine" / "速攻.feature"
    feature.write_text(user_suite.FEATURE.replace(user_suite.SCENARIO, kit_case.id), encoding="utf-8")
    assert [(Path(p.path).name, p.line, p.message) for p in lint()] == [
        ("速攻.feature", 6, f"@id basics-sick-001 is already used at {paths.relative(kit_case.path)}:{kit_case.line}")]


def test_a_user_suite_has_no_changes_of_its_own(using: SuiteFolders) -> None:
    shutil.copy(features_dir() / "rulesets.yaml", using.own / "rulesets.yaml")
    with pytest.raises(SuiteError, match="a user suite uses the kit's changes of the rules"):
        rulesets.load()
    assert [(Path(p.path).name, p.line) for p in lint()] == [("rulesets.yaml", 1)]


@pytest.mark.parametrize("where", ["nowhere", "kit", "around the kit"])
def test_a_user_suite_must_be_a_folder_of_its_own(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                  where: str) -> None:
    monkeypatch.setenv("SHINPAN_SUITE", "")
    folder = {"nowhere": tmp_path / "nowhere", "kit": features_dir() / "basics",
              "around the kit": features_dir().parent}[where]
    with pytest.raises(SuiteError):
        use_user_suite(folder)
    assert os.environ["SHINPAN_SUITE"] == ""


# ---------------------------------------------------------------- from the installed wheel, with no checkout
def _shinpan(installed: Installed, *args: str) -> tuple[int, str, str]:
    done = installed.run("shinpan", *args, check=False)
    assert "Traceback" not in done.stderr + done.stdout, done.stderr
    return done.returncode, done.stdout, done.stderr


def test_the_installed_kit_runs_lints_lists_and_builds_a_site_of_a_user_suite(installed: Installed) -> None:
    folder = user_suite.write(installed.empty.parent / "user-suite" / "my-suite")
    suite_option = f"--suite={folder}"
    code, out, _ = _shinpan(installed, "lint", suite_option)
    assert (code, out.strip()) == (0, "1 feature file(s): no problems")

    code, out, _ = _shinpan(installed, "list", "--json", suite_option)
    [listed] = [json.loads(line) for line in out.splitlines()]
    assert (code, listed["id"], listed["feature"]) == (0, user_suite.SCENARIO, "my-suite/mine/速攻.feature")
    assert listed["source_titles"] == ["審判の覚え書き"]

    for adapter in ("reference", "cmd:python -m shinpan serve-reference"):  # the server process reads the suite too
        code, out, err = _shinpan(installed, "run", suite_option, f"--adapter={adapter}", "--report=user.jsonl")
        lines = [json.loads(line) for line in (installed.empty / "user.jsonl").read_text().splitlines()]
        assert code == 0, out + err
        assert [(line["id"], line["status"]) for line in lines if line["type"] == "case"] == [
            (user_suite.SCENARIO, "PASS")]

    code, out, err = _shinpan(installed, "site", suite_option, "--run", "--out=user-site")
    assert code == 0, out + err
    site = installed.empty / "user-site"
    page = (site / "scenarios" / f"{user_suite.SCENARIO}.html").read_text(encoding="utf-8")
    assert user_suite.CARD in page and "審判の覚え書き" in (site / "sources.html").read_text(encoding="utf-8")
    assert not (site / "carry-over.html").exists()  # the kit's grid is not this suite's
    assert [p.name for p in (site / "scenarios").iterdir()] == [f"{user_suite.SCENARIO}.html"]
    assert _broken_links(site) == []  # nothing links to the kit's scenarios, which this site does not hold


def _broken_links(site: Path) -> list[str]:
    from urllib.parse import urlsplit

    from tests.test_site_links import Page, _target

    broken = []
    for page in site.rglob("*.html"):
        parsed = Page()
        parsed.feed(page.read_text(encoding="utf-8"))
        for link in parsed.links:
            if not urlsplit(link).scheme and not _target(page, link)[0].exists():
                broken.append(f"{page.name}: {link}")
    return broken


def test_the_installed_kit_names_a_clash_with_its_file_and_line(installed: Installed) -> None:
    folder = user_suite.write(installed.empty.parent / "clashing-suite" / "my-suite")
    registry = folder / "cards.yaml"
    registry.write_text(user_suite.CARDS.replace(user_suite.CARD, "テスト用クリーチャーA"), encoding="utf-8")
    feature = folder / "mine" / "速攻.feature"
    feature.write_text(user_suite.FEATURE.replace(user_suite.CARD, "テスト用クリーチャーA"), encoding="utf-8")
    clash = f"{registry}:2: card 《テスト用クリーチャーA》 is already given at features/cards.yaml:"
    code, out, _ = _shinpan(installed, "lint", f"--suite={folder}")
    assert code == 1 and out.startswith(clash), out
    code, _, err = _shinpan(installed, "run", f"--suite={folder}")
    assert code == 4 and err.strip().startswith(f"ERROR: {clash}"), err


def test_plain_pytest_runs_a_user_suite_with_the_suite_option(pytester: pytest.Pytester, mine: Path,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SHINPAN_SUITE", "")  # the option sets it for the run's processes: undone after the test
    report = pytester.path / "report.jsonl"
    done = pytester.runpytest_inprocess("-p", "shinpan.pytest_plugin", "-p", "no:cacheprovider", "--suite", str(mine),
                                        f"--report={report}", "-q", str(mine))
    assert done.ret == 0, "\n".join(done.outlines + done.errlines)
    lines = [json.loads(line) for line in report.read_text(encoding="utf-8").splitlines()]
    assert [(line["id"], line["status"]) for line in lines if line["type"] == "case"] == [(user_suite.SCENARIO, "PASS")]
    missing = pytester.runpytest_inprocess("-p", "shinpan.pytest_plugin", "--suite", str(mine / "nowhere"), str(mine))
    assert missing.ret == pytest.ExitCode.USAGE_ERROR
    assert any("--suite" in line and "nowhere" in line for line in missing.errlines)
