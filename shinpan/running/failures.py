"""A failed scenario told so that a person can act on it, instead of a traceback through fixture internals.

The text names the scenario, the Gherkin step that failed (``file:line`` and its words), what was expected
and what the engine did (the failing check's message), the rules and sources the scenario cites, and the
transcript to read (``--trace DIR``). It is what the terminal, the JUnit XML and the report show::

    FAIL basics-sick-001  features/basics/召喚酔い.feature:12  召喚したターンは攻撃できない
      step:       features/basics/召喚酔い.feature:16  ならば 《…》は攻撃できない
      check:      can_attack is True, expected False
      rules:      301.5
      sources:    …
      transcript: trace/basics-sick-001.jsonl
"""

from __future__ import annotations

from dataclasses import dataclass

from shinpan.outputs import printable


@dataclass(frozen=True)
class FailedStep:
    """The Gherkin step during which a scenario failed."""

    keyword: str
    text: str
    line: int

    def describe(self) -> str:
        """The step as written: keyword and text."""
        return f"{self.keyword.strip()} {self.text}"


@dataclass(frozen=True)
class Failure:
    """Everything a person needs to act on a failed scenario."""

    case_id: str
    status: str
    feature: str
    line: int
    name: str
    message: str
    rules: tuple[str, ...] = ()
    sources: tuple[str, ...] = ()
    step: FailedStep | None = None
    transcript: str | None = None

    def render(self) -> str:
        """The failure as a few labelled lines."""
        lines = [f"{self.status} {self.case_id}  {self.feature}:{self.line}  {self.name}"]
        if self.step is not None:
            lines.append(f"  step:       {self.feature}:{self.step.line}  {self.step.describe()}")
        else:
            lines.append("  step:       (before any step: the adapter or the scenario's fixtures)")
        # the message is the engine's or the adapter's: shown with its control characters escaped
        first, *rest = printable(self.message or self.status).split("\n")
        lines.append(f"  check:      {first}")
        lines += [f"              {more}" for more in rest]
        lines.append(f"  rules:      {', '.join(self.rules) or '-'}")
        lines.append(f"  sources:    {', '.join(self.sources) or '-'}")
        lines.append(f"  transcript: {self.transcript or '(run with --trace DIR to keep one)'}")
        return "\n".join(lines)
