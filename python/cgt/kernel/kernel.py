"""The kernel: ipykernel's Kernel running cells in one cgt.Session."""

import html
import re
import signal
import time

from ipykernel.kernelbase import Kernel

from .. import __version__
from .._session import CgtError, Session, default_memory, parse_size
from . import help as cgt_help

# The most characters of a value's text a cell shows (the rest is counted, not sent).
OUTPUT_LIMIT = 100_000

# The kinds of values shown in LaTeX too (games, numbers, positions and sums of games).
_LATEX_KINDS = {"game", "number", "sum", "position", "misere", "transfinite"}

# The longest LaTeX sent beside a value's text (longer values are shown as text only).
LATEX_LIMIT = 10_000

# The name being typed before the cursor.
_NAME_BEFORE = re.compile(r"[A-Za-z_][A-Za-z0-9_]*$")


class CgtKernel(Kernel):
    implementation = "cgt"
    implementation_version = __version__
    language = "cgt"
    language_version = __version__
    language_info = {
        "name": "cgt",
        "mimetype": "text/x-cgt",
        "file_extension": ".cgt",
        "pygments_lexer": "cgt",
        "codemirror_mode": "text/plain",
    }
    banner = "cgt — combinatorial game theory (type :help)"

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.cgt = Session()
        # The most characters of a value a cell shows (:full shows values whole).
        self.output_limit = OUTPUT_LIMIT

    # Interrupts. Jupyter's stop button sends SIGINT. While a cell runs, ipykernel's own
    # handler raises KeyboardInterrupt wherever Python is; one landing in ipykernel's code
    # between the execute request and do_execute would end the request with no reply. So
    # the kernel's handler only records a SIGINT outside the engine call, and do_execute
    # answers it; inside the call it raises, which the engine's wait turns into the
    # session's interrupt flag.

    def pre_handler_hook(self):
        self._interrupted = False
        self._in_eval = False
        self.saved_sigint_handler = signal.signal(signal.SIGINT, self._on_sigint)

    def post_handler_hook(self):
        signal.signal(signal.SIGINT, self.saved_sigint_handler)

    def _on_sigint(self, signum, frame):
        self._interrupted = True
        if self._in_eval:
            raise KeyboardInterrupt

    # -- execution ------------------------------------------------------------------

    async def do_execute(self, code, silent, store_history=True, user_expressions=None, allow_stdin=False, **kwargs):
        command = code.strip()
        if command.startswith(":"):
            if command.split()[0] == ":time":
                return self._timed(code.strip()[len(":time"):], silent)
            return self._command(command, silent)
        return self._run(code, silent)

    def _timed(self, code, silent):
        """``:time CELL``: runs the cell, then says how long it took."""
        start = time.perf_counter()
        reply = self._run(code, silent)
        if not silent:
            took = time.perf_counter() - start
            self.send_response(self.iopub_socket, "stream", {"name": "stdout", "text": f"({took:.3f} s)\n"})
        return reply

    def _run(self, code, silent):
        self._in_eval = True
        try:
            if getattr(self, "_interrupted", False):
                raise KeyboardInterrupt
            shown, lines = self.cgt._engine.eval(code)
        except CgtError as e:
            if not silent:
                self._show(e.outputs, e.lines)
            return self._error("CgtError", e.message, e.report.splitlines())
        except KeyboardInterrupt:
            return self._error("KeyboardInterrupt", "interrupted", ["interrupted"])
        finally:
            self._in_eval = False
        if not silent:
            self._show(shown, lines)
        return self._ok()

    def _show(self, shown, lines):
        """Each printed line in order: text as a stream, values as display data (with
        their picture when they are one)."""
        for line in lines:
            if isinstance(line, str):
                self.send_response(self.iopub_socket, "stream", {"name": "stdout", "text": line + "\n"})
                continue
            handle, kind, _data = shown[line]
            engine = self.cgt._engine
            unicode, cut = engine.text(handle, self.cgt.ascii, self.output_limit)
            if cut:
                unicode += f"… (cut after {self.output_limit:,} characters; :full shows values whole)"
            own = engine.own_picture(handle)
            svg = own[0] if own else None
            data = {"text/plain": unicode}
            tex = None if cut else self._latex(handle, kind)
            if tex is not None:
                data["text/latex"] = tex
            if svg is not None:
                # nbconvert and JupyterLab prefer text/html: it carries the picture too,
                # with a position's value under it.
                caption = f'<div style="font-family:monospace">= {html.escape(unicode)}</div>'
                data["image/svg+xml"] = svg
                under = caption if kind in ("position", "sum") else ""
                data["text/html"] = f'<div class="cgt-figure">{svg}{under}</div>'
            self.send_response(self.iopub_socket, "display_data", {"data": data, "metadata": {}})

    def _latex(self, handle, kind):
        """``$…$`` of a game's value (cgt's ``latex``), which notebooks render as
        mathematics; None for other values."""
        if kind not in _LATEX_KINDS:
            return None
        source = "latex(__py_0 + 0)" if kind in ("position", "sum") else "latex(__py_0)"
        try:
            shown, _lines = self.cgt._engine.eval(source, [("__py_0", handle)])
        except (CgtError, KeyboardInterrupt):
            return None
        tex = shown[-1][2] if shown else None
        return f"${tex}$" if isinstance(tex, str) and len(tex) <= LATEX_LIMIT else None

    def _ok(self):
        return {"status": "ok", "execution_count": self.execution_count, "payload": [], "user_expressions": {}}

    def _error(self, ename, evalue, traceback):
        content = {"ename": ename, "evalue": evalue, "traceback": traceback}
        self.send_response(self.iopub_socket, "error", content)
        return {"status": "error", "execution_count": self.execution_count, **content}

    # -- REPL-style commands --------------------------------------------------------

    def _command(self, command, silent):
        name, _, arg = command[1:].partition(" ")
        arg = arg.strip()
        if name == "help":
            text = cgt_help.topic(arg) if arg else cgt_help.overview()
        elif name == "full":
            self.output_limit = OUTPUT_LIMIT if arg == "off" else None
            text = "Values are shown whole." if self.output_limit is None else f"Values are cut after {OUTPUT_LIMIT:,} characters."
        elif name == "reset":
            self.cgt.reset()
            text = "Every binding and cache forgotten."
        elif name == "memory":
            return self._memory(arg, silent)
        elif name in ("ascii", "unicode"):
            self.cgt.ascii = name == "ascii"
            text = f"Games print in {name.capitalize() if name == 'unicode' else 'ASCII'}."
        else:
            return self._error("CgtError", f"unknown command :{name}", [f"unknown command :{name} (try :help)"])
        if not silent:
            self.send_response(self.iopub_socket, "stream", {"name": "stdout", "text": text + "\n"})
        return self._ok()

    def _memory(self, arg, silent):
        """``:memory [SIZE]``: shows (and sets) the session's memory budget, as the REPL's
        ``:memory`` does."""
        if arg:
            try:
                self.cgt.memory = parse_size(arg)
            except (TypeError, ValueError):
                message = f"`{arg}` is not a size"
                usage = "usage: `:memory SIZE` with SIZE in bytes or with a unit (512M, 2G), or `:memory` to see the budget"
                return self._error("CgtError", message, [message, usage])
        if not silent:
            default, source = default_memory()
            text = f"memory budget: {_human(self.cgt.memory)} (the default is {_human(default)}: {source})"
            self.send_response(self.iopub_socket, "stream", {"name": "stdout", "text": text + "\n"})
        return self._ok()

    # -- completion and inspection ----------------------------------------------------

    async def do_complete(self, code, cursor_pos):
        match = _NAME_BEFORE.search(code[:cursor_pos])
        prefix = match.group(0) if match else ""
        start = cursor_pos - len(prefix)
        matches = self.cgt.completions(prefix) if prefix else []
        return {"status": "ok", "matches": matches, "cursor_start": start, "cursor_end": cursor_pos, "metadata": {}}

    async def do_inspect(self, code, cursor_pos, detail_level=0, omit_sections=()):
        match = _NAME_BEFORE.search(code[:cursor_pos])
        doc = cgt_help.doc(match.group(0)) if match else None
        data = {"text/plain": doc} if doc else {}
        return {"status": "ok", "found": bool(doc), "data": data, "metadata": {}}

    async def do_is_complete(self, code):
        """Incomplete while a bracket or a string is open (the console then reads another
        line), else complete."""
        if code.strip().startswith(":"):
            return {"status": "complete"}
        return {"status": "incomplete", "indent": "  "} if open_brackets(code) else {"status": "complete"}


def _human(n: int) -> str:
    """Bytes as the REPL writes them: ``512 B``, ``3.2 MB``, ``2.9 GB``."""
    if n < 1000:
        return f"{n} B"
    x, units = n / 1000, ["KB", "MB", "GB", "TB"]
    unit = 0
    while x >= 1000 and unit + 1 < len(units):
        x /= 1000
        unit += 1
    return f"{x:.1f} {units[unit]}"


def open_brackets(code: str) -> bool:
    """Whether ``code`` leaves a bracket (``(``, ``[``, ``{``) or a string open; comments
    (``#`` to the end of the line) and strings are skipped."""
    depth = 0
    in_string = False
    i = 0
    while i < len(code):
        c = code[i]
        if in_string:
            if c == "\\":
                i += 1
            elif c == '"':
                in_string = False
        elif c == '"':
            in_string = True
        elif c == "#":
            newline = code.find("\n", i)
            i = len(code) if newline < 0 else newline
            continue
        elif c in "([{":
            depth += 1
        elif c in ")]}":
            depth -= 1
        i += 1
    return in_string or depth > 0
