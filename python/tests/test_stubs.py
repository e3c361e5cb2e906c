"""The type stubs name every built-in (as a module function, and as a method of games
where it takes a game first), so that mypy catches a misspelt name. The generated part of
cgt/__init__.pyi is checked against the built-ins here; UPDATE_STUBS=1 rewrites it."""

import os
import pathlib
import re
import shutil
import subprocess
import sys

import pytest

from cgt import _native

STUB = pathlib.Path(__file__).resolve().parents[1] / "cgt" / "__init__.pyi"
MARK = "# --- generated from the built-ins' documentation: UPDATE_STUBS=1 pytest python/tests/test_stubs.py ---\n"


def _defined(text, cls):
    """The names defined in the class ``cls`` of the hand-written stub."""
    body = re.search(rf"^class {cls}\b.*?:\n((?:    .*\n|\n)*)", text, re.M)
    return set(re.findall(r"def (\w+)\(", body.group(1))) if body else set()


def generated(hand_written):
    names_in_module = set(re.findall(r"^def (\w+)\(", hand_written, re.M)) | set(re.findall(r"^(\w+): ", hand_written, re.M))
    taken = set()
    for cls in ("Value", "Game", "Position"):
        taken |= _defined(hand_written, cls)
    module, methods = [], []
    for name, sig, *_ in _native.Engine.docs():
        if not name.isidentifier() or name in ("eval",):
            continue
        call = re.match(r"\w+\((.*)\)$", sig)
        if name not in names_in_module:
            module.append(f"def {name}(*args: Any) -> Any: ...  # {sig}" if call else f"{name}: Value  # a constant")
        if call and re.match(r"[gp]\b", call.group(1)) and name not in taken:
            methods.append(f"    def {name}(self, *args: Any) -> Any: ...  # {sig}")
    return "".join(
        [MARK, "class _GameMethods:\n", "\n".join(sorted(methods)), "\n\n", "\n".join(module), "\n"]
    )


def test_the_stub_names_every_built_in():
    text = STUB.read_text()
    hand_written = text.split(MARK)[0]
    want = hand_written + generated(hand_written)
    if os.environ.get("UPDATE_STUBS"):
        STUB.write_text(want)
    assert text == want, "the stub is out of date: UPDATE_STUBS=1 pytest python/tests/test_stubs.py"


def test_mypy_strict_catches_a_misspelt_method(tmp_path):
    if shutil.which("mypy") is None and subprocess.run([sys.executable, "-m", "mypy", "--version"], capture_output=True).returncode:
        pytest.skip("mypy is not installed")
    good = tmp_path / "good.py"
    good.write_text(
        "import cgt\n"
        "g: cgt.Game = cgt.game('{1|-1}') + cgt.up\n"
        "t = g.temperature\n"
        "c = g.cool(1)\n"
        "k = cgt.kayles(7).grundy\n"
        "v = cgt.nim_values(cgt.kayles, range(5))\n"
    )
    bad = tmp_path / "bad.py"
    bad.write_text("import cgt\ng = cgt.game('{1|-1}')\nt = g.temprature\nk = cgt.kayels(7)\n")
    run = lambda f: subprocess.run(  # noqa: E731
        [sys.executable, "-m", "mypy", "--strict", "--no-incremental", str(f)], capture_output=True, text=True
    )
    ok = run(good)
    assert ok.returncode == 0, ok.stdout
    typo = run(bad)
    assert typo.returncode != 0 and "temprature" in typo.stdout and "kayels" in typo.stdout
