"""Rich display in notebooks: HTML (with the SVG picture inside, since nbconvert and
JupyterLab prefer text/html over image/svg+xml), SVG and LaTeX for cgt values, and tables.
"""

from __future__ import annotations

import html
from typing import Any, Iterable, Optional, Sequence


# How many characters of a value's text a rich display shows (str() shows all).
DISPLAY_LIMIT = 10_000


def figure(svg: str, caption: Optional[str] = None) -> str:
    """An SVG picture as HTML, with an optional caption under it."""
    cap = f'<div class="cgt-caption" style="font-family:monospace">{html.escape(caption)}</div>' if caption else ""
    return f'<div class="cgt-figure" style="display:inline-block;text-align:center">{svg}{cap}</div>'


def text_html(text: str) -> str:
    return f'<code class="cgt-value">{html.escape(text)}</code>'


def value_html(value) -> str:
    """A value as HTML: its picture (a board, a thermograph, a sum side by side) with its
    printed value under it, or its printed value alone."""
    svg = value._svg
    if svg is None:
        if value.kind == "record":
            table = record_table_html(value)
            if table is not None:
                return table
        return text_html(value.text(False, DISPLAY_LIMIT))
    caption = None
    if value.kind in ("position", "sum"):
        caption = f"= {value.text(False, DISPLAY_LIMIT)}"
    return figure(svg, caption)


def record_table_html(value) -> Optional[str]:
    """A cgt table (``table``, ``periodic_table``, ``pn_table``) as the HTML cgt's ``html``
    writes; ``None`` for any other record."""
    try:
        text = value._session._call("html(__py_0)", value)
    except Exception:
        return None
    return text if isinstance(text, str) else None


def value_latex(value) -> Optional[str]:
    """``$…$`` for games and positions' values (cgt's ``latex``); ``None`` for others."""
    from ._values import _GAME_KINDS

    if value.kind not in _GAME_KINDS:
        return None
    try:
        if value.kind in ("position", "sum"):
            # latex of a position is its TikZ picture; the value's LaTeX is of p + 0.
            tex = value._session._call("latex(__py_0 + 0)", value)
        else:
            tex = value._session._call("latex(__py_0)", value)
    except Exception:
        return None
    return f"${tex}$" if isinstance(tex, str) else None


def cell_html(x: Any) -> str:
    """One table cell: a value's own HTML, or its text."""
    rich = getattr(x, "_repr_html_", None)
    if rich is not None:
        return rich()
    if isinstance(x, list):
        return text_html("[" + ", ".join(str(e) for e in x) + "]")
    return text_html(str(x))


class Table:
    """A table of values (rows of cells, with a header) that a notebook shows as HTML,
    pictures included.

    >>> Table([[1, cgt.game("{1|-1}")]], ["n", "value"])
    """

    def __init__(self, rows: Iterable[Sequence[Any]], header: Optional[Sequence[str]] = None) -> None:
        self.rows = [list(r) for r in rows]
        self.header = list(header) if header is not None else None

    def _repr_html_(self) -> str:
        parts = ['<table class="cgt-table">']
        if self.header:
            parts.append("<thead><tr>" + "".join(f"<th>{html.escape(str(h))}</th>" for h in self.header) + "</tr></thead>")
        parts.append("<tbody>")
        for row in self.rows:
            parts.append("<tr>" + "".join(f"<td>{cell_html(c)}</td>" for c in row) + "</tr>")
        parts.append("</tbody></table>")
        return "".join(parts)

    def __repr__(self) -> str:
        lines = []
        if self.header:
            lines.append("\t".join(str(h) for h in self.header))
        lines.extend("\t".join(str(c) for c in row) for row in self.rows)
        return "\n".join(lines)

    def __len__(self) -> int:
        return len(self.rows)


def table(function, inputs: Iterable[Any], header: Optional[Sequence[str]] = None) -> Table:
    """A table with a row ``[x, function(x)]`` for each input (``function`` a Python
    callable or a cgt expression in ``x``)."""
    from ._sweep import _as_callable

    f = _as_callable(function)
    xs = list(inputs)
    return Table([[x, f(x)] for x in xs], header or ["x", getattr(function, "__name__", str(function))])
