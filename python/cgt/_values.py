"""cgt values as Python objects: games, positions, thermographs and the rest.

A value is a handle into its session's engine with its printed forms. Numbers, booleans,
strings, outcome classes, lists and sets become plain Python values; games, positions and
sums become :class:`Game` and :class:`Position`, which compute by running cgt expressions
in their session (``g.temperature`` runs ``temperature(g)``).
"""

from __future__ import annotations

import os
from fractions import Fraction
from numbers import Rational
from typing import Any, List, NamedTuple, Optional

from . import _display
from ._session import Session, default_session, to_source

# Kinds that are games (they print, compare and add as a canonical form).
_GAME_KINDS = {
    "game",
    "number",
    "sum",
    "position",
    "misere",
    "loopy",
    "loopy_nim",
    "transfinite",
}
# The other kinds the engine returns (cgt::Session's kind_of): plain Python values, or a
# Value (a Thermograph for thermographs).
_OTHER_KINDS = {
    "boolean",
    "outcome",
    "string",
    "text",
    "unit",
    "list",
    "set",
    "map",
    "function",
    "record",
    "ruleset",
    "thermograph",
    "universe",
}


class WinningMoves(NamedTuple):
    """A partizan game's winning moves: Left's and Right's, in the game's own terms."""

    left: List[str]
    right: List[str]


def convert(session: Session, shown) -> Any:
    """The Python value of a value handed over ``(handle, kind, data)``."""
    handle, kind, data = shown
    if kind == "number":
        return Fraction(*data) if isinstance(data, tuple) else data
    if kind in ("boolean", "string", "outcome", "text"):
        return data
    if kind == "unit":
        return None
    if kind == "list":
        return [convert(session, e) for e in session._elements(handle) or []]
    if kind == "set":
        return _as_set([_as_member(session, e) for e in session._elements(handle) or []])
    if kind == "map":
        entries = session._engine.entries(handle) or []
        keys = [convert(session, k) for k, _ in entries]
        try:
            for k in keys:
                hash(k)
        except TypeError:  # a key with no Python hash (a list): the map stays a cgt value
            pass
        else:
            return {k: convert(session, v) for k, (_, v) in zip(keys, entries)}
    cls = {
        "position": Position,
        "sum": Position,
        "thermograph": Thermograph,
    }.get(kind, Game if kind in _GAME_KINDS else Value)
    return cls(session, shown)


def _as_member(session: Session, shown) -> Any:
    """A member of a set or a key of a map: games and numbers alike as :class:`Game` (a
    number as a :class:`Number`), so that a set of games is all games."""
    if shown[1] in _GAME_KINDS:
        return game_of(session, shown)
    return convert(session, shown)


def _as_set(items: List[Any]):
    try:
        return frozenset(items)
    except TypeError:  # unhashable members: keep them in order
        return items


def as_game(x: Any, session: Optional[Session] = None) -> "Game":
    """``x`` (a game, a position, an int, a Fraction, cgt source text) as a :class:`Game`
    (a :class:`Number` when it is a number)."""
    if isinstance(x, Game):
        return x
    session = session or default_session()
    if isinstance(x, str):
        shown = session._run(x)[0]
        if len(shown) != 1:
            raise ValueError(f"{x!r} is not one game")
        value = shown[0]
    elif isinstance(x, (int, Rational)) and not isinstance(x, bool):
        value = session._run("__py_0", [x])[0][0]
    else:
        raise TypeError(f"not a game: {x!r}")
    return game_of(session, value, x)


def game_of(session: Session, value, what: Any = None) -> "Game":
    """A value handed over ``(handle, kind, data)`` as a :class:`Game`; TypeError if it is
    not one."""
    kind = value[1]
    if kind not in _GAME_KINDS:
        raise TypeError(f"{what if what is not None else 'the value'!r} is a {kind}, not a game")
    cls = Position if kind in ("position", "sum") else Number if kind == "number" else Game
    return cls(session, value)


# How many characters of a value's text its repr shows (str shows all of it).
REPR_LIMIT = 10_000


class Value:
    """A cgt value held by a session. Its text is printed when first asked for (``str``,
    :attr:`unicode`, :attr:`ascii`), never before: a value whose text would be gigabytes
    costs nothing until then, and its repr shows only the first characters."""

    __slots__ = ("_session", "_handle", "kind", "_data", "_texts", "_own", "__weakref__")

    def __init__(self, session: Session, shown) -> None:
        self._session = session
        self._handle, self.kind, self._data = shown
        self._texts: dict = {}
        self._own: Any = False  # not asked yet

    def text(self, ascii: bool = False, limit: Optional[int] = None) -> str:
        """The printed form (in CGSuite's ASCII when ``ascii``); with ``limit``, its first
        ``limit`` characters and a note that there are more (the rest is not printed)."""
        if ascii in self._texts:
            whole = self._texts[ascii]
            if limit is None or len(whole) <= limit:
                return whole
            return whole[:limit] + MORE
        text, cut = self._session._engine.text(self._handle, bool(ascii), limit)
        if not cut:
            self._texts[ascii] = text
            return text
        return text + MORE

    @property
    def unicode(self) -> str:
        """The printed form with Unicode arrows (``±1↑*``), all of it."""
        return self.text(False)

    @property
    def ascii(self) -> str:
        """The printed form in CGSuite's ASCII (``+-1^*``), all of it."""
        return self.text(True)

    @property
    def _svg(self) -> Optional[str]:
        own = self._own_picture()
        return own[0] if own else None

    @property
    def _tikz(self) -> Optional[str]:
        own = self._own_picture()
        return own[1] if own else None

    def _own_picture(self):
        if self._own is False:
            self._own = self._session._engine.own_picture(self._handle)
        return self._own

    def _source(self) -> str:
        """cgt source for this value (for values of other sessions and pickling)."""
        return self.ascii

    def _call(self, name: str, *args: Any) -> Any:
        """The value of the built-in or function ``name`` applied to this value and ``args``."""
        params = ", ".join(f"__py_{i}" for i in range(len(args) + 1))
        return self._session._call(f"{name}({params})", self, *args)

    def __call__(self, *args: Any) -> Any:
        """Calls a function or a ruleset (``R(5)`` gives a position)."""
        params = ", ".join(f"__py_{i + 1}" for i in range(len(args)))
        return self._session._call(f"__py_0({params})", self, *args)

    def __str__(self) -> str:
        return self.unicode

    def __repr__(self) -> str:
        return f"<cgt {self.kind} {self.text(False, REPR_LIMIT)}>"

    def __getattr__(self, name: str):
        """A record's field (``r.period``), or a built-in as a method: ``g.cool(1)`` is
        ``cool(g, 1)``."""
        if self.kind == "record" and not name.startswith("_"):
            from ._session import CgtError

            try:
                return self._session._call(f"__py_0.{name}", self)
            except CgtError:
                raise AttributeError(name) from None
        if name.startswith("_") or name not in _builtin_names():
            raise AttributeError(name)

        def method(*args: Any) -> Any:
            return self._call(name, *args)

        method.__name__ = method.__qualname__ = name
        method.__doc__ = _builtin_doc(name)
        return method

    def __dir__(self):
        # The built-ins that take a game first are a game's methods; other values list
        # their own attributes only.
        extra = _game_method_names() if isinstance(self, Game) else set()
        return sorted(set(object.__dir__(self)) | extra)

    def __reduce__(self):
        """A value pickles as cgt source that makes it again in any process (a map, a
        loopy game); a value with no such source (a record, a thermograph, a function)
        raises ``pickle.PicklingError`` saying so."""
        return (_value_from_source, (_standalone_source(self),))

    # Pictures and rich display.
    def picture(self) -> Optional["Picture"]:
        """The value's picture: its own (a board, a thermograph) or its game tree."""
        if self._svg is not None:
            return Picture(self._svg, self._tikz)
        drawn = self._session._engine.picture(self._handle)
        return Picture(*drawn) if drawn else None

    def _repr_html_(self) -> str:
        return _display.value_html(self)

    def _repr_pretty_(self, p, cycle) -> None:
        p.text(repr(self))

    def _repr_svg_(self) -> Optional[str]:
        return self._svg

    def _repr_latex_(self) -> Optional[str]:
        return _display.value_latex(self)


class Game(Value):
    """A game: prints in canonical form, adds, negates and compares as cgt does."""

    __slots__ = ()

    def _source(self) -> str:
        return self.ascii

    def __repr__(self) -> str:
        text = self.text(True, REPR_LIMIT)
        if text is self._texts.get(True):
            return f"cgt.game({text!r})"
        return f"<cgt {self.kind} {text}>"

    def __reduce__(self):
        if self.kind in ("game", "number"):  # every printed short game parses back
            return (_game_from_source, (self._source(),))
        return (_game_from_source, (_standalone_source(self),))

    # Arithmetic and order: each runs the cgt operator; arithmetic gives a Game (a sum of
    # games that are not positions is its value, as a number or a canonical form).
    def _op(self, op: str, other: Any, swap: bool = False, game: bool = False):
        if not isinstance(other, (Value, int, Rational)) or isinstance(other, bool):
            return NotImplemented
        a, b = (other, self) if swap else (self, other)
        if not game:
            return self._session._call(f"__py_0 {op} __py_1", a, b)
        return self._session._game(f"__py_0 {op} __py_1", a, b, keep_positions=_has_position(a, b))

    def __add__(self, other):
        return self._op("+", other, game=True)

    def __radd__(self, other):
        return self._op("+", other, swap=True, game=True)

    def __sub__(self, other):
        return self._op("-", other, game=True)

    def __rsub__(self, other):
        return self._op("-", other, swap=True, game=True)

    def __mul__(self, other):
        return self._op("*", other, game=True)

    def __rmul__(self, other):
        return self._op("*", other, swap=True, game=True)

    def __neg__(self):
        return self._session._game("-__py_0", self, keep_positions=isinstance(self, Position))

    def __pos__(self):
        return self

    def __eq__(self, other):
        return self._op("==", other)

    def __ne__(self, other):
        return self._op("!=", other)

    def __le__(self, other):
        return self._op("<=", other)

    def __lt__(self, other):
        return self._op("<", other)

    def __ge__(self, other):
        return self._op(">=", other)

    def __gt__(self, other):
        return self._op(">", other)

    def confused_with(self, other) -> bool:
        """``g <> h``: neither is ≥ the other (the first player wins ``g - h``)."""
        return self._op("<>", other)

    fuzzy = confused_with

    def __hash__(self) -> int:
        # Equal games print identically; a number hashes as the Python number it equals.
        value = self._number()
        return hash(value) if value is not None else hash(("cgt", self._value_text()))

    def _value_text(self) -> str:
        return self.ascii

    def _number(self):
        """The number this game is (an int or a Fraction), or None."""
        if not self._call("is_number"):
            return None
        return self._call("mean")

    def __bool__(self) -> bool:
        """A game is true when it is not zero (as a number is)."""
        return bool(self._op("!=", 0))

    def __int__(self) -> int:
        n = self._number()
        if n is None or Fraction(n).denominator != 1:
            raise TypeError(f"{self.text(False, 80)} is not an integer")
        return int(n)

    __index__ = __int__

    def __float__(self) -> float:
        n = self._number()
        if n is None:
            raise TypeError(f"{self.text(False, 80)} is not a number")
        return float(n)

    # Properties named as in the language.
    @property
    def outcome(self) -> str:
        """The outcome class: L, R, N or P."""
        return self._call("outcome")

    @property
    def canonical_form(self) -> "Game":
        """The canonical form, as a game (a position's value)."""
        if self.kind in ("game", "number", "position", "sum"):
            return self._session._game("canonical_form(__py_0)", self)
        # Every printed value parses back to the same game (docs/reference.md, Printing).
        return as_game(self.ascii, self._session)

    @property
    def left_options(self) -> List["Game"]:
        """Left's options of the canonical form."""
        return [as_game(g, self._session) for g in self._call("left_options")]

    @property
    def right_options(self) -> List["Game"]:
        """Right's options of the canonical form."""
        return [as_game(g, self._session) for g in self._call("right_options")]

    @property
    def temperature(self):
        return self._call("temperature")

    @property
    def mean(self):
        return self._call("mean")

    @property
    def left_stop(self):
        return self._call("left_stop")

    @property
    def right_stop(self):
        return self._call("right_stop")

    @property
    def birthday(self) -> int:
        return self._call("birthday")

    @property
    def atomic_weight(self):
        return self._call("atomic_weight")

    @property
    def reduced_canonical_form(self) -> "Game":
        return as_game(self._call("reduced_canonical_form"), self._session)

    @property
    def is_number(self) -> bool:
        return self._call("is_number")

    @property
    def is_nimber(self) -> bool:
        return self._call("is_nimber")

    @property
    def is_infinitesimal(self) -> bool:
        return self._call("is_infinitesimal")

    @property
    def is_all_small(self) -> bool:
        return self._call("is_all_small")

    @property
    def nim_value(self) -> int:
        return self._call("nim_value")

    @property
    def winning_moves(self):
        """The winning moves in the game's own terms (for a sum: which component): a list
        for an impartial game, ``WinningMoves(left=[…], right=[…])`` for a partizan one."""
        moves = self._call("winning_moves")
        if isinstance(moves, Value) and moves.kind == "record":
            return WinningMoves(moves.left, moves.right)
        return moves

    def thermograph(self) -> "Thermograph":
        """The thermograph (it draws itself in a notebook)."""
        return self._call("thermograph")

    def tree(self) -> "Picture":
        """The canonical game tree as a picture."""
        drawn = self._session._engine.picture(self._session._handle(self.canonical_form))
        return Picture(*drawn)

    def explain(self) -> str:
        """How the canonical form is derived, step by step."""
        return self._call("explain")

    def latex(self) -> str:
        """The value in LaTeX."""
        return self._call("latex")


class Position(Game):
    """A position of a ruleset (or a sum of them): a game that keeps its own form."""

    __slots__ = ()

    def _source(self) -> str:
        return self._session._engine.written(self._handle)

    def __repr__(self) -> str:
        return f"cgt.value({self._source()!r})"

    def __reduce__(self):
        return (_value_from_source, (_standalone_source(self),))

    @property
    def position(self) -> Any:
        """How the position is written: its board, string or ruleset argument."""
        return self._call("position")

    @property
    def left_moves(self) -> List["Position"]:
        """Left's moves, as positions of the same game."""
        return self._call("left_moves")

    @property
    def right_moves(self) -> List["Position"]:
        """Right's moves, as positions of the same game."""
        return self._call("right_moves")

    @property
    def grundy(self) -> int:
        """The Grundy value of an impartial position."""
        return self._call("grundy")



class Number(Game):
    """A game that is a number: ``int(g)``, ``Fraction(g)`` and ``float(g)`` give it, and it
    counts as a ``numbers.Rational``."""

    __slots__ = ()

    def _number(self):
        data = self._data
        if data is None:  # made from source text
            return Game._number(self)
        return Fraction(*data) if isinstance(data, tuple) else data

    @property
    def numerator(self) -> int:
        return Fraction(self._number()).numerator

    @property
    def denominator(self) -> int:
        return Fraction(self._number()).denominator


Rational.register(Number)


class Thermograph(Value):
    """A thermograph: its walls, mast and temperature; it draws itself."""

    __slots__ = ()


class Picture:
    """An SVG picture (and its TikZ, where cgt draws one)."""

    def __init__(self, svg: str, tikz: Optional[str] = None) -> None:
        self.svg = svg
        self.tikz = tikz

    def _repr_svg_(self) -> str:
        return self.svg

    def _repr_html_(self) -> str:
        return _display.figure(self.svg)

    def __repr__(self) -> str:
        return f"<cgt picture, {len(self.svg)} bytes of SVG>"


_CHECKER: Optional[Session] = None
_CHECKER_PID = 0


def _standalone_source(value: Value) -> str:
    """cgt source for ``value`` that makes it in a session of its own (where nothing is
    bound), checked there; ``pickle.PicklingError`` if there is none."""
    import pickle

    global _CHECKER, _CHECKER_PID
    source = value._source()
    if _CHECKER is None or _CHECKER_PID != os.getpid():
        _CHECKER, _CHECKER_PID = Session(), os.getpid()
    try:
        again = _CHECKER._run(source)[0]
        ok = len(again) == 1 and again[0][1] == value.kind
    except Exception:
        ok = False
    if not ok:
        raise pickle.PicklingError(
            f"a cgt {value.kind} does not pickle: {value.text(False, 80)!s} has no cgt source "
            "that makes it again in another process"
            + (" (its ruleset is defined in this session)" if value.kind in ("position", "sum") else "")
        )
    return source


def _game_from_source(source: str) -> Game:
    return as_game(source)


def _value_from_source(source: str) -> Any:
    return default_session().value(source)


# What ends a text cut short.
MORE = "… (cut: str() or .text() shows all)"


def _has_position(*values: Any) -> bool:
    return any(isinstance(v, Position) for v in values)


_BUILTINS: Optional[set] = None


_GAME_METHODS: Optional[set] = None


def _game_method_names() -> set:
    """The built-ins whose first argument is a game (``temperature(g)``, ``cool(g, t)``)."""
    global _GAME_METHODS
    if _GAME_METHODS is None:
        import re

        from . import _native

        _GAME_METHODS = {n for n, sig, *_ in _native.Engine.docs() if re.match(r"\w+\([gp]\b", sig)}
    return _GAME_METHODS


def _builtin_doc(name: str) -> str:
    """A built-in's documentation: its signature, summary and example."""
    from . import _native

    for n, sig, summary, ex_in, ex_out, _topic in _native.Engine.docs():
        if n == name:
            return f"{sig}\n\n{summary}\n\n>>> {ex_in}\n{ex_out}"
    return ""


def _builtin_names() -> set:
    global _BUILTINS
    if _BUILTINS is None:
        from . import _native

        _BUILTINS = {d[0] for d in _native.Engine.docs()}
    return _BUILTINS
