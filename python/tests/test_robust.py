"""What an unlucky program still broke (issue 51): handles kept across Session.reset,
daemon threads inside a cgt call at exit, strings with unusual characters."""

import os
import subprocess
import sys
import textwrap

import pytest

import cgt


def test_a_value_from_before_a_reset_is_refused_not_misread():
    s = cgt.Session()
    g = s.value("{1|-1}")
    s.reset()
    # New games take the store's first places, where g's game used to be.
    s.eval("[{2|}, {0|3}]")
    with pytest.raises(ValueError, match="reset"):
        g.outcome
    with pytest.raises(ValueError, match="reset"):
        -g
    # With fewer games made after the reset: still the clear error, no internal error.
    h = s.value("{5|-5}")
    s.reset()
    with pytest.raises(ValueError, match="reset"):
        h.temperature
    with pytest.raises(ValueError, match="reset"):
        s._call("outcome(__py_0)", h)
    # Values made after the reset work.
    k = s.value("{1|-1}")
    assert k.outcome == "N" and str(-k) == "±1"


_EXIT_SCRIPT = """
import os, sys, threading, atexit
import cgt
path = sys.argv[1]
if sys.argv[2] == "unprotected":
    atexit.unregister(cgt._native._at_exit)

def work():
    s = cgt.Session()
    s.value(f'nim_values_to_file(kayles, 20000000, "{path}")')

threading.Thread(target=work, daemon=True).start()
# Exit once the engine is inside the call (it has created the file).
while not os.path.exists(path):
    threading.Event().wait(0.01)
"""


def _exit_while_writing(tmp_path, mode):
    path = tmp_path / f"kayles-{mode}.bin"
    script = tmp_path / "exit.py"
    script.write_text(textwrap.dedent(_EXIT_SCRIPT))
    done = subprocess.run([sys.executable, str(script), str(path), mode], capture_output=True, text=True)
    return done, path


def test_exit_with_a_daemon_thread_inside_a_call_is_clean_and_keeps_the_file(tmp_path):
    done, path = _exit_while_writing(tmp_path, "protected")
    assert done.returncode == 0, done.stderr
    # The interrupted run brought its file up to date before the process ended.
    values = cgt.nim_values_from_file(str(path), range(10))
    assert values == [0, 1, 2, 3, 1, 4, 3, 2, 1, 4]


def test_without_the_exit_hook_the_process_aborts(tmp_path):
    # The same program with the hook removed shows what it prevents: SIGABRT (CPython ends
    # the daemon thread with pthread_exit through Rust frames), or the file left unwritten.
    done, path = _exit_while_writing(tmp_path, "unprotected")
    try:
        cgt.nim_values_from_file(str(path), range(10))
        readable = True
    except cgt.CgtError:
        readable = False
    assert done.returncode != 0 or not readable


@pytest.mark.parametrize("text", ["a\rb", "a\r\nb", "a\x00b", "a\u202eb", "\\n\"'", "é\U0001F600", ""])
def test_strings_go_in_and_come_back_exactly(text):
    s = cgt.Session()
    s["t"] = text
    assert s["t"] == text
    assert s.value("len(t)") == len(text)
    assert cgt.len(text) == len(text)
    assert s._call("[__py_0, __py_0]", text) == [text, text]
    assert s._call("__py_0", [text, 1, [text]]) == [text, 1, [text]]


def test_integers_of_any_size_cross_exactly():
    big = 7**100_000  # 84,510 digits
    huge = 10**100_000 + 1  # 100,001 digits, past Python's 4,300-digit str limit
    s = cgt.Session()
    s["n"] = huge
    assert s["n"] == huge
    assert s.value("n + 1") == huge + 1
    assert cgt.game(big) - big == 0
    from fractions import Fraction

    f = Fraction(huge, 3)
    assert s._call("__py_0", f) == f


def test_values_pickle_or_say_why_not():
    import pickle

    s = cgt.Session()
    s.eval("let R = impartial_game(n -> [n - k for k in [1, 2] if k <= n])")
    # A misère form pickles as the CGSuite notation it prints in, which reads back.
    for source in [
        '{[1] => 2, "a" => [*]}',
        "on",
        "{0||0|off}",
        'domineering("..|..") + kayles(3)',
        "^*",
        "misere_canonical_form(kayles(5))",
    ]:
        v = s.value(source)
        back = pickle.loads(pickle.dumps(v))
        assert back.kind == v.kind and str(back) == str(v)
    # No source makes these again elsewhere: a clear error, not a failure in the worker.
    for source in ["R(5)", "thermograph({1|-1})", "winning_moves({2|-1})"]:
        with pytest.raises(pickle.PicklingError, match="does not pickle"):
            pickle.dumps(s.value(source))


def test_an_exit_hook_that_uses_cgt_after_its_own_gets_an_error_not_a_hang(tmp_path):
    script = tmp_path / "late.py"
    script.write_text(
        textwrap.dedent(
            """
            import atexit

            def late():  # registered before cgt's own hook, so it runs after it
                import cgt
                try:
                    cgt.value("1 + 1")
                    print("answered")
                except RuntimeError as e:
                    print("refused:", e)

            atexit.register(late)
            import cgt
            print(cgt.value("2 + 2"))
            """
        )
    )
    done = subprocess.run([sys.executable, str(script)], capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert done.stdout.startswith("4\n") and ("refused:" in done.stdout or "answered" in done.stdout)
