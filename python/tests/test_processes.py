"""cgt in worker processes: pools with each start method answer, in a process that used
cgt before (a forked child starts its own engine; values travel pickled)."""

import multiprocessing
import pickle
from concurrent.futures import ProcessPoolExecutor
from fractions import Fraction

import pytest

import cgt

# A guard against a hang (what the fork start method did): far longer than the work takes.
HANG_GUARD = 300


def grundy_of_kayles(n):
    return cgt.kayles(n).grundy


def value_text(g):
    return str(g)


@pytest.mark.parametrize("method", ["fork", "spawn", "forkserver"])
def test_pools_answer_after_cgt_was_used(method):
    if method not in multiprocessing.get_all_start_methods():
        pytest.skip(f"no {method} here")
    # The parent uses its engine (and keeps a value) before the pool starts.
    kept = cgt.kayles(5)
    assert str(kept) == "*4"
    context = multiprocessing.get_context(method)
    with context.Pool(2) as pool:
        got = pool.map_async(grundy_of_kayles, [3, 4, 5]).get(HANG_GUARD)
        assert got == [3, 1, 4]
        # Values go to the children pickled, and come back.
        back = pool.map_async(value_text, [cgt.game("{1|-1}"), cgt.kayles(4)]).get(HANG_GUARD)
        assert back == ["±1", "*"]
    with ProcessPoolExecutor(1, mp_context=context) as pool:
        assert pool.submit(grundy_of_kayles, 6).result(HANG_GUARD) == 3
    assert str(kept) == "*4" and kept.grundy == 4


def use_inherited(session):
    try:
        session.value("1 + 1")
    except RuntimeError as e:
        return str(e)
    return "answered"


def test_a_session_inherited_through_fork_is_a_clear_error():
    if "fork" not in multiprocessing.get_all_start_methods():
        pytest.skip("no fork here")
    context = multiprocessing.get_context("fork")
    s = cgt.Session()
    s.eval("let x = 1")
    global _INHERITED
    _INHERITED = s
    with context.Pool(1) as pool:
        message = pool.apply_async(_use_the_inherited).get(HANG_GUARD)
    assert "fork" in message and "parent" in message


_INHERITED = None


def _use_the_inherited():
    return use_inherited(_INHERITED)
