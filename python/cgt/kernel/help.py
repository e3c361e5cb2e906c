"""`:help` in the kernel: the built-ins by topic, and one built-in's documentation."""

from collections import OrderedDict

from .. import _native


def _docs():
    return _native.Engine.docs()


def overview() -> str:
    by_topic = OrderedDict()
    for name, _sig, _summary, _ex_in, _ex_out, topic in _docs():
        by_topic.setdefault(topic, []).append(name)
    lines = ["cgt cells are cgt source; bindings persist across cells. Commands:",
             "  :help NAME   one built-in, with an example",
             "  :ascii / :unicode   how games print;  :reset   forget every binding",
             "Tab completes names; Shift-Tab shows a built-in's documentation.", ""]
    for topic, names in by_topic.items():
        lines.append(f"{topic}: {', '.join(names)}")
    return "\n".join(lines)


def doc(name: str):
    for n, sig, summary, ex_in, ex_out, _topic in _docs():
        if n == name:
            return f"{sig} — {summary}\n\n> {ex_in}\n{ex_out}"
    return None


def topic(name: str) -> str:
    return doc(name) or f"no built-in named {name!r} (:help lists them)"
