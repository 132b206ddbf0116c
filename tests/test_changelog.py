"""CHANGELOG.md lists every protocol's changes; the SDK answers with the protocol the adapter was written for, and a
handshake refused for another protocol names the changelog entries to read (issue 34.6)."""

from __future__ import annotations

import re
from typing import Any, ClassVar

import pytest

from shinpan.adapters.contract import PROTOCOL_VERSION, EngineInfo, changelog_entries
from shinpan.adapters.errors import AdapterError
from shinpan.adapters.locations import docs_dir
from shinpan.adapters.sdk import Action, EngineAdapter, LabelMap, ObservationBuilder, ScriptedChoices, Setup, Turn
from shinpan.adapters.server import handle
from shinpan.paths import PROJECT_ROOT
from shinpan.running.session import AdapterSession

CHANGELOG = (PROJECT_ROOT / "docs" / "CHANGELOG.md").read_text(encoding="utf-8")


def test_the_changelog_has_an_entry_for_every_protocol_and_the_kit_ships_it() -> None:
    headings = re.findall(r"^## Protocol (\d+)$", CHANGELOG, re.MULTILINE)
    assert sorted(map(int, headings)) == list(range(1, PROTOCOL_VERSION + 1))
    assert CHANGELOG.startswith("# Changelog") and "## [Unreleased]" in CHANGELOG  # Keep a Changelog's form
    assert (docs_dir() / "CHANGELOG.md").read_text(encoding="utf-8") == CHANGELOG  # docs/ as the kit ships it


def test_protocol_3s_entry_lists_its_changes() -> None:
    entry = CHANGELOG.split("## Protocol 3")[1].split("## Protocol 2")[0]
    for change in ("choice_needed", "setup.waiting", "capabilities.rules", "choice_kind", "one legal answer"):
        assert change in entry


class Unsaid(EngineAdapter[str]):
    """An SDK adapter that does not say which protocol it was written for."""

    ENGINE: ClassVar[EngineInfo] = {"name": "unsaid", "version": "1"}

    def start(self, setup: Setup) -> LabelMap[str]:
        return LabelMap()

    def perform(self, action: Action, choices: ScriptedChoices[str]) -> None:
        choices.finish()

    def look(self, view: ObservationBuilder) -> Turn:
        return Turn(1, "me")


class WrittenForTwo(Unsaid):
    PROTOCOL = 2


def _hello(protocol: int = PROTOCOL_VERSION) -> dict[str, Any]:
    return {"cmd": "hello", "protocol": protocol, "kit_version": "x", "changes": []}


def test_an_sdk_adapter_that_does_not_say_its_protocol_is_told_to() -> None:
    answer: dict[str, Any] = dict(Unsaid().hello(_hello()))  # type: ignore[arg-type]
    assert answer["status"] == "error" and "set PROTOCOL" in answer["message"]


def test_an_sdk_adapter_answers_with_its_own_protocol_and_refuses_the_kits_naming_the_entries() -> None:
    answer: dict[str, Any] = dict(WrittenForTwo().hello(_hello()))  # type: ignore[arg-type]
    assert answer["status"] == "error"
    assert "written for protocol 2: read CHANGELOG.md, 'Protocol 3'" in answer["message"]
    assert f"'Protocol {PROTOCOL_VERSION}'" in answer["message"]
    served = handle(WrittenForTwo(), '{"cmd": "hello", "protocol": 2, "kit_version": "x", "changes": []}')
    assert served["status"] == "ok" and served["protocol"] == 2  # the server compares with the adapter's


def test_the_kit_refuses_an_adapter_of_another_protocol_naming_the_changelog_entry() -> None:
    class Old:
        def hello(self, request: Any) -> dict[str, Any]:
            return {"status": "ok", "protocol": PROTOCOL_VERSION - 1, "engine": {"name": "o", "version": "1"},
                    "capabilities": {"changes": [], "cards": [], "mechanics": [], "observables": []}}

    with pytest.raises(AdapterError) as raised:
        AdapterSession(Old(), "old")  # type: ignore[arg-type]
    assert f"read CHANGELOG.md, 'Protocol {PROTOCOL_VERSION}'" in str(raised.value)
    assert "install a kit speaking protocol 9" in changelog_entries(9)
