"""The cgt Jupyter kernel, run by Jupyter's own client libraries: a notebook of cgt cells
executed by nbclient, completion and interrupt through jupyter_client."""

import subprocess
import sys

import nbformat
import pytest
from nbclient import NotebookClient

jupyter_client = pytest.importorskip("jupyter_client")


@pytest.fixture(scope="module")
def kernel_path(tmp_path_factory):
    """The kernel spec installed under a private prefix, found through JUPYTER_PATH."""
    prefix = tmp_path_factory.mktemp("prefix")
    subprocess.run([sys.executable, "-m", "cgt.kernel", "install", "--prefix", str(prefix)], check=True)
    return str(prefix / "share" / "jupyter")


@pytest.fixture
def jupyter_path(kernel_path, monkeypatch):
    monkeypatch.setenv("JUPYTER_PATH", kernel_path)
    return kernel_path


def run_notebook(cells):
    nb = nbformat.v4.new_notebook()
    nb.cells = [nbformat.v4.new_code_cell(c) for c in cells]
    nb.metadata["kernelspec"] = {"name": "cgt", "display_name": "cgt", "language": "cgt"}
    NotebookClient(nb, kernel_name="cgt", timeout=600, allow_errors=True).execute()
    return nb.cells


def test_a_cgt_notebook_runs_with_pictures_inline(jupyter_path):
    cells = run_notebook(
        [
            "let g = {1 | -1}\ng + ^",
            "outcome(g)\nprint(\"hello\")",
            'domineering("..|..")',
            "thermograph({3 || 2* | 1*})",
            "g + nope",
            ":help temperature",
        ]
    )
    first = cells[0].outputs
    assert [o["data"]["text/plain"] for o in first] == ["{1↑|-1↑}"]
    second = cells[1].outputs
    assert second[0]["data"]["text/plain"] == "N"  # bindings persist across cells
    assert second[1]["output_type"] == "stream" and second[1]["text"] == "hello\n"
    board = cells[2].outputs[0]
    assert board["output_type"] == "display_data"
    assert board["data"]["image/svg+xml"].startswith("<svg") and "<rect" in board["data"]["image/svg+xml"]
    assert board["data"]["image/svg+xml"] in board["data"]["text/html"]
    assert "image/svg+xml" in cells[3].outputs[0]["data"]
    error = cells[4].outputs[-1]
    assert error["output_type"] == "error" and error["ename"] == "CgtError"
    assert error["evalue"] == "unknown name `nope`"
    # The caret report's frame is drawn in Unicode or ASCII, as the environment allows.
    assert any("nope" in line and ("1 |" in line or "1 │" in line) for line in error["traceback"])
    assert "temperature(g)" in cells[5].outputs[0]["text"]


def test_completion_and_interrupt(jupyter_path):
    km, kc = jupyter_client.manager.start_new_kernel(kernel_name="cgt")
    try:
        kc.execute_interactive("let temperate = 1", timeout=60)
        reply = kc.complete("outcome(temp", 12, reply=True, timeout=60)["content"]
        assert "temperate" in reply["matches"] and "temperature" in reply["matches"]
        assert reply["cursor_start"] == 8 and reply["cursor_end"] == 12
        # A computation far longer than any test run; the interrupt ends it. Sent with
        # stop_on_error=False: otherwise ipykernel, after the error reply, aborts requests
        # until its shell thread clears the flag, and on a busy machine the next request
        # can arrive first and come back "aborted" (ipykernel 7's race, not cgt's).
        msg_id = kc.execute(
            "len([a * b for a in 1..3000 for b in 1..3000 for c in 1..1000])",
            stop_on_error=False,
        )
        while True:  # wait until the kernel runs it (its SIGINT handler is then set)
            msg = kc.get_iopub_msg(timeout=60)
            if msg["msg_type"] == "execute_input" and msg["parent_header"].get("msg_id") == msg_id:
                break
        km.interrupt_kernel()
        while True:
            reply = kc.get_shell_msg(timeout=120)
            if reply["parent_header"].get("msg_id") == msg_id:
                break
        assert reply["content"]["status"] == "error"
        assert reply["content"]["ename"] == "KeyboardInterrupt"
        after = kc.execute_interactive("temperate + 1", timeout=60)
        assert after["content"]["status"] == "ok"
    finally:
        kc.stop_channels()
        km.shutdown_kernel(now=True)


def test_kernel_commands_ascii_help_search_time_and_the_output_cap(jupyter_path):
    cells = run_notebook(
        [
            ":ascii",
            "{1 | -1} + ^",
            ":unicode",
            ":help misere",
            ":time kayles(20)",
            "let a = [1]\n" + "let a = [a, a]\n" * 18 + "a",
            ":full",
            "[[1]]",
        ]
    )
    assert cells[1].outputs[0]["data"]["text/plain"] == "{1^|-1^}"
    found = cells[3].outputs[0]["text"]
    assert "misere_outcome" in found and "misere_canonical_form" in found
    timed = cells[4].outputs
    assert timed[0]["data"]["text/plain"] == "*" and timed[1]["text"].endswith(" s)\n")
    capped = cells[5].outputs[0]["data"]["text/plain"]
    assert "cut after 100,000 characters" in capped and len(capped) < 100_200
    assert cells[7].outputs[0]["data"]["text/plain"] == "[[1]]"


def test_is_complete_knows_open_brackets():
    from cgt.kernel.kernel import open_brackets

    assert open_brackets("{1 |") and open_brackets("f(1,\n") and open_brackets('print("(')
    assert not open_brackets("{1 | -1}") and not open_brackets('"{"') and not open_brackets("1 # (")
    # `//` is floor division, not a comment.
    assert open_brackets("7 // (2")


def test_the_kernel_keeps_to_its_memory_budget(jupyter_path):
    """``:memory 16M`` sets the budget; a cell over it ends in CgtError naming the budget
    and the next cell still sees the bindings; ``:memory`` says the budget and where the
    default comes from; a bad size is an error."""
    cells = run_notebook(
        [
            ":memory 16M",
            "let kept = 7",
            "len([[i*j for j in 0..999] for i in 0..2999])",
            "kept + 1",
            ":memory",
            ":memory lots",
        ]
    )
    assert cells[0].outputs[0]["text"].startswith("memory budget: 16.8 MB (the default is ")
    error = cells[2].outputs[-1]
    assert error["output_type"] == "error" and error["ename"] == "CgtError"
    assert "memory budget of 16.8 MB" in error["evalue"]
    assert cells[3].outputs[0]["data"]["text/plain"] == "8"
    assert "half of" in cells[4].outputs[0]["text"]
    assert cells[5].outputs[-1]["output_type"] == "error"


def test_games_are_shown_in_latex_and_cgt_cells_are_highlighted(jupyter_path):
    cells = run_notebook(["{1 | -1} + ^", "1/2", '"a string"', 'domineering("..|..")'])
    assert cells[0].outputs[0]["data"]["text/latex"] == "$\\{1{\\uparrow} \\mid -1{\\uparrow}\\}$"
    assert cells[1].outputs[0]["data"]["text/latex"] == "$\\tfrac{1}{2}$"
    assert "text/latex" not in cells[2].outputs[0]["data"]
    assert cells[3].outputs[0]["data"]["text/latex"] == "$\\pm 1$"


def test_the_pygments_lexer_reads_cgt():
    pygments = pytest.importorskip("pygments")
    from pygments.lexers import get_lexer_by_name, get_lexer_for_filename
    from pygments.token import Comment, Keyword, Name, Number, String

    lexer = get_lexer_by_name("cgt")
    assert type(lexer) is type(get_lexer_for_filename("game.cgt"))
    tokens = [(t, v) for t, v in lexer.get_tokens('let g = {1 | -1} + ^ # comment\nprint(outcome(g), "a\\"b", *3, v)\n')]
    assert (Keyword, "let") in tokens and (Name, "g") in tokens
    assert (Comment.Single, "# comment") in tokens
    assert (Name.Builtin, "outcome") in tokens and (Name.Builtin, "print") in tokens
    assert (Number, "1") in tokens and (Number.Other, "^") in tokens and (Number.Other, "v") in tokens
    assert (String.Escape, '\\"') in tokens
    assert all(t is not pygments.token.Error for t, _ in tokens)
