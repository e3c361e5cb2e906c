"""cgt: a combinatorial game theory language, in Python and Jupyter.

>>> import cgt
>>> print(cgt.game("{1|-1}") + cgt.up)
{1↑|-1↑}

Games (``cgt.game``, ``cgt.star(3)``, ``cgt.up``), positions of every ruleset
(``cgt.domineering("..|..")``, ``cgt.kayles(7)``: any built-in is a function of this
module), sessions running cgt source (``cgt.Session().eval("…")``), errors as
``cgt.CgtError``, rich display in notebooks, and ``cgt.sweep`` over a Dask cluster. The
module-level functions use one default session per process.
"""

from __future__ import annotations

from typing import Any

from ._display import Table, table
from ._session import CgtError, Session, default_memory, default_session
from ._sweep import Failed, sweep
from ._values import Game, Number, Picture, Position, Thermograph, Value, WinningMoves, as_game

__version__ = "0.1.0"


def game(x: Any) -> Game:
    """A game from cgt source (``"{1|-1}"``, ``"^*"``, ``"3/4"``), a number, or a game."""
    return as_game(x)


def value(source: str) -> Any:
    """The value of one cgt expression in the default session (``'kayles(7)'``)."""
    return default_session().value(source)


def eval(source: str) -> list:
    """Runs cgt source in the default session; the values it prints, as ``Session.eval``."""
    return default_session().eval(source)


def star(n: int = 1) -> Game:
    """The nimber ``*n`` (``n`` a natural number)."""
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise ValueError(f"a nimber is *n for a natural number n, not *{n!r}")
    return as_game(f"*{n}" if n != 1 else "*")


def number(x: Any) -> Game:
    """A number as a game (``number(3)``, ``number(Fraction(1, 2))``)."""
    return as_game(x)


class _Builtin:
    """A cgt built-in as a Python function: ``cgt.kayles(7)`` runs ``kayles(7)``."""

    def __init__(self, name: str, doc: str) -> None:
        self.__name__ = name
        self.__doc__ = doc
        # Passed to another built-in it is itself: cgt.nim_values(cgt.kayles, range(21)).
        self._cgt_source = name

    def __call__(self, *args: Any) -> Any:
        return default_session()._apply(self.__name__, args)

    def __repr__(self) -> str:
        return f"<cgt built-in {self.__name__}>"

    def __reduce__(self):
        return (_builtin, (self.__name__,))


_CONSTANTS = {"up": "^", "down": "v", "zero": "0"}


def _builtin(name: str) -> _Builtin:
    from . import _native

    for d in _native.Engine.docs():
        if d[0] == name:
            if "(" not in d[1]:  # a constant (on, off, dud): its value
                return default_session().value(name)
            from ._values import _builtin_doc

            return _Builtin(name, _builtin_doc(name))
    raise AttributeError(f"module 'cgt' has no attribute {name!r}")


def __getattr__(name: str) -> Any:
    if name in _CONSTANTS:
        return as_game(_CONSTANTS[name])
    if name.startswith("_"):
        raise AttributeError(f"module 'cgt' has no attribute {name!r}")
    return _builtin(name)


def __dir__():
    from . import _native

    return sorted(set(globals()) | set(_CONSTANTS) | {d[0] for d in _native.Engine.docs()})


__all__ = [
    "CgtError",
    "Failed",
    "Game",
    "Number",
    "Picture",
    "Position",
    "Session",
    "Table",
    "Thermograph",
    "Value",
    "WinningMoves",
    "default_memory",
    "default_session",
    "eval",
    "game",
    "number",
    "star",
    "sweep",
    "table",
    "value",
]
