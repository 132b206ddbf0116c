"""What pytest prints for the suite: the run's line in the header, each status's letter and word as tests end,
and the summary (per topic and status, or the matrix) at the end."""

from __future__ import annotations

import shlex
import textwrap
from typing import Any

import pytest

from shinpan import paths
from shinpan.outputs import printable, widths
from shinpan.reports import matrix
from shinpan.reports.outcomes import Status
from shinpan.reports.summary import render_summary
from shinpan.running.plugin.reporting import given_up
from shinpan.running.plugin.run import RUN_KEY

LETTERS = {Status.UNSUPPORTED: "U", Status.UNOBSERVABLE: "O", Status.SCRIPT_MISMATCH: "M", Status.ERROR: "E",
           Status.NOT_APPLICABLE: "n", Status.UNRESOLVED: "?", Status.CRASH: "C", Status.TIMEOUT: "T"}
"""The letter of each status pytest has no word for (PASS and FAIL are pytest's own)."""


@pytest.hookimpl(trylast=True)
def pytest_configure(config: pytest.Config) -> None:
    """Test paths as the kit's other outputs show them, relative to the suite's folder (``features/basics/…``),
    not to the current folder — from which an installed kit's would walk into site-packages. ``shinpan run`` takes
    such a path back from any folder."""
    if config.rootpath != paths.suite_root():  # a suite of another folder (the kit's own tests): pytest's way
        return
    config.cwd_relative_nodeid = _as_given  # type: ignore[method-assign]
    reporter = config.pluginmanager.get_plugin("terminalreporter")
    if reporter is not None:
        reporter.startpath = config.rootpath


def _as_given(nodeid: Any) -> Any:
    return nodeid


def pytest_report_header(config: pytest.Config) -> list[str]:
    context = config.stash[RUN_KEY]
    if context.is_matrix:
        return [f"shinpan: adapter {context.adapter}, the matrix: {len(context.states)} states "
                f"({', '.join(state.label for state in context.states)})"]
    return [f"shinpan: adapter {context.adapter}, {context.state.describe()}"]


def pytest_report_teststatus(report: pytest.TestReport, config: pytest.Config) -> tuple[str, str, str] | None:
    value = dict(getattr(report, "user_properties", ())).get("shinpan_status")
    status = Status(str(value)) if value is not None else None
    if status is not None and status in LETTERS:
        category = "failed" if report.failed else "skipped"
        return category, LETTERS[status], status.value
    if status == Status.XFAIL:
        return "xfailed", "x", "XFAIL"
    if status == Status.XPASS:
        return ("failed" if report.failed else "xpassed"), "X", "XPASS"
    return None


def pytest_terminal_summary(terminalreporter: Any, exitstatus: int, config: pytest.Config) -> None:
    context = config.stash.get(RUN_KEY, None)
    if context is None or not context.results:
        return
    writer = config.get_terminal_writer()  # the summary fits a terminal; in a file or a CI log, tables are whole
    width = widths.table_width(getattr(writer, "_file", None), writer.fullwidth)
    failure = context.handshake_failure()
    if failure is not None:
        lines = handshake_block(context.adapter, failure.message)
    elif context.is_matrix:
        ordered = context.sorted_results()
        table = matrix.annotate(matrix.rows([state.label for state in context.states],
                                            [(s, r.status.value) for _, s, r in ordered]), context.changes)
        lines = [f"shinpan — the matrix: {len(context.states)} states × {len({c for c, _, _ in ordered})} scenarios",
                 *matrix.render(table, width), f"adapter: {context.adapter} ({context.engine()})"]
        if context.not_played:
            lines.append(f"not played, as the adapter says (capabilities.rules): {len(context.not_played)} state(s), "
                         f"{', '.join(context.not_played)}; coverage counts the {len(context.states)} it plays")
    else:
        lines = render_summary({case_id: result for case_id, _, result in context.sorted_results()},
                               context.state, context.adapter, context.engine(), width)
        lines += textwrap.wrap(f"this is the suite alone, in one state of the rules: shinpan certify --adapter "
                               f"{shlex.quote(context.adapter)} adds every state, an exploration and the self-test",
                               width, subsequent_indent="  ", break_on_hyphens=False)
    lost = given_up(context.sorted_results())
    if lost:
        lines.append(f"the adapter was given up under {', '.join(lost)}: it crashed or hung more than "
                     f"--max-restarts {context.options.max_restarts} times there, and the scenarios after that under "
                     "it are CRASH without being played")
    lines += [f"WARNING: {warning}" for warning in context.warnings()]
    notice = context.lifecycle.notice() if failure is None else None
    if notice is not None:  # nothing was compared: said first
        lines.insert(0, notice)
    for line in lines:  # the engine's name is the adapter's: its control characters are shown escaped
        terminalreporter.write_line(printable(line))


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """An interrupt is the user's doing, not a failure: one line instead of pytest's KeyboardInterrupt banner and
    the frame it was in."""
    reporter: Any = session.config.pluginmanager.get_plugin("terminalreporter")
    if exitstatus == pytest.ExitCode.INTERRUPTED and hasattr(reporter, "_report_keyboardinterrupt"):
        def one_line() -> None:  # what pytest's reporter calls (after this hook) to show its banner
            reporter.write_line("interrupted: the scenarios played so far are counted and in the report "
                                "(exit status 2)")

        reporter._report_keyboardinterrupt = one_line


def handshake_block(adapter: str, message: str) -> list[str]:
    """What the terminal says, once, when the adapter could not start: what went wrong and how to check it (the
    adapter's words shown with their control characters escaped)."""
    return ["shinpan — the adapter could not start, so no scenario could run: the run stopped after its first one",
            f"  adapter:     {adapter}",
            *(f"  {'error:' if index == 0 else '':<12} {line}"
              for index, line in enumerate(printable(message).split("\n"))),
            f"  check it:    shinpan smoke --adapter {shlex.quote(adapter)}",
            "               (a handful of trivial exchanges that tell a broken adapter from a non-conforming engine;",
            "               docs/adapters.md describes the handshake)"]
