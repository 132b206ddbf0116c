"""A check form (確認の形), what every form shares: its name in JSON, the observable it may name, how it is written as
JSON and read back, and what it reads.

A form's JSON is ``{"check": KIND, FIELD: value…, "observable": FIELD}``: the fields in the order the class declares
them (a field left ``None`` is not written; a field may name its JSON key: ``metadata={"json": KEY}``), ``observable``
last and only when set.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, fields
from enum import Enum
from functools import cache
from typing import Any, ClassVar, TypeVar, get_type_hints

from shinpan.running.checks.observed import Observation

Word = TypeVar("Word", bound=str)
NOTHING_OBSERVED = "nothing was observed"


@dataclass(frozen=True)
class CheckForm(ABC):
    """確認: what a ならば step checks. ``observable``: the observation field the check reads — an adapter that does
    not report it cannot be judged on it (UNOBSERVABLE), whatever the observation says."""

    kind: ClassVar[str]
    """The form's name in JSON (``"check"``), given as the class is declared: ``class InZone(Observed,
    kind="in_zone")``."""
    observable: str | None = field(default=None, kw_only=True)

    def __init_subclass__(cls, kind: str | None = None, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        if kind is not None:
            cls.kind = kind
            FORMS[kind] = cls

    @abstractmethod
    def judge(self, observation: Observation | None, rejection: str | None) -> str | None:
        """``None`` if the check holds; else what was expected and what was found, in one line."""

    @property
    def needs_observation(self) -> bool:
        """Whether it is judged against an observation (every check but :class:`~.play.Rejected`)."""
        return True

    @property
    def parts(self) -> tuple[CheckForm, ...]:
        """The checks it combines (none but for the combinations of :mod:`.combined`)."""
        return ()

    def always_read(self) -> Iterator[str]:
        """The observables it always reads: its ``observable``, and those of the checks it combines."""
        if self.observable is not None:
            yield self.observable
        for part in self.parts:
            yield from part.always_read()

    def read_on(self, observation: Observation) -> Iterator[str]:
        """The observables it reads that depend on the observation (a :class:`~.objects.Tapped` check's), in
        order."""
        for part in self.parts:
            yield from part.read_on(observation)

    def to_json(self) -> dict[str, Any]:
        """The form as JSON (a fresh value)."""
        found: dict[str, Any] = {"check": self.kind}
        for name, key in _keys(type(self)):
            value = getattr(self, name)
            if value is not None:
                found[key] = _written(value)
        if self.observable is not None:
            found["observable"] = self.observable
        return found

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> CheckForm:
        """The form of ``data``, JSON already found to be a check of this form."""
        hints = _hints(cls)
        values = {name: _read(hints[name], data[key]) for name, key in _keys(cls) if key in data}
        return cls(**values, observable=data.get("observable"))


@dataclass(frozen=True)
class Observed(CheckForm):
    """A check of what the observation shows (every form but :class:`~.play.Rejected` and the combinations): with
    nothing observed, it fails."""

    def judge(self, observation: Observation | None, rejection: str | None) -> str | None:
        return NOTHING_OBSERVED if observation is None else self.seen(observation)

    @abstractmethod
    def seen(self, observation: Observation) -> str | None:
        """``None`` if the check holds on ``observation``; else what was expected and what was found, in one line."""


FORMS: dict[str, type[CheckForm]] = {}
"""Every form, by its name in JSON (each registers itself as its class is made)."""


def build(data: Mapping[str, Any]) -> CheckForm:
    """The form of ``data``, JSON already found to be a check (:func:`shinpan.running.checks.parse` finds it)."""
    return FORMS[data["check"]].from_json(data)


def one_of(word: object, words: tuple[Word, ...]) -> Word:
    """``word`` as one of ``words`` (a player of ``PLAYERS``, a zone of ``ZONES``, an end of ``ENDS``); a
    ``ValueError`` if it is none of them."""
    found = next((one for one in words if one == word), None)
    if found is None:
        raise ValueError(f"{word!r} is not one of {', '.join(words)}")
    return found


@cache
def _keys(form: type[CheckForm]) -> tuple[tuple[str, str], ...]:
    """Each field of a form but ``observable`` (in the order the class declares them) and its key in JSON."""
    return tuple((f.name, f.metadata.get("json", f.name)) for f in fields(form) if f.name != "observable")


@cache
def _hints(form: type[CheckForm]) -> dict[str, Any]:
    return get_type_hints(form)


def _read(hint: Any, value: Any) -> Any:
    if hint is CheckForm:
        return build(value)
    if hint == tuple[CheckForm, ...]:
        return tuple(build(part) for part in value)
    if isinstance(hint, type) and issubclass(hint, Enum):
        return hint(value)
    return value


def _written(value: Any) -> Any:
    if isinstance(value, CheckForm):
        return value.to_json()
    if isinstance(value, Enum):
        return value.value
    if isinstance(value, (list, tuple)):
        return [_written(item) for item in value]
    if isinstance(value, Mapping):
        return {key: _written(item) for key, item in value.items()}
    return value
