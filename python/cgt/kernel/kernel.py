"""The kernel: ipykernel's Kernel running cells in one cgt.Session."""

import html
import re
import signal

from ipykernel.kernelbase import Kernel

from .. import __version__
from .._session import CgtError, Session
from . import help as cgt_help

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
        "pygments_lexer": "text",
        "codemirror_mode": "text/plain",
    }
    banner = "cgt — combinatorial game theory (type :help)"

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.cgt = Session()

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
            return self._command(command, silent)
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
            _handle, unicode, _ascii, kind, svg, _tikz = shown[line]
            data = {"text/plain": unicode}
            if svg is not None:
                # nbconvert and JupyterLab prefer text/html: it carries the picture too,
                # with a position's value under it.
                caption = f'<div style="font-family:monospace">= {html.escape(unicode)}</div>'
                data["image/svg+xml"] = svg
                under = caption if kind in ("position", "sum") else ""
                data["text/html"] = f'<div class="cgt-figure">{svg}{under}</div>'
            self.send_response(self.iopub_socket, "display_data", {"data": data, "metadata": {}})

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
        elif name == "reset":
            self.cgt.reset()
            text = "Every binding and cache forgotten."
        elif name in ("ascii", "unicode"):
            self.cgt.ascii = name == "ascii"
            text = f"Games print in {name.capitalize() if name == 'unicode' else 'ASCII'}."
        else:
            return self._error("CgtError", f"unknown command :{name}", [f"unknown command :{name} (try :help)"])
        if not silent:
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
        return {"status": "complete"}
