"""Values as Python expects them: text printed only when asked (and capped in reprs), reprs
that show the value and evaluate back, games that stay games, numbers that convert,
built-ins passed as values."""

import numbers
import resource
from fractions import Fraction

import pytest

import cgt


def _peak_rss_mb():
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def test_a_value_of_a_gigabyte_of_text_is_not_printed_unless_asked():
    s = cgt.Session()
    # 2^28 copies of "1" in nested brackets: more than a gigabyte of text, built in
    # microseconds (the halves are shared).
    s.eval("let a = [1]\n" + "let a = [a, a]\n" * 28)
    before = _peak_rss_mb()
    m = s.value("{[1] => a}")  # a map keyed by a list: a Value, not converted
    shown = repr(m)
    assert shown.startswith("<cgt map {[1] => [[[[") and "cut" in shown
    assert len(shown) < cgt._values.REPR_LIMIT + 100
    assert m.text(limit=9) == "{[1] => [" + cgt._values.MORE
    # Neither the value nor its repr built the text: the process grew far less than it.
    assert _peak_rss_mb() - before < 200


def test_repr_shows_the_value_and_evaluates_back():
    total = cgt.star(3) + cgt.star(5)
    assert repr(total) == "cgt.game('*6')" and eval(repr(total), {"cgt": cgt}) == total
    g = cgt.game("{1|-1}") + cgt.up
    assert repr(g) == "cgt.game('{1^|-1^}')" and eval(repr(g), {"cgt": cgt}) == g
    # A position keeps its own form (its repr is the call that makes it).
    assert repr(cgt.kayles(7)) == "cgt.value('kayles(7)')"


def test_arithmetic_on_games_gives_games():
    two = cgt.game(1) + cgt.game(1)
    assert isinstance(two, cgt.Game) and two.outcome == "L" and two == 2
    assert isinstance(-cgt.game(3), cgt.Game) and isinstance(cgt.up - cgt.up, cgt.Game)
    assert int(two) == 2 and Fraction(cgt.game("3/4")) == Fraction(3, 4)
    assert isinstance(cgt.game("1/2"), numbers.Rational) and not isinstance(cgt.up, numbers.Rational)
    assert float(cgt.game("-3/2")) == -1.5 and int(cgt.domineering("..")) == -1
    with pytest.raises(TypeError):
        int(cgt.star())
    assert {cgt.game(2): "x"}[2] == "x" and hash(cgt.game("1/2")) == hash(Fraction(1, 2))
    assert not cgt.game(0) and cgt.star() and cgt.game("{1|-1}") + cgt.game("{1|-1}") == 0


def test_star_takes_natural_numbers_only():
    assert str(cgt.star(0)) == "0" and str(cgt.star(4)) == "*4"
    for bad in (-1, 1.5, True, "2"):
        with pytest.raises(ValueError):
            cgt.star(bad)


def test_built_ins_are_values():
    assert cgt.nim_values(cgt.kayles, range(12)) == [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]
    on = cgt.on
    assert isinstance(on, cgt.Value) and str(on) == "on"


def test_errors_underline_what_the_user_wrote():
    with pytest.raises(cgt.CgtError) as info:
        cgt.domineering("..|.x")
    assert 'domineering("..|.x")' in info.value.report and "__py" not in info.value.report
    with pytest.raises(cgt.CgtError) as info:
        cgt.kayles(-1)
    assert "kayles(" in info.value.report and "__py" not in info.value.report


def test_methods_carry_the_built_ins_documentation():
    method = cgt.game("{1|-1}").cool
    assert method.__name__ == "cool" and "cool(" in method.__doc__
    assert "temperature(g)" in cgt.temperature.__doc__


def test_maps_are_dicts_and_sets_are_frozensets_of_games():
    m = cgt.value('{1 => *, "a" => [2], {1|-1} => 3}')
    assert isinstance(m, dict) and m[1] == cgt.star() and m["a"] == [2] and m[cgt.game("+-1")] == 3
    s = cgt.value("set([1, *, ^])")
    assert isinstance(s, frozenset) and all(isinstance(x, cgt.Game) for x in s)
    assert s == frozenset({cgt.game(1), cgt.star(), cgt.up}) and 1 in s


def test_session_settings():
    s = cgt.Session(threads=2)
    assert s.threads == 2 and str(s.value('domineering("...|...")')) == "{2|-1/2}"
    s.threads = 1
    assert s.threads == 1
    with pytest.raises(ValueError):
        cgt.Session(threads=0)


def test_rich_displays_are_capped_too():
    s = cgt.Session()
    s.eval("let a = [1]\n" + "let a = [a, a]\n" * 20)
    m = s.value("{[1] => a}")
    assert isinstance(m, cgt.Value)  # a key with no Python hash: the map stays a cgt value
    html = m._repr_html_()
    assert "cut" in html and len(html) < 11_000


def test_dir_lists_what_applies():
    names = dir(cgt.game("{1|-1}"))
    assert "temperature" in names and "cool" in names and "domineering" not in names
    assert len(names) < 200
