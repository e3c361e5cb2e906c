"""`:help` in the kernel: the built-ins by topic, and one built-in's documentation."""

import unicodedata
from collections import OrderedDict

from .. import _native


def _docs():
    return _native.Engine.docs()


def overview() -> str:
    by_topic = OrderedDict()
    for name, _sig, _summary, _ex_in, _ex_out, topic in _docs():
        by_topic.setdefault(topic, []).append(name)
    lines = ["cgt cells are cgt source; bindings persist across cells. Commands:",
             "  :help NAME   one built-in, with an example;  :help WORD   the built-ins about it",
             "  :ascii / :unicode   how games print;  :reset   forget every binding",
             "  :time CELL   run a cell and say how long it took",
             "  :memory [SIZE]   see or set the memory budget (512M, 2G)",
             "  :full   show values whole (:full off: cut after 100,000 characters)",
             "Tab completes names; Shift-Tab shows a built-in's documentation.", ""]
    for topic, names in by_topic.items():
        lines.append(f"{topic}: {', '.join(names)}")
    return "\n".join(lines)


def doc(name: str):
    for n, sig, summary, ex_in, ex_out, _topic in _docs():
        if n == name:
            return f"{sig} — {summary}\n\n> {ex_in}\n{ex_out}"
    return None


def _folded(text: str) -> str:
    """``text`` lower-cased without accents (``misère`` → ``misere``)."""
    decomposed = unicodedata.normalize("NFKD", text.lower())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def search(word: str):
    """The built-ins whose name, summary or topic mention ``word`` (accents aside), one
    line each."""
    key = _folded(word)
    return [f"{sig} — {summary}" for n, sig, summary, _i, _o, t in _docs() if key in _folded(f"{n} {summary} {t}")]


def topic(name: str) -> str:
    found = doc(name)
    if found:
        return found
    hits = search(name)
    if hits:
        return f"Built-ins about {name!r}:\n" + "\n".join(hits)
    return f"no built-in named or about {name!r} (:help lists them)"
