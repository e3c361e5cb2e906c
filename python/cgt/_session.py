"""A cgt session in Python: cgt source in, Python values out.

Each Session owns one engine (a thread of its own running ``cgt::Session``); values stay on
that thread and Python holds handles to them. Python values given to the session (games,
numbers, strings, lists) are written as cgt source or bound to hidden names.
"""

from __future__ import annotations

import os
import re
import threading
from fractions import Fraction
from typing import Any, Iterable, List, Optional, Tuple, Union

from . import _native
from ._native import CgtError

# The hidden names Python's values are bound to while an expression runs.
_HIDDEN = "__py_"


def _string_literal(text: str) -> str:
    """``text`` as a cgt string literal."""
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t")
    return '"' + escaped + '"'


class Session:
    """A cgt session: bindings and caches kept from one :meth:`eval` to the next.

    >>> s = Session()
    >>> s.eval("let g = {1|-1}\\ng\\noutcome(g)")
    [cgt.game('+-1'), 'N']
    """

    def __init__(
        self,
        ascii: bool = False,
        threads: Optional[int] = None,
        memory: Union[int, str, None] = None,
    ) -> None:
        self._engine = _native.Engine()
        self._ascii = False
        if ascii:
            self.ascii = True
        if threads is not None:
            self.threads = threads
        if memory is not None:
            self.memory = memory

    @property
    def memory(self) -> int:
        """The memory budget in bytes: what this session's computations may hold (the game
        store, the solvers' tables, the values a program builds, a value's text). A
        computation that would pass it raises :class:`CgtError` naming what grew, and the
        session keeps its bindings. Set it to a number of bytes or a size with a unit
        (``"512M"``, ``"2G"``); ``None`` gives back the machine's default
        (:func:`default_memory`)."""
        return self._engine.memory()

    @memory.setter
    def memory(self, size: Union[int, str, None]) -> None:
        self._engine.set_memory(0 if size is None else parse_size(size))

    @property
    def threads(self) -> int:
        """How many threads the board solvers use (1: the sequential solver)."""
        return self._engine.threads()

    @threads.setter
    def threads(self, n: int) -> None:
        if isinstance(n, bool) or not isinstance(n, int) or n < 1:
            raise ValueError(f"threads must be a positive int, not {n!r}")
        self._engine.set_threads(n)

    @property
    def ascii(self) -> bool:
        """Whether ``print`` in cgt and :meth:`run` write games in ASCII (``^``, ``+-``)
        rather than Unicode (``↑``, ``±``)."""
        return self._ascii

    @ascii.setter
    def ascii(self, on: bool) -> None:
        self._engine.set_notation(bool(on))
        self._ascii = bool(on)

    # -- running source -------------------------------------------------------------

    def eval(self, source: str) -> List[Any]:
        """Runs cgt ``source`` (statements, as in a script) and returns the values of its
        expression statements, as Python values (see :meth:`convert`)."""
        return [self._convert(t) for t in self._run(source)[0]]

    def value(self, expression: str) -> Any:
        """The value of one cgt expression (or the last value the source prints)."""
        values = self._run(expression)[0]
        if not values:
            raise ValueError(f"{expression!r} printed no value")
        return self._convert(values[-1])

    def run(self, source: str):
        """Runs ``source`` and returns ``(values, lines)``: the values as :meth:`eval` gives
        them, and every printed line in order (values as they print in the session's
        notation, and the text ``print`` wrote)."""
        shown, lines = self._run(source)
        values = [self._convert(t) for t in shown]
        texts = [self._engine.text(shown[i][0], self._ascii)[0] if isinstance(i, int) else i for i in lines]
        return values, texts

    def __getitem__(self, name: str) -> Any:
        """The value bound to ``name``."""
        if not name.isidentifier():
            raise KeyError(name)
        return self.value(name)

    def __setitem__(self, name: str, value: Any) -> None:
        """Binds ``name`` to a Python value (a game, a number, a string, a list…)."""
        if not name.isidentifier():
            raise KeyError(name)
        self._run(f"let {name} = __py_0", [value])

    def completions(self, prefix: str) -> List[str]:
        """Names that complete ``prefix``: the session's bindings, then the built-ins."""
        return [n for n in self._engine.completions(prefix) if not n.startswith(_HIDDEN)]

    def interrupt(self) -> None:
        """Stops the running computation from another thread (it raises CgtError)."""
        self._engine.interrupt()

    def reset(self) -> None:
        """Forgets every binding and empties every cache. Values made before the reset are
        gone with the games they were made of: using one raises ValueError."""
        self._engine.reset()

    def __repr__(self) -> str:
        return "cgt.Session()"

    # -- the machinery the values use -------------------------------------------------

    def _run(self, source: str, args: Iterable[Any] = ()):
        """Runs ``source`` in which ``__py_0``, ``__py_1``… are ``args``."""
        bindings = []
        for i, arg in enumerate(args):
            bindings.append((f"{_HIDDEN}{i}", self._handle(arg)))
        return self._engine.eval(source, bindings)

    def _call(self, source: str, *args: Any) -> Any:
        """The value of ``source`` with ``__py_0``, ``__py_1``… bound to ``args``."""
        values = self._run(source, args)[0]
        return self._convert(values[-1]) if values else None

    def _game(self, source: str, *args: Any, keep_positions: bool = False):
        """As :meth:`_call`, as a :class:`Game`: a sum is replaced by its value (a number
        or a canonical form) unless ``keep_positions``."""
        from ._values import game_of

        value = self._run(source, args)[0][-1]
        if value[1] == "sum" and not keep_positions:
            value = self._engine.eval("canonical_form(__py_0)", [("__py_0", value[0])])[0][-1]
        return game_of(self, value)

    def _handle(self, arg: Any):
        """A handle in this session to the value of a Python object: a value of this
        session as it is, plain data (bool, int of any size, Fraction, str) exactly, a
        collection element by element."""
        from ._values import Value

        if isinstance(arg, Value):
            if arg._session is self:
                return arg._handle
            # A value of another session comes over as its source text.
            return self._handle_of(arg._source())
        plain = _plain(arg)
        if plain is not _NOT_PLAIN:
            return self._engine.plain(plain)
        bindings: list = []
        return self._handle_of(self._compose(arg, bindings), bindings)

    def _compose(self, arg: Any, bindings: list) -> str:
        """cgt source for ``arg``: small numbers written out, every other element bound to
        a hidden name added to ``bindings``."""
        if isinstance(arg, bool):
            return "true" if arg else "false"
        elif arg is None:
            pass
        elif isinstance(arg, str) and _SIMPLE_STRING.fullmatch(arg):
            return f'"{arg}"'
        elif isinstance(arg, int) and abs(arg) < 10**18:
            return f"({arg})" if arg < 0 else str(arg)
        elif isinstance(arg, (list, tuple, range)):
            return "[" + ", ".join(self._compose(a, bindings) for a in arg) + "]"
        elif isinstance(arg, (set, frozenset)):
            if not arg:
                return "set([])"
            return "{" + ", ".join(self._compose(a, bindings) for a in arg) + "}"
        elif isinstance(arg, dict):
            return "{" + ", ".join(f"{self._compose(k, bindings)} => {self._compose(v, bindings)}" for k, v in arg.items()) + "}"
        elif getattr(arg, "_cgt_source", None) is not None:
            return arg._cgt_source
        elif _plain(arg) is _NOT_PLAIN and not _is_value(arg):
            raise TypeError(f"cgt has no value for a Python {type(arg).__name__}: {arg!r}")
        name = f"{_HIDDEN}c{len(bindings)}"
        bindings.append((name, self._handle(arg)))
        return name

    def _apply(self, name: str, args: Iterable[Any]) -> Any:
        """The value of the call ``name(args…)``, written as the user wrote it where the
        arguments are small numbers and plain strings (so errors underline them), other
        arguments bound to hidden names."""
        bindings: list = []
        source = f"{name}(" + ", ".join(self._compose(a, bindings) for a in args) + ")"
        values = self._engine.eval(source, bindings)[0]
        return self._convert(values[-1]) if values else None

    def _handle_of(self, source: str, bindings=()):
        shown = self._engine.eval(source, list(bindings))[0]
        if len(shown) != 1:
            raise ValueError(f"{source!r} is not one value")
        return shown[0][0]

    def _convert(self, shown) -> Any:
        from ._values import convert

        return convert(self, shown)

    def _elements(self, handle):
        return self._engine.elements(handle)


def parse_size(size: Union[int, str]) -> int:
    """A memory size in bytes: an int, or a str with an optional unit (``"512M"``,
    ``"2G"``, ``"1.5GB"``)."""
    if isinstance(size, bool) or not isinstance(size, (int, str)):
        raise TypeError(f"a memory size is an int or a str such as '512M', not {size!r}")
    bytes_ = _native.Engine.parse_size(size) if isinstance(size, str) else size
    if bytes_ is None or bytes_ <= 0:
        raise ValueError(f"{size!r} is not a memory size (bytes, or with a unit: '512M', '2G')")
    return bytes_


def default_memory() -> Tuple[int, str]:
    """The default memory budget of this machine and where it came from: half the smallest
    of the physical memory, the address-space limit (``ulimit -v``) and the cgroup's memory
    limit (a container's, a Jupyter hub's)."""
    return _native.Engine.default_memory()


_NOT_PLAIN = object()

# Strings written into source as they are: printable ASCII without quotes or backslashes.
_SIMPLE_STRING = re.compile(r'[ !#-\[\]-~]{0,200}')


def _plain(arg: Any) -> Any:
    """``arg`` as the engine's plain data (bool, int, ``(numerator, denominator)``, str,
    None), or ``_NOT_PLAIN``."""
    if arg is None or isinstance(arg, (bool, int, str)):
        return arg
    if isinstance(arg, Fraction):
        return (arg.numerator, arg.denominator) if arg.denominator != 1 else arg.numerator
    return _NOT_PLAIN


def _is_value(arg: Any) -> bool:
    from ._values import Value

    return isinstance(arg, Value)


def to_source(arg: Any) -> str:
    """A Python value written as cgt source: bool, int, Fraction, str, list, tuple, set,
    dict, or a cgt value (its source)."""
    from ._values import Value

    if isinstance(arg, Value):
        return arg._source()
    if isinstance(arg, bool):
        return "true" if arg else "false"
    if isinstance(arg, int):
        return f"({arg})" if arg < 0 else str(arg)
    if isinstance(arg, Fraction):
        return f"({arg.numerator}/{arg.denominator})" if arg.denominator != 1 else to_source(arg.numerator)
    if isinstance(arg, str):
        return _string_literal(arg)
    if isinstance(arg, (list, tuple, range)):
        return "[" + ", ".join(to_source(a) for a in arg) + "]"
    if isinstance(arg, (set, frozenset)):
        if not arg:
            return "set([])"
        return "{" + ", ".join(to_source(a) for a in arg) + "}"
    if isinstance(arg, dict):
        return "{" + ", ".join(f"{to_source(k)} => {to_source(v)}" for k, v in arg.items()) + "}"
    raise TypeError(f"cgt has no value for a Python {type(arg).__name__}: {arg!r}")


_default: Optional[Session] = None
_default_lock = threading.Lock()
_default_pid = os.getpid()


def default_session() -> Session:
    """The session that ``cgt.game``, ``cgt.domineering`` and the like use (one per
    process: a forked child starts its own)."""
    global _default, _default_pid
    with _default_lock:
        if _default is None or _default_pid != os.getpid():
            _default = Session()
            _default_pid = os.getpid()
        return _default


def _after_fork_in_child() -> None:
    """A forked child has no engine threads: its default session starts afresh (the lock,
    which another thread may have held at the fork, too)."""
    global _default, _default_lock
    _default = None
    _default_lock = threading.Lock()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_after_fork_in_child)


__all__ = ["Session", "CgtError", "default_session", "default_memory", "parse_size", "to_source"]
