"""The memory budget in Python: ``Session(memory=…)`` bounds everything the engine holds on
the heap (the module's allocator counts it, as the ``cgt`` binary's does), a computation
that passes it raises CgtError naming what grew, and the session keeps its bindings. The
default budget follows the process's address-space limit."""

import shutil
import subprocess
import sys
import textwrap

import pytest

import cgt
from cgt import _native

# A list of lists whose elements the tables' estimates do not see: only the heap's count
# stops it. 3 M values (about 100 MB) against a 16 MB budget.
NESTED = "len([[i*j for j in 0..999] for i in 0..2999])"


def test_the_module_counts_its_heap():
    s = cgt.Session()
    before = _native.Engine.heap_in_use()
    s.eval('let big = repeat("ab", 1000000)')
    assert _native.Engine.heap_in_use() >= before + 2_000_000


def test_a_computation_over_the_budget_raises_and_the_session_survives():
    s = cgt.Session(memory="16M")
    assert s.memory == 16 << 20
    s.eval("let kept = 7")
    with pytest.raises(cgt.CgtError) as raised:
        s.eval(NESTED)
    assert "memory budget of 16.8 MB" in raised.value.message
    # Either the heap's poll ("tables and values") or the check before a list is built
    # ("beside … in use"): both read the heap the counting allocator counts.
    message = raised.value.message
    assert "tables and values" in message or "in use" in message, message
    assert "Session(memory=…)" in raised.value.message and "--memory" not in raised.value.message
    assert s["kept"] == 7
    assert s.value("kept + len([1, 2, 3])") == 10
    # The same computation fits a larger budget.
    s.memory = "1G"
    assert s.value(NESTED) == 3000


def test_each_session_keeps_its_own_budget():
    small, large = cgt.Session(memory=16 << 20), cgt.Session(memory="1G")
    with pytest.raises(cgt.CgtError):
        small.eval(NESTED)
    assert large.value(NESTED) == 3000
    small.memory = None
    assert small.memory == cgt.default_memory()[0]


def test_bad_sizes_are_refused():
    with pytest.raises(ValueError):
        cgt.Session(memory="lots")
    with pytest.raises(ValueError):
        cgt.Session(memory=-5)
    with pytest.raises(TypeError):
        cgt.Session(memory=1.5)
    s = cgt.Session()
    s.memory = "1.5GB"
    assert s.memory == 3 << 29


@pytest.mark.skipif(shutil.which("prlimit") is None, reason="prlimit is not installed")
def test_the_default_budget_follows_an_address_space_limit():
    """Under ``ulimit -v`` (1.8 GB: about 330 MB of default budget once the engine's 1 GB
    stack is set aside), a list of 100 M values ends in CgtError instead of an aborted
    Python, and the default session goes on."""
    script = textwrap.dedent(
        """
        import cgt
        bytes_, source = cgt.default_memory()
        assert "address-space limit" in source, source
        cgt.eval("let kept = 7")
        try:
            cgt.value("len([[i*j for j in 0..9999] for i in 0..9999])")
            print("no error")
        except cgt.CgtError as e:
            print(e.message)
        print(cgt.value("kept + 1"))
        """
    )
    run = subprocess.run(
        ["prlimit", "--as=1800000000", sys.executable, "-c", script], capture_output=True, text=True
    )
    assert run.returncode == 0, run.stderr
    message, after = run.stdout.strip().splitlines()
    assert "over the memory budget" in message
    assert after == "8"
