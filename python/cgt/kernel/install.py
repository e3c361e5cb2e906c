"""Writes the kernel spec (kernel.json) and installs it with jupyter_client."""

import argparse
import json
import os
import sys
import tempfile

SPEC = {
    "argv": [sys.executable, "-m", "cgt.kernel", "-f", "{connection_file}"],
    "display_name": "cgt",
    "language": "cgt",
    "interrupt_mode": "signal",
    "metadata": {"debugger": False},
}


def install(argv):
    parser = argparse.ArgumentParser(prog="python -m cgt.kernel install", description="Install the cgt Jupyter kernel.")
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--user", action="store_true", help="for the current user (~/.local/share/jupyter)")
    where.add_argument("--sys-prefix", action="store_true", help="in this Python's prefix (a virtual environment)")
    where.add_argument("--prefix", help="under PREFIX/share/jupyter")
    parser.add_argument("--name", default="cgt", help="the kernel's name (default cgt)")
    args = parser.parse_args(argv)
    from jupyter_client.kernelspec import KernelSpecManager

    prefix = sys.prefix if args.sys_prefix else args.prefix
    with tempfile.TemporaryDirectory() as folder:
        os.chmod(folder, 0o755)
        with open(os.path.join(folder, "kernel.json"), "w") as f:
            json.dump(SPEC, f, indent=1)
        dest = KernelSpecManager().install_kernel_spec(folder, args.name, user=args.user, prefix=prefix)
    print(f"Installed the cgt kernel in {dest}")
    return 0
