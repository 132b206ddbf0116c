"""The adapter's life in a run: made when the run starts, its handshake on first use, stopped at the end."""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any

import pytest

from shinpan.adapters.contract import Simulator
from shinpan.adapters.errors import AdapterError, AdapterSpecError
from shinpan.adapters.registry import AdapterOptions, AdapterSpec
from shinpan.running.session import AdapterSession


class AdapterLifecycle:
    """The run's adapter: made at once (a spec that names no adapter is bad input: one error before anything
    runs), started on first use, stopped at the end."""

    def __init__(self, spec: str, options: AdapterOptions) -> None:
        self.spec = spec
        self.options = options
        try:
            self.adapter = AdapterSpec.parse(spec)
            self._simulator: Simulator | None = self.adapter.open(options)
        except AdapterSpecError as error:
            raise pytest.UsageError(error.one_line()) from None
        self.in_process = self.adapter.in_process
        """Whether the engine runs in this process (no ``cmd:`` spec): the kit then keeps its time limit."""
        self._session: AdapterSession | None = None
        self._failure: AdapterError | None = None
        self._engine: str | None = None
        """The engine's name, kept when the adapter is stopped (the summary names it after the stop)."""
        self._notice: str | None = None
        """What the summary says at the top when the adapter is the reference engine's very build, kept likewise."""
        self.wrappers: list[Callable[[Simulator], Simulator]] = []
        """Recorders (``--trace``, ``dump-cases --messages``) that wrap the simulator when it starts."""
        self.observer: Callable[[dict[str, Any]], None] | None = None
        """A recorder of what the steps check (``--trace``), given to the session."""

    def session(self) -> AdapterSession:
        """The adapter, started on first use. If the handshake fails, the adapter is stopped (with
        whatever process it started) and every scenario gets the handshake's status (ERROR, CRASH or
        TIMEOUT); coverage then counts no scenario as supported."""
        if self._failure is not None:
            raise type(self._failure)(str(self._failure))
        if self._session is None:
            opened, self._simulator = self._simulator, None
            try:  # the one way a session opens; a failed handshake stops the adapter
                self._session = AdapterSession.open(self.adapter, self.options, wrap=self._wrapped, opened=opened)
            except Exception as error:
                kind = type(error) if isinstance(error, AdapterError) else AdapterError
                self._failure = kind(f"the adapter could not start: {error}")
                raise type(self._failure)(str(self._failure)) from None
            self._session.observer = self.observer
        return self._session

    def _wrapped(self, simulator: Simulator) -> Simulator:
        """The simulator inside every recorder of :attr:`wrappers`, in order."""
        for wrap in self.wrappers:
            simulator = wrap(simulator)
        return simulator

    @property
    def failure(self) -> AdapterError | None:
        """Why the adapter could not start (its handshake failed in this process), or None."""
        return self._failure

    @property
    def started(self) -> bool:
        """Whether the adapter got through its handshake (in this process)."""
        return self._session is not None

    def hello(self) -> tuple[Any, str | None]:
        """The adapter's handshake answer, or None and why it could not start."""
        try:
            return self.session().hello, None
        except AdapterError as failure:
            return None, str(failure)

    def engine(self, start: bool) -> str:
        """The engine behind the adapter, started to name it if ``start`` (under pytest-xdist the scenarios ran in
        the workers: the adapter is started here to name it, as a serial run does)."""
        if self._session is None and self._engine is not None:
            return self._engine
        if self._session is None and self._failure is None and start:
            with contextlib.suppress(AdapterError):
                self.session()
        return self._session.engine if self._session else "(not started)"

    def notice(self) -> str | None:
        """Whether the adapter is the kit's reference engine's very build: what to say then
        (:attr:`shinpan.running.session.AdapterSession.notice`), after :meth:`engine` named it."""
        return self._session.notice if self._session is not None else self._notice

    def stop(self) -> None:
        """Stop the adapter (an adapter that fails to stop is stopped all the same)."""
        if self._session is not None:
            self._engine = self._session.engine
            self._notice = self._session.notice
            try:
                with contextlib.suppress(AdapterError):
                    self._session.stop()
            finally:
                self._session = None
