"""The adapter self-test (契約検査): ``shinpan contract-test --adapter A``.

Short probes, one or more per rule of the written contract (``docs/contract.md``) that the adapter's declared
capabilities touch; each broken rule is reported by its ``C-`` number with the request, the answer and what the
rule wants. The public face is :func:`contract_test`, returning a :class:`ContractResult`::

    from shinpan.contract_test import contract_test
    result = contract_test("cmd:node adapter.js")
    if not result.ok:
        print(result.broken_rules)
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass
from typing import Any

from shinpan import __version__
from shinpan.adapters.contract import PROTOCOL_VERSION
from shinpan.adapters.registry import AdapterOptions, make_adapter
from shinpan.contract_test.probes import PROBES, Probe, checked
from shinpan.contract_test.rules import Rule, rules
from shinpan.contract_test.session import Broken, Session, Skip
from shinpan.errors import RulesetError
from shinpan.running.session import handshake_changes
from shinpan.running.states_played import default_state, refusal
from shinpan.suite import rulesets

__all__ = ["PROBES", "ContractResult", "Finding", "Probe", "Rule", "contract_test", "rules"]


@dataclass(frozen=True)
class Finding:
    """One probe's outcome: ``pass``, ``broken`` (``rule`` broken: ``wants`` says what it wants, ``request`` and
    ``answer`` are the exchange that broke it), ``skipped`` (the adapter answered unsupported) or ``untouched``
    (its declared capabilities do not reach the probe; ``detail`` says why)."""

    rule: str
    probe: str
    verdict: str
    detail: str = ""
    wants: str = ""
    request: Any = None
    answer: Any = None


@dataclass(frozen=True)
class ContractResult:
    """Every probe's finding against one adapter, and the rules state they played."""

    adapter: str
    engine: str
    rules_state: str
    findings: tuple[Finding, ...]
    note: str | None = None
    """Why the probes played the state they did, when it is not today's rules (the latest the engine declares)."""

    @property
    def broken(self) -> tuple[Finding, ...]:
        """The findings of broken rules, in the contract's order."""
        order = {rule: index for index, rule in enumerate(rules())}
        return tuple(sorted((f for f in self.findings if f.verdict == "broken"), key=lambda f: order.get(f.rule, 0)))

    @property
    def broken_rules(self) -> tuple[str, ...]:
        """The ids of the broken rules, each once, in the contract's order."""
        return tuple(dict.fromkeys(f.rule for f in self.broken))

    @property
    def ok(self) -> bool:
        """Whether no rule is broken."""
        return not self.broken

    def counts(self) -> dict[str, int]:
        """How many probes ended with each verdict."""
        counted: dict[str, int] = {}
        for finding in self.findings:
            counted[finding.verdict] = counted.get(finding.verdict, 0) + 1
        return counted

    def as_json(self) -> dict[str, Any]:
        """The result as one JSON document."""
        return {"adapter": self.adapter, "engine": self.engine, "rules_state": self.rules_state, "note": self.note,
                "ok": self.ok,
                "broken_rules": list(self.broken_rules), "counts": self.counts(),
                "findings": [vars(f) for f in self.findings]}


def contract_test(spec: str, *, timeout: float = 5.0, state: str | None = None) -> ContractResult:
    """Play every probe the adapter ``spec`` names is touched by. ``state`` names the rules state to play (default:
    the latest state the adapter declares it plays). A spec that names no adapter is bad input
    (:class:`~shinpan.adapters.errors.AdapterSpecError`), raised before any probe; so is a ``state`` the adapter
    does not play (:class:`~shinpan.errors.RulesetError`, after the handshake)."""
    options = AdapterOptions(timeout=timeout, startup_timeout=max(timeout, 30.0), validate=False, max_restarts=3)
    simulator = make_adapter(spec, options)
    changes = rulesets.load()
    session = Session(simulator, changes, changes.today())
    try:
        return _probed(spec, session, state)
    finally:  # whatever happened, nothing is left running (stop was probed last, when the probes got there)
        close = getattr(simulator, "close", None)
        with contextlib.suppress(Exception):
            if callable(close):
                close()


def _probed(spec: str, session: Session, state: str | None) -> ContractResult:
    changes, findings = session.changes, []
    session.rule = "C-1.1"
    try:
        session.hello = session.send({"cmd": "hello", "protocol": PROTOCOL_VERSION, "kit_version": __version__,
                                      "changes": handshake_changes(changes)})
        session.expect(session.hello["status"] == "ok", "ok to hello, with the protocol, engine and capabilities")
    except Broken as broken:
        findings.append(_broken("C-1.1", "the handshake", broken, session))
        return ContractResult(spec, "?", "?", tuple(findings))
    played = session.caps.get("rules")
    note = None
    if state:
        session.rules = changes.select(state)
        refused = refusal(changes, played, session.rules)
        if refused is not None:
            _stop(session)
            raise RulesetError(refused)
    else:
        session.rules, note = default_state(changes, played)
    handshake = session.last  # what a probe of the declared capabilities shows
    for probe in PROBES:
        findings.append(_play(probe, session, handshake))
    engine = session.hello.get("engine", {})
    return ContractResult(spec, f"{engine.get('name', '?')} {engine.get('version', '?')}", session.rules.label,
                          tuple(findings), note)


def _stop(session: Session) -> None:
    with contextlib.suppress(Exception):  # refusing the state is what is reported
        session.simulator.stop({"cmd": "stop"})


def _play(probe: Probe, session: Session, handshake: tuple[dict[str, Any], Any] | None) -> Finding:
    why = probe.untouched(session)
    if why is not None:
        return Finding(probe.rule, probe.name, "untouched", why)
    session.rule, session.last = probe.rule, handshake
    try:
        checked(session, probe.run)
    except Broken as broken:
        return _broken(probe.rule, probe.name, broken, session)
    except Skip as skip:
        return Finding(probe.rule, probe.name, "skipped", str(skip))
    return Finding(probe.rule, probe.name, "pass")


def _broken(rule: str, name: str, broken: Broken, session: Session) -> Finding:
    request, answer = session.last or (None, None)
    return Finding(broken.rule, name, "broken", f"probe of {rule}" if broken.rule != rule else "", broken.wants,
                   request, answer)
