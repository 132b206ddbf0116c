"""Checks made of checks (組み合わせ): all of them hold, one of them holds, or one does not."""

from __future__ import annotations

from dataclasses import dataclass

from shinpan.running.checks.form import CheckForm
from shinpan.running.checks.observed import Observation


@dataclass(frozen=True)
class Combination(CheckForm):
    """A check judged by the checks of ``of``."""

    of: tuple[CheckForm, ...]

    @property
    def parts(self) -> tuple[CheckForm, ...]:
        return self.of


@dataclass(frozen=True)
class AllOf(Combination, kind="all"):
    """Every check of ``of`` holds."""

    def judge(self, observation: Observation | None, rejection: str | None) -> str | None:
        return next((problem for part in self.of if (problem := part.judge(observation, rejection))), None)


@dataclass(frozen=True)
class AnyOf(Combination, kind="any"):
    """At least one check of ``of`` holds."""

    def judge(self, observation: Observation | None, rejection: str | None) -> str | None:
        problems = [part.judge(observation, rejection) for part in self.of]
        return None if any(p is None for p in problems) else "none of these holds: " + "; ".join(map(str, problems))


@dataclass(frozen=True)
class Not(CheckForm, kind="not"):
    """The check ``of`` does not hold."""

    of: CheckForm

    @property
    def parts(self) -> tuple[CheckForm, ...]:
        return (self.of,)

    def judge(self, observation: Observation | None, rejection: str | None) -> str | None:
        held = self.of.judge(observation, rejection) is None
        return f"expected this not to hold: {self.of.to_json()}" if held else None
