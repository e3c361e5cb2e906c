"""Every kind of value the engine can return is one the package knows (issue 42, item 19):
games (transfinite ones too) become cgt.Game and compute, the others plain Python values
or cgt.Value."""

import pathlib
import re
from fractions import Fraction

import cgt
from cgt import _values

ROOT = pathlib.Path(__file__).resolve().parents[2]

# One expression of each kind.
EXAMPLES = {
    "number": "3/4",
    "game": "{1|-1}",
    "boolean": "true",
    "outcome": "outcome(*)",
    "string": '"a"',
    "list": "[1, 2]",
    "set": "set([1, 2])",
    "map": '{"a" => 1}',
    "function": "x -> x",
    "record": "period(subtraction([1, 2]))",
    "ruleset": "subtraction([1, 3, 4])",
    "thermograph": "thermograph({2|-1})",
    "position": "kayles(3)",
    "sum": "kayles(3) + kayles(2)",
    "text": "phylum(kayles(5))",
    "misere": "*[2#]",
    "loopy": "on",
    "loopy_nim": "canonical_form(impartial_game(n -> if n == 0 then [] else [n - 1, n])(1))",
    "transfinite": "omega",
    "universe": "dicot",
}


def engine_kinds():
    """The kinds named in the engine's source: kind_of and every kind_name."""
    src = (ROOT / "crates/lang/src/session/mod.rs").read_text()
    body = src[src.index("pub fn kind_of") :]
    body = body[: body.index("\n}\n")]
    kinds = set(re.findall(r'=> "([a-z_]+)"', body))
    for path in (ROOT / "crates/lang/src").rglob("*.rs"):
        text = path.read_text().split("#[cfg(test)]")[0]
        for m in re.finditer(r'fn kind_name\(&self\) -> &\'static str \{\s*"([a-z_]+)"', text):
            kinds.add(m.group(1))
    return kinds


def test_every_engine_kind_is_known_and_has_an_example():
    kinds = engine_kinds()
    assert {"transfinite", "misere", "ruleset", "thermograph"} <= kinds
    assert kinds <= _values._GAME_KINDS | _values._OTHER_KINDS, kinds
    # The unit value (of print, say) is never shown as a value.
    assert kinds - {"unit"} <= set(EXAMPLES), kinds - set(EXAMPLES)


def test_each_example_has_its_kind_and_its_python_class():
    s = cgt.Session()
    for kind, source in EXAMPLES.items():
        shown = s._run(source)[0]
        assert shown and shown[-1][1] == kind, (kind, source, shown)
        value = s.value(source)
        if kind in _values._GAME_KINDS - {"number"}:
            assert isinstance(value, cgt.Game), (kind, value)
        elif kind == "number":
            assert value == Fraction(3, 4)


def test_omega_is_a_game():
    omega = cgt.game("omega")
    assert isinstance(omega, cgt.Game)
    assert str(omega) == "ω" and omega.ascii == "omega"
    assert str(omega + 1) == "ω + 1"
    assert str(omega - omega) == "0"
    assert omega > 1000 and omega == cgt.game("omega")
    assert repr(omega) == "cgt.game('omega')"
