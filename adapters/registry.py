"""Choosing an adapter: ``--adapter SPEC`` in pytest and in ``shinpan``.

SPEC is one of

- ``reference`` — the kit's reference engine, in-process;
- ``cmd:<command line>`` — a program speaking the contract as JSON lines on stdin/stdout
  (:mod:`shinpan.adapters.subprocess_adapter`);
- ``py:<module>:<factory>`` — an in-process adapter: ``factory()`` (a function or a class, found in the
  importable module ``module``) returns a :class:`~shinpan.adapters.contract.Simulator`;
- ``NAME`` — a plug-in: an installed package that declares ``NAME = "<module>:<factory>"`` in the entry-point
  group ``shinpan.adapters`` (``[project.entry-points."shinpan.adapters"]`` in its ``pyproject.toml``).

A spec is parsed once into a value (:meth:`AdapterSpec.parse`: a :class:`CommandSpec`, :class:`PythonSpec`,
:class:`BuiltinSpec` or :class:`PluginSpec`) that says whether the engine runs in-process, checks what can be
checked without starting it (:meth:`AdapterSpec.check`), and opens a fresh adapter (:meth:`AdapterSpec.open`, the
one way every command and the pytest plug-in make one). A spec that names nothing, or a plug-in that cannot be
loaded, is an :class:`AdapterSpecError` whose message is one line saying what was expected (exit status 4).
"""

from __future__ import annotations

import contextlib
import importlib
import importlib.util
import os
import re
import sys
import traceback
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from importlib import metadata
from typing import Any, ClassVar, Final, cast

from shinpan.adapters import tracebacks
from shinpan.adapters.contract import (
    COMMANDS,
    ActRequest,
    HelloRequest,
    HelloResponse,
    NewGameRequest,
    ObserveRequest,
    ObserveResponse,
    Response,
    SetupRequest,
    Simulator,
    StopRequest,
)
from shinpan.adapters.errors import AdapterError, AdapterSpecError, ShinpanError

ENTRY_POINT_GROUP: Final = "shinpan.adapters"
"""The entry-point group in which installed packages declare adapter plug-ins."""

PY_PREFIX: Final = "py:"
CMD_PREFIX: Final = "cmd:"
PY_EXAMPLE: Final = "py:my_engine.shinpan_adapter:make_adapter"
_DOTTED = re.compile(r"[A-Za-z_]\w*(\.[A-Za-z_]\w*)*")


def _reference() -> Simulator:
    from shinpan.adapters.reference import ReferenceSimulator

    return ReferenceSimulator()


ADAPTERS: dict[str, Callable[[], Simulator]] = {"reference": _reference}
"""The kit's own in-process adapters by name (plug-ins come from entry points)."""


@dataclass(frozen=True)
class AdapterOptions:
    """How a subprocess adapter is run (in-process adapters ignore these)."""

    timeout: float = 5.0
    """Seconds each scenario may take, from its ``new_game`` on (already multiplied)."""
    startup_timeout: float = 30.0
    """Seconds the handshake may take (already multiplied)."""
    validate: bool = False
    """Check every message both ways against the schemas."""
    max_restarts: int = 10
    """Restarts after CRASH / TIMEOUT / garbage before the adapter is given up."""


def plugins() -> dict[str, metadata.EntryPoint]:
    """The adapter plug-ins installed packages declare, by name."""
    return {entry.name: entry for entry in metadata.entry_points(group=ENTRY_POINT_GROUP)}


def available() -> list[str]:
    """Every adapter name ``--adapter`` accepts as it is: the kit's own, then the installed plug-ins."""
    return [*ADAPTERS, *sorted(set(plugins()) - set(ADAPTERS))]


def make_adapter(spec: str | AdapterSpec, options: AdapterOptions | None = None) -> Simulator:
    """A fresh adapter for ``spec`` (see the module's docstring): ``AdapterSpec.parse(spec).open(options)``."""
    return AdapterSpec.parse(spec).open(options)


@dataclass(frozen=True)
class AdapterSpec:
    """An ``--adapter`` value (アダプタの指定), parsed once: which kind of adapter it names, and the one way to open
    it. :meth:`parse` reads the text (an :class:`AdapterSpecError` if it names nothing); :meth:`check` finds what can
    be found without starting the engine; :meth:`open` makes a fresh adapter."""

    text: str
    """The value as given (what reports name)."""

    in_process: ClassVar[bool] = True
    """Whether the engine runs in the kit's process (the kit then keeps its time limit itself)."""

    @staticmethod
    def parse(text: str | AdapterSpec) -> AdapterSpec:
        """The spec ``text`` names: ``cmd:`` a :class:`CommandSpec`, ``py:`` a :class:`PythonSpec`, a name of the
        kit's own a :class:`BuiltinSpec`, an installed plug-in's name a :class:`PluginSpec`."""
        if isinstance(text, AdapterSpec):
            return text
        try:
            return _parse(text)
        except AdapterSpecError as error:
            raise AdapterSpecError(str(error), text) from None

    def check(self, *, make: bool = False) -> None:
        """Raise the :class:`AdapterSpecError` that can be found without starting the engine (a Python factory
        that cannot be imported, a plug-in that cannot be loaded); nothing is started. With ``make``, an in-process
        adapter is also made once and dropped (its factory may fail; no handshake, no process); a ``cmd:`` one
        is not started."""
        try:
            self._check()
        except AdapterSpecError as error:
            raise AdapterSpecError(str(error), self.text) from None
        if make and self.in_process:
            self.open()

    def _check(self) -> None:
        """What :meth:`check` adds to parsing (nothing, unless a kind has code to import)."""

    def open(self, options: AdapterOptions | None = None) -> Simulator:
        """A fresh adapter (a subprocess adapter starts its child on its first request)."""
        try:
            return self._open(options or AdapterOptions())
        except AdapterSpecError as error:
            raise AdapterSpecError(str(error), self.text) from None

    def _open(self, options: AdapterOptions) -> Simulator:
        raise NotImplementedError

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True)
class CommandSpec(AdapterSpec):
    """``cmd:<command line>``: a program speaking the contract as JSON lines on stdin/stdout."""

    argv: tuple[str, ...]
    """The command line, split as a shell splits words, its program found (:func:`command_of`)."""

    in_process: ClassVar[bool] = False

    def _open(self, options: AdapterOptions) -> Simulator:
        from shinpan.adapters.subprocess_adapter import SubprocessSimulator

        return SubprocessSimulator(list(self.argv), timeout=options.timeout, startup_timeout=options.startup_timeout,
                                   validate=options.validate, max_restarts=options.max_restarts)


@dataclass(frozen=True)
class PythonSpec(AdapterSpec):
    """``py:<module>:<factory>``: an in-process adapter that ``factory()`` returns."""

    module: str
    factory: str
    """The factory's dotted name in ``module`` (a function or a class)."""

    def _check(self) -> None:
        _load_py(self.text, self.module, self.factory)

    def _open(self, options: AdapterOptions) -> Simulator:
        return InProcess(_instantiate(_load_py(self.text, self.module, self.factory), self.text), repr(self.text))


@dataclass(frozen=True)
class BuiltinSpec(AdapterSpec):
    """A name of the kit's own in-process adapters (:data:`ADAPTERS`): ``reference``."""

    def _open(self, options: AdapterOptions) -> Simulator:
        return InProcess(ADAPTERS[self.text](), repr(self.text))


@dataclass(frozen=True)
class PluginSpec(AdapterSpec):
    """The name of an adapter plug-in that an installed package declares (entry-point group ``shinpan.adapters``)."""

    entry: metadata.EntryPoint

    def _check(self) -> None:
        self._factory()

    def _factory(self) -> Any:
        try:
            return self.entry.load()
        except Exception as error:
            where = f" (from {self.entry.dist.name})" if self.entry.dist is not None else ""
            raise AdapterSpecError(f"the adapter plug-in {self.text!r} = {self.entry.value!r}{where} cannot be "
                                   f"loaded: {_one_line(error)}") from None

    def _open(self, options: AdapterOptions) -> Simulator:
        what = f"plug-in {self.text!r}"
        return InProcess(_instantiate(self._factory(), f"{what} ({self.entry.value})"), what)


def _parse(text: str) -> AdapterSpec:
    if text.startswith(CMD_PREFIX):
        from shinpan.adapters.subprocess_adapter import command_of

        try:
            return CommandSpec(text, tuple(command_of(text)))
        except ValueError as error:
            raise AdapterSpecError(str(error)) from None
    if text.startswith(PY_PREFIX):
        module, colon, factory = text.removeprefix(PY_PREFIX).partition(":")
        if not colon or not _DOTTED.fullmatch(module) or not _DOTTED.fullmatch(factory):
            raise AdapterSpecError(f"{text!r}: expected py:<module>:<factory> with dotted Python names, "
                                   f"e.g. {PY_EXAMPLE}")
        return PythonSpec(text, module, factory)
    if text in ADAPTERS:
        return BuiltinSpec(text)
    entry = plugins().get(text)
    if entry is None:
        raise AdapterSpecError(f"unknown adapter {text!r}; available: {', '.join(available())}, "
                               f"or cmd:<command line>, or py:<module>:<factory>")
    return PluginSpec(text, entry)


class InProcess:
    """An in-process adapter as the kit calls it: while the engine runs, its stdout goes to stderr
    (:func:`stdout_to_stderr`), and an exception it raises — an ``AssertionError`` too —
    is the adapter's error (:class:`AdapterError`, ERROR), with its traceback, never a rules failure. The kit's own
    errors (a time limit that interrupts the engine) pass through as they are."""

    def __init__(self, simulator: Simulator, what: str) -> None:
        self.inner = simulator
        self.what = what

    @property
    def READS_ONLY(self) -> bool:  # noqa: N802 - the attribute :attr:`AdapterSession.copies` reads
        """Whether the engine only reads the requests it is given (then the kit sends its own, not copies)."""
        return getattr(self.inner, "READS_ONLY", False) is True

    def hello(self, request: HelloRequest) -> HelloResponse:
        return cast(HelloResponse, self._call("hello", request))

    def new_game(self, request: NewGameRequest) -> Response:
        return cast(Response, self._call("new_game", request))

    def setup(self, request: SetupRequest) -> Response:
        return cast(Response, self._call("setup", request))

    def act(self, request: ActRequest) -> Response:
        return cast(Response, self._call("act", request))

    def observe(self, request: ObserveRequest) -> ObserveResponse:
        return cast(ObserveResponse, self._call("observe", request))

    def stop(self, request: StopRequest) -> Response:
        return cast(Response, self._call("stop", request))

    def held(self) -> contextlib.AbstractContextManager[None]:
        """The engine's output sent away (:func:`stdout_to_stderr`) once over many calls, which then do not move
        it each."""
        return stdout_to_stderr()

    def _call(self, cmd: str, request: Any) -> Any:
        if _Redirected.depth:  # held over a whole case (:meth:`held`): nothing to move for this one call
            return self._answer(cmd, request)
        with stdout_to_stderr():
            return self._answer(cmd, request)

    def _answer(self, cmd: str, request: Any) -> Any:
        try:
            return getattr(self.inner, cmd)(request)
        except ShinpanError:
            raise
        except Exception as error:
            raise AdapterError(f"adapter {self.what} raised {_one_line(error)} in {cmd}\n"
                               f"{ADAPTER_TRACEBACK}\n{_adapter_frames(error)}") from None


ENGINE_OUTPUT: Final = "SHINPAN_ENGINE_OUTPUT"
"""A file that an in-process engine's output (stdout and stderr) goes to instead (``--engine-output FILE``)."""
_engine_files: dict[str, Any] = {}


@contextlib.contextmanager
def stdout_to_stderr() -> Iterator[None]:
    """While an in-process engine runs: its writes to stdout (``print``, a C library's ``printf``, a child process)
    go to stderr, so that a command's own output on stdout (JSON, a table) stays clean; with ``--engine-output FILE``
    (:data:`ENGINE_OUTPUT`) its stdout and stderr both go to that file instead. Everything is put back on exit.
    Where file descriptor 1 cannot be moved, only ``sys.stdout`` is."""
    if _Redirected.depth:  # an outer one holds it (over a whole case: AdapterSession.engine_output)
        yield
        return
    _Redirected.depth += 1
    try:
        with _moved():
            yield
    finally:
        _Redirected.depth -= 1


class _Redirected:
    """How many :func:`stdout_to_stderr` are open: only the outermost moves the file descriptors."""

    depth = 0


@contextlib.contextmanager
def _moved() -> Iterator[None]:
    target = os.environ.get(ENGINE_OUTPUT)
    if target:
        with _to_file(target):
            yield
        return
    held = sys.stdout
    held.flush()
    try:
        saved: int | None = os.dup(1)
        os.dup2(2, 1)
    except OSError:
        saved = None
    sys.stdout = sys.stderr
    try:
        yield
    finally:
        sys.stdout.flush()
        sys.stdout = held
        if saved is not None:
            os.dup2(saved, 1)
            os.close(saved)


@contextlib.contextmanager
def _to_file(target: str) -> Iterator[None]:
    """The engine's stdout and stderr (Python's, the file descriptors', a child process's) appended to ``target``."""
    out = _engine_files.get(target)
    if out is None:
        out = _engine_files[target] = open(target, "a", encoding="utf-8", buffering=1)  # noqa: SIM115
    held = sys.stdout, sys.stderr
    for stream in held:
        stream.flush()
    try:
        saved: list[int] | None = [os.dup(1), os.dup(2)]
        os.dup2(out.fileno(), 1)
        os.dup2(out.fileno(), 2)
    except OSError:
        saved = None
    sys.stdout = sys.stderr = out
    try:
        yield
    finally:
        out.flush()
        sys.stdout, sys.stderr = held
        if saved is not None:
            os.dup2(saved[0], 1)
            os.dup2(saved[1], 2)
            os.close(saved[0])
            os.close(saved[1])


ADAPTER_TRACEBACK: Final = tracebacks.MARKER
"""The line before an in-process adapter's traceback in an ERROR's message (the report keeps what follows)."""


def _adapter_frames(error: BaseException) -> str:
    """The traceback of ``error`` from the adapter's own call on, shortened to the engine's frames."""
    return tracebacks.engine_frames(error, skip=1)


def _load_py(spec: str, module_name: str, attribute: str) -> Any:
    """The factory a ``py:<module>:<factory>`` spec names, imported."""
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as error:
        if error.name is not None and _is_part_of(module_name, error.name):
            raise AdapterSpecError(f"{spec!r}: cannot import module {module_name!r}: {_one_line(error)} "
                                   "(is its package installed, or on PYTHONPATH?)") from None
        raise AdapterSpecError(_import_failed(spec, module_name, error)) from None
    except Exception as error:
        raise AdapterSpecError(_import_failed(spec, module_name, error)) from None
    target: Any = module
    for part in attribute.split("."):
        if not hasattr(target, part):
            raise AdapterSpecError(f"{spec!r}: module {module_name!r} has no attribute {attribute!r}")
        target = getattr(target, part)
    return target


def _is_part_of(module_name: str, missing: str) -> bool:
    """Whether the module that was not found is ``module_name`` or one of its packages (not one it imports)."""
    return module_name == missing or module_name.startswith(missing + ".")


def _import_failed(spec: str, module_name: str, error: BaseException) -> str:
    """A module that exists but whose own import failed: where it is, and where (file, line) and how it failed."""
    try:
        found = importlib.util.find_spec(module_name)
    except Exception:  # a package above it failed too: the error below says where
        found = None
    origin = f" ({found.origin})" if found is not None and found.origin else ""
    if isinstance(error, SyntaxError) and error.filename:
        where = f"{error.filename}:{error.lineno}"
    else:
        frames = traceback.extract_tb(error.__traceback__)
        last = next((f for f in reversed(frames) if "importlib" not in f.filename), None)
        where = f"{last.filename}:{last.lineno}" if last is not None else "?"
    return (f"{spec!r}: module {module_name!r} was found{origin}, but importing it failed at {where}: "
            f"{_one_line(error)}")


def _instantiate(factory: Any, what: str) -> Simulator:
    """Call an in-process adapter's factory; what it returns must have the contract's methods."""
    if not callable(factory):
        raise AdapterSpecError(f"{what}: {factory!r} is not callable (expected a function or class returning "
                               "a Simulator)")
    try:
        simulator = factory()
    except Exception as error:
        raise AdapterSpecError(f"{what}: calling the factory failed: {_one_line(error)}") from None
    missing = [cmd for cmd in COMMANDS if not callable(getattr(simulator, cmd, None))]
    if missing:
        raise AdapterSpecError(f"{what}: the factory returned {type(simulator).__name__}, which lacks the "
                               f"contract's method(s) {', '.join(missing)}")
    result: Simulator = simulator
    return result


def _one_line(error: BaseException) -> str:
    text = " ".join(str(error).split())
    return f"{type(error).__name__}: {text}" if text else type(error).__name__
