"""Source tables rebuilt from the scenarios: ``shinpan table carry-over``.

Seed 000's 引き継ぎ早見表 is encoded cell by cell in ``features/carry_over/`` (see its README). A
scenario belongs to a cell through its id, ``carry-table-<row>-<attribute>[-<variant>]``, and
states the cell's value at the start of its name, in brackets: ``[○※] 進化した時・タップ: …``.
This module reads those cases (the parsed suite, :mod:`shinpan.suite.scenarios`), optionally runs them on an
adapter, and prints every cell with its expected value, its scenario ids and their results, so that
the table can be held against the seed cell by cell.
"""

from __future__ import annotations

import re
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from shinpan.adapters.locations import features_dir
from shinpan.reports.report import cases, read
from shinpan.running import invocation
from shinpan.suite import scenarios as suite

PREFIX = "carry-table-"
ROWS: tuple[tuple[str, str], ...] = (
    ("evolve", "進化した時"),
    ("devolve", "(進化クリーチャーが)退化した時"),
    ("link", "リンクした時"),
    ("unlink", "リンクが外れた時"),
    ("flip", "クリーチャーがクリーチャーに裏返った時"),
    ("fortress", "クリーチャーがフォートレスに裏返った時"),
    ("tamaseed", "タマシード/クリーチャーがクリーチャーとして扱わなくなった時"),
    ("swap", "入れ替わった時"),
    ("seal", "封印された時"),
    ("sidejump", "進化クリーチャーが横跳びした時"),
    ("mugetsu", "魔導具の上に無月の門能力で上に乗せられた時"),
    ("nonevo", "非進化が退化した時"),
)
"""The seed's rows, in its order: (id key, the seed's label)."""
ATTRIBUTES: tuple[tuple[str, str], ...] = (
    ("pump", "付与/パンプ"),
    ("waiting", "待機/対象"),
    ("equipment", "装備"),
    ("sources", "進化元"),
    ("attack", "攻撃"),
    ("tap", "タップ"),
    ("sickness", "召酔"),
)
"""The seed's columns: (id key, the seed's label)."""
WHOLE_ROW = "all"
"""The attribute key of a scenario that answers a whole row (非進化が退化した時)."""
VALUE = re.compile(r"^\[(?P<value>.+?)\] ")
TABLES: dict[str, str] = {"carry-over": "carry_over"}
"""Table name -> feature folder."""


@dataclass(frozen=True)
class Entry:
    """One scenario of a cell."""

    id: str
    value: str
    variant: str
    status_tag: str | None


@dataclass
class Cell:
    """The scenarios of one cell (several for a ruling that changed, or a note with cases)."""

    row: str
    attribute: str
    entries: list[Entry] = field(default_factory=list)


@dataclass
class Table:
    """The rebuilt table: cells by (row, attribute); problems are ids that name no cell."""

    cells: dict[tuple[str, str], Cell]
    problems: list[str]

    def cell(self, row: str, attribute: str) -> Cell:
        """The cell (empty if no scenario encodes it)."""
        return self.cells.get((row, attribute), Cell(row, attribute))


def build(folder: Path | None = None) -> Table:
    """Read the table's cells from the feature files under ``folder`` (default ``features/carry_over``)."""
    folder = folder or features_dir() / TABLES["carry-over"]
    cells: dict[tuple[str, str], Cell] = {}
    problems: list[str] = []
    rows = [key for key, _ in ROWS]
    attributes = [key for key, _ in ATTRIBUTES] + [WHOLE_ROW]
    for case in suite.cases(folder):
        if not case.id.startswith(PREFIX):
            continue
        parts = case.id[len(PREFIX):].split("#")[0].split("-")
        match = VALUE.match(case.name)
        if len(parts) < 2 or parts[0] not in rows or parts[1] not in attributes or match is None:
            problems.append(f"{case.id}: expected carry-table-<row>-<attribute>[-variant] and a name "
                            "starting with [value]")
            continue
        status = case.values.status[0] if case.values.status else None
        entry = Entry(case.id, match["value"], "-".join(parts[2:]), status)
        cells.setdefault((parts[0], parts[1]), Cell(parts[0], parts[1])).entries.append(entry)
    return Table(cells, problems)


def run(adapter: str, ruleset: str | None, folder: Path | None = None) -> dict[str, str]:
    """Run the table's scenarios on ``adapter`` (a ``shinpan run`` of its own); return each scenario's status
    by id. A run that writes no report is a :class:`~shinpan.errors.ReportError`."""
    folder = folder or features_dir() / TABLES["carry-over"]
    with tempfile.TemporaryDirectory() as tmp:
        report = invocation.run_to_report(Path(tmp) / "table.jsonl", adapter, ruleset, [str(folder)])
        rows = cases(read(report))
    return {str(row["id"]): str(row["status"]) for row in rows}


def render(table: Table, results: dict[str, str] | None) -> str:
    """The table as text: a block per row, a line per scenario of each cell (id, result, expected value)."""
    lines: list[str] = []
    for row, row_label in ROWS:
        lines.append(f"{row_label}")
        whole = table.cell(row, WHOLE_ROW)
        columns = [(WHOLE_ROW, "(全列)")] if whole.entries else list(ATTRIBUTES)
        for attribute, label in columns:
            cell = table.cell(row, attribute)
            if not cell.entries:
                lines.append(f"  {_pad(label, 12)} {'(no scenario)':<40}")
                continue
            for entry in cell.entries:
                result = _result(entry, results)
                lines.append(f"  {_pad(label, 12)} {entry.id:<40} {result:<16} {entry.value}")
                label = ""
    return "\n".join(lines)


def as_json(table: Table, results: dict[str, str] | None) -> list[dict[str, object]]:
    """One object per scenario of the table: row, attribute, value, id, result."""
    return [
        {"row": row, "attribute": attribute, "value": entry.value, "id": entry.id, "variant": entry.variant,
         "result": _result(entry, results)}
        for row, _ in ROWS for attribute, _ in (*ATTRIBUTES, (WHOLE_ROW, ""))
        for entry in table.cell(row, attribute).entries
    ]


def _result(entry: Entry, results: dict[str, str] | None) -> str:
    if results is None:
        return "(not run)"
    found = sorted({status for case_id, status in results.items() if case_id.split("#")[0] == entry.id})
    return "/".join(found) if found else "(no result)"


def _pad(text: str, width: int) -> str:
    """Left-justify ``text`` to ``width`` display columns (East Asian characters count as two)."""
    shown = sum(2 if ord(ch) > 0x2E7F else 1 for ch in text)
    return text + " " * max(0, width - shown)
