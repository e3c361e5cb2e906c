"""The distribution: ``maturin build`` makes the wheel ``cgt_lang-…-abi3-….whl`` (the
import is ``cgt``), and a fresh virtual environment installs it with nothing else and
imports ``cgt`` and its engine from it, the Pygments lexer registered.

Building the wheel compiles the engine (minutes on a cold cache): the test runs when
``CGT_WHEEL_TEST=1``, or on the wheel named by ``CGT_WHEEL``."""

import os
import pathlib
import shutil
import subprocess
import sys
import venv

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]


def _wheel(tmp_path):
    given = os.environ.get("CGT_WHEEL")
    if given:
        return pathlib.Path(given)
    if not os.environ.get("CGT_WHEEL_TEST"):
        pytest.skip("set CGT_WHEEL_TEST=1 to build the wheel (or CGT_WHEEL=path to test one)")
    maturin = shutil.which("maturin")
    if maturin is None:
        pytest.skip("maturin is not installed")
    out = tmp_path / "wheels"
    subprocess.run(
        [maturin, "build", "--release", "-m", str(ROOT / "python" / "Cargo.toml"), "-o", str(out)],
        check=True,
        capture_output=True,
    )
    (wheel,) = out.glob("*.whl")
    return wheel


def test_the_wheel_installs_in_a_fresh_venv_and_imports_cgt(tmp_path):
    wheel = _wheel(tmp_path)
    assert wheel.name.startswith("cgt_lang-") and "-abi3-" in wheel.name, wheel.name
    env_dir = tmp_path / "fresh"
    venv.EnvBuilder(with_pip=True).create(env_dir)
    python = env_dir / ("Scripts" if os.name == "nt" else "bin") / "python"
    subprocess.run([str(python), "-m", "pip", "install", "--no-index", "--no-deps", "-q", str(wheel)], check=True)
    script = (
        "import cgt, importlib.metadata as m\n"
        "print(m.version('cgt-lang'))\n"
        "print(cgt.game('{1|-1}') + cgt.up)\n"
        "print(cgt.Session(memory='64M').memory)\n"
        "print([e.name for e in m.entry_points(group='pygments.lexers')])\n"
    )
    run = subprocess.run([str(python), "-c", script], capture_output=True, text=True, cwd=tmp_path)
    assert run.returncode == 0, run.stderr
    version, value, memory, lexers = run.stdout.splitlines()
    assert version == "0.1.0"
    assert value == "{1↑|-1↑}"
    assert memory == str(64 << 20)
    assert "cgt" in lexers
