"""Games, positions, sessions and errors as Python objects; the answers are the ones the
transcripts (tests/transcripts) give for the same questions."""

import gc
import os
import pickle
import signal
import threading
from fractions import Fraction

import pytest

import cgt


def test_the_readme_example():
    assert str(cgt.game("{1|-1}") + cgt.up) == "{1↑|-1↑}"


def test_games_print_and_repr_evaluates_back():
    g = cgt.game("{1|-1}")
    assert str(g) == "±1" and repr(g) == "cgt.game('+-1')"
    for text in ["{3||2*|1*}", "^*", "3/4", "*3", "{0,*|0}", "-2"]:
        h = cgt.game(text)
        assert eval(repr(h), {"cgt": cgt}) == h
    assert str(cgt.star(3)) == "*3" and str(cgt.star()) == "*" and str(cgt.down) == "↓"


def test_arithmetic_and_order_follow_the_transcripts():
    pm1, g21 = cgt.game("{1|-1}"), cgt.game("{2|1}")
    assert pm1 + pm1 == 0 and str(pm1 + pm1) == "0"  # core/switches.txt
    assert str(-g21) == "{-1|-2}"
    assert str(pm1 + 1) == "{2|0}" and str(1 + pm1) == "{2|0}"
    assert pm1.confused_with(0) and g21 > 0 and not g21 > 1 and g21.confused_with(1)
    assert cgt.up > 0 and cgt.up < Fraction(1, 64) and cgt.down <= 0
    assert cgt.star().confused_with(0) and not cgt.star() >= 0
    assert str(2 * cgt.up) == "⇑" and str(cgt.up - cgt.up) == "0"
    assert str(cgt.star(3) + cgt.star(5)) == "*6"


def test_hash_is_consistent_with_equality():
    assert hash(cgt.game("1")) == hash(1) and cgt.game("1") == 1
    assert hash(cgt.game("1/2")) == hash(Fraction(1, 2))
    a, b = cgt.game("{1|-1}"), cgt.game("{1 | {0|-2}}") + cgt.game("0")
    assert len({cgt.star(2) + cgt.star(2), cgt.game("0"), cgt.game("*") + cgt.star()}) == 1
    assert {a: "x"}[cgt.game("+-1")] == "x"


def test_properties_named_as_in_the_language():
    g = cgt.game("{1|-1}")
    assert g.outcome == "N" and g.temperature == 1 and g.mean == 0
    assert g.left_options == [1] and g.right_options == [-1]
    assert [str(o) for o in cgt.game("{0,*|0}").left_options] == ["0", "*"]
    assert cgt.game("{3||2*|1*}").temperature == Fraction(3, 4)
    assert cgt.up.is_infinitesimal and cgt.game("1/2").is_number
    assert cgt.game("{3|1}").left_stop == 3 and cgt.game("{3|1}").right_stop == 1
    assert str(cgt.game("{2|1}").canonical_form) == "{2|1}"
    assert cgt.game("{1|-1}").cool(1) == cgt.star()  # a built-in as a method
    assert cgt.game("*2").nim_value == 2


def test_thermographs_draw_themselves():
    t = cgt.game("{3||2*|1*}").thermograph()
    assert isinstance(t, cgt.Thermograph)
    svg = t._repr_svg_()
    assert svg.startswith("<svg") and ("<line" in svg or "<path" in svg or "<polyline" in svg)
    assert svg in t._repr_html_()


def test_positions_have_moves_in_their_own_terms():
    d = cgt.domineering("..|..")
    assert str(d) == "±1" and d.position == "..|.."
    assert [m.position for m in d.left_moves] == ["#.|#.", ".#|.#"]
    assert repr(d) == "cgt.value('domineering(\"..|..\")')" and eval(repr(d), {"cgt": cgt}) == d
    tf = cgt.toads_and_frogs("T.F")
    assert [m.position for m in tf.right_moves] == ["TF."]
    k = cgt.kayles(4)
    assert str(k) == "*" and k.grundy == 1
    assert cgt.value("*3 + *5").winning_moves == ["component 2: *5 → *3"]
    assert (cgt.star(3) + cgt.star(5)).winning_moves == ["*6 → 0"]  # Python sums are values
    w = cgt.game("{2|-1}").winning_moves
    assert w == cgt.WinningMoves(left=["{2|-1} → 2"], right=["{2|-1} → -1"])
    assert d.winning_moves.left[0] == 'domineering("..|..") → domineering("#.|#.")'
    assert cgt.misere_outcome(cgt.nim(2) + cgt.nim(2)) == "P"


def test_rulesets_written_in_cgt():
    s = cgt.Session()
    s.eval("let R = impartial_game(n -> [n - k for k in [1, 3, 4] if k <= n])")
    assert str(s["R"](10)) == "*"
    p = s.value("R(7)")
    assert isinstance(p, cgt.Position) and p.grundy == 0 and p.position == 7


def test_pictures_are_svg():
    board = cgt.domineering("..|..")
    assert board._repr_svg_().startswith("<svg") and "<rect" in board._repr_svg_()
    assert board._repr_svg_() in board._repr_html_() and "±1" in board._repr_html_()
    tree = cgt.game("{2|*}").tree()
    assert tree.svg.startswith("<svg") and tree.svg in tree._repr_html_()
    assert cgt.game("{1|-1}")._repr_latex_() == "$\\pm 1$"
    both = cgt.domineering("..|..") + cgt.hackenbush("lrl")
    assert both._repr_svg_().count("<svg") >= 1 and "+" in both._repr_svg_()


def test_session_evaluates_and_keeps_bindings():
    s = cgt.Session()
    assert s.eval("let g = {1 | -1}\ng\n^ + *\noutcome(g)") == [cgt.game("+-1"), cgt.game("^*"), "N"]
    assert s.eval("[1, 1/2, true, \"a\\\"b\"]") == [[1, Fraction(1, 2), True, 'a"b']]
    assert s["g"] == cgt.game("{1|-1}")
    s["h"] = cgt.up
    assert s.value("h + h") == cgt.game("^^")
    values, lines = s.run('1\nprint("two")\n3')
    assert values == [1, 3] and lines == ["1", "two", "3"]
    assert "temperature" in s.completions("temp") and "g" in s.completions("g")
    assert not any(n.startswith("__py") for n in s.completions(""))


def test_errors_carry_message_span_help_and_report():
    s = cgt.Session()
    s.eval("let g = 1")
    with pytest.raises(cgt.CgtError) as info:
        s.eval("g + nope")
    e = info.value
    assert isinstance(e, ValueError)
    assert e.message == "unknown name `nope`" and e.span == (4, 8)
    assert e.help and "nope" in e.report and str(e) == e.report
    with pytest.raises(cgt.CgtError, match="not dyadic"):
        cgt.game("1/3") + cgt.star()


def test_deep_recursion_is_a_clean_error():
    s = cgt.Session()
    s.eval("def f(n) = f(n + 1)")
    with pytest.raises(cgt.CgtError) as info:
        s.eval("f(0)")
    assert info.value.message == "recursion too deep (more than 5000 nested calls)"
    assert s.value("1 + 1") == 2


def test_ctrl_c_interrupts_and_the_session_goes_on():
    s = cgt.Session()
    s.eval("let keep = 5")
    started = threading.Event()
    # The signal is sent once the engine has the job; the loop is far longer than any
    # test machine takes to deliver a signal, so the test does not depend on timing.
    def press_ctrl_c():
        started.wait()
        os.kill(os.getpid(), signal.SIGINT)

    threading.Thread(target=press_ctrl_c).start()
    with pytest.raises(KeyboardInterrupt):
        started.set()
        s.eval("len([a * b for a in 1..3000 for b in 1..3000 for c in 1..1000])")
    assert s.value("keep") == 5


def test_values_are_freed_and_pickle_as_source():
    s = cgt.Session()
    before = s._engine.held()
    kept = [s.value(f"*{i}") for i in range(20)]
    assert s._engine.held() >= before + 20
    del kept
    gc.collect()
    assert s.value("1") == 1 and s._engine.held() <= before + 2
    g = cgt.game("{3||2*|1*}")
    assert pickle.loads(pickle.dumps(g)) == g
    assert repr(pickle.loads(pickle.dumps(cgt.kayles(7)))) == "cgt.value('kayles(7)')"


def test_python_values_go_in_as_cgt_values():
    assert cgt.subtraction([1, 3, 4])(10) == cgt.star()
    assert cgt.len("abc") == 3 and cgt.sort([3, 1, 2]) == [1, 2, 3]
    with pytest.raises(TypeError):
        cgt.len(1.5)


def test_a_positions_canonical_form_is_a_plain_game():
    cf = cgt.domineering("...|...").canonical_form
    assert type(cf) is cgt.Game and repr(cf) == "cgt.game('{2|-1/2}')"


def test_the_gil_is_free_while_the_engine_computes():
    # Another thread waits on a long computation; this thread keeps running Python (it
    # could not if the GIL were held) and stops the computation with Session.interrupt.
    s = cgt.Session()
    result = {}

    def run():
        try:
            s.eval("len([a * b for a in 1..3000 for b in 1..3000 for c in 1..1000])")
        except cgt.CgtError as e:
            result["message"] = e.message

    worker = threading.Thread(target=run)
    worker.start()
    while worker.is_alive():
        s.interrupt()  # again and again: a call clears the flag when it starts
        worker.join(0.05)
    assert result == {"message": "interrupted"}
    assert s.value("2 + 2") == 4
