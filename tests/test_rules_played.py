"""Which rules an engine plays (issue 23.2): the capability ``rules``, the matrix leaving out the states an engine
does not play, and coverage over those it plays."""

from __future__ import annotations

import datetime as dt
import json
import subprocess
import sys
from pathlib import Path

from shinpan.adapters.sdk import RulesPlayed
from shinpan.paths import PROJECT_ROOT
from shinpan.suite import rulesets
from tests.conftest import SuiteRunner

CURRENT_ONLY = "py:tests.fake_adapters:CurrentRulesOnly"


def test_a_state_is_played_when_any_form_of_the_capability_says_so() -> None:
    changes = rulesets.load()
    today, old = changes.today(), changes.before("2021-03-16")
    assert changes.plays(None, old) and changes.plays(None, today)
    assert changes.plays({"current": True}, today) and not changes.plays({"current": True}, old)
    assert changes.plays({"current": True}, changes.after("2025-12-17"))  # the same standings as today's
    assert changes.plays({"from": "2021-03-16"}, changes.after("2021-03-16"))
    assert not changes.plays({"from": "2021-03-16"}, old)  # its day is 2021-03-15
    assert changes.plays({"until": "2021-03-15"}, old) and not changes.plays({"until": "2021-03-15"}, today)
    assert changes.plays({"states": ["before:2021-03-16"]}, old)
    assert changes.plays({"states": ["2021-03-15"]}, old)  # a day with the same standings
    assert not changes.plays({"states": ["no-such-change"]}, old)


def test_an_engine_older_than_every_change_plays_the_state_before_them_all() -> None:
    """shobu plays the English rules of 2004-06 ({"until": "2006-12-31"}): the matrix's earliest state (just before
    a change known only by a range, so with no day of its own) is the rules of 2006-12-31, so it is played (it was
    not: the matrix played nothing), and a run with no state named plays 2006-12-31, not a day after the range."""
    changes = rulesets.load()
    era = {"until": "2006-12-31"}
    earliest = changes.states()[0]
    assert earliest.day is None and earliest.label.startswith("before:")
    assert changes.plays(era, earliest)
    assert [s for s in changes.states() if changes.plays(era, s)] == [earliest]
    assert changes.latest_played(era).label == "2006-12-31"
    assert not changes.plays({"until": "2021-03-15"}, changes.after("2021-03-16"))


def test_the_sdk_writes_the_capability() -> None:
    assert RulesPlayed.every_state().capability() is None
    assert RulesPlayed.current_only().capability() == {"current": True}
    assert RulesPlayed.between(dt.date(2021, 3, 16)).capability() == {"from": "2021-03-16"}
    assert RulesPlayed.named("before:2021-03-16").capability() == {"states": ["before:2021-03-16"]}
    assert RulesPlayed.current_only().changes([{"id": "x", "title": "x"}]) == []


def test_the_matrix_leaves_out_the_states_an_engine_does_not_play(tmp_path: Path) -> None:
    report = tmp_path / "matrix.jsonl"
    done = subprocess.run([sys.executable, "-m", "shinpan", "matrix", "--adapter", CURRENT_ONLY, "--format", "json",
                           "--report", str(report)], capture_output=True, text=True, timeout=900, cwd=PROJECT_ROOT,
                          check=False)
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    result = json.loads(done.stdout)
    changes = rulesets.load()
    every = [state.label for state in changes.states()]
    played = [row["ruleset"] for row in result["rulesets"]]
    assert played == [label for label in every if changes.named(label).standings == changes.today().standings]
    assert result["not_played"] == [label for label in every if label not in played] and len(result["not_played"]) > 10
    totals = result["rulesets"][0]["totals"]
    assert "UNSUPPORTED" not in totals and totals["PASS"] >= 250  # @since scenarios run: the state is played whole
    header = json.loads(report.read_text(encoding="utf-8").splitlines()[0])
    assert header["states"] == played and header["not_played"] == result["not_played"]


def test_a_run_of_a_state_the_engine_does_not_play_says_so(run_suite: SuiteRunner, tmp_path: Path) -> None:
    result = run_suite(f"--adapter={CURRENT_ONLY}", "--ruleset=before:2021-03-16", "--tags=@topic:basics",
                       tmp=tmp_path)
    statuses = set(result.statuses().values())
    assert statuses <= {"UNSUPPORTED", "NOT_APPLICABLE", "UNRESOLVED"} and "UNSUPPORTED" in statuses
    line = next(x for x in result.cases() if x["status"] == "UNSUPPORTED")
    assert line["message"] == 'the adapter does not play the rules of before:2021-03-16 (capabilities.rules: ' \
                              '{"current": true})'
    today = run_suite(f"--adapter={CURRENT_ONLY}", "--tags=@topic:basics", tmp=tmp_path)
    assert "UNSUPPORTED" not in today.statuses().values() and today.returncode == 0, today.output
