"""A Pygments lexer for the cgt language: notebooks, nbconvert, Sphinx and ``pygmentize``
highlight cgt source with it. Installed with the package under the name ``cgt``
(``pygments.lexers.get_lexer_by_name("cgt")``, the kernel's ``pygments_lexer``).

The tokens follow the grammar (``crates/lang/grammar/cgt.pest``): ``#`` comments,
keywords, strings with backslash escapes, numbers, the game literals (``^``, ``v``, ``*n``,
``±``, ``↑``, ``↓``, braces and bars), and the names of the built-ins.
"""

from __future__ import annotations

from pygments.lexer import RegexLexer, words
from pygments.token import Comment, Keyword, Name, Number, Operator, Punctuation, String, Text, Whitespace

# The language's keywords (the grammar's `keyword` rule).
KEYWORDS = ("let", "def", "fn", "if", "then", "else", "and", "or", "not", "for", "in", "at", "pass")
CONSTANTS = ("true", "false")


def _builtin_names() -> tuple:
    """The built-ins' names, from the engine's documentation (none if it cannot load)."""
    try:
        from . import _native

        return tuple(sorted({d[0] for d in _native.Engine.docs() if d[0].isidentifier()}, key=len, reverse=True))
    except Exception:
        return ()


class CgtLexer(RegexLexer):
    """cgt, the combinatorial game theory language."""

    name = "cgt"
    aliases = ["cgt"]
    filenames = ["*.cgt"]
    mimetypes = ["text/x-cgt"]

    tokens = {
        "root": [
            (r"\s+", Whitespace),
            (r"#.*?$", Comment.Single),
            (r'"', String.Double, "string"),
            (words(KEYWORDS, suffix=r"\b"), Keyword),
            (words(CONSTANTS, suffix=r"\b"), Keyword.Constant),
            # Down literals (`v`, `vv`, `v3`) before names, as the grammar reads them.
            (r"v+\d*(?![A-Za-z0-9_])", Number.Other),
            (words(_builtin_names(), suffix=r"\b"), Name.Builtin),
            (r"[A-Za-z_][A-Za-z0-9_]*", Name),
            (r"\d+(\.\d+|/\d+)?", Number),
            # Game literals: ups, downs, nimbers, switches, CGSuite's ASCII forms.
            (r"\^+\d*|[↑↓⇑⇓]+|\*|±|\+-|∓", Number.Other),
            (r"->|=>|==|!=|<=|>=|<\||\|>|<>|//|\|\||[-+/%<>=:!]", Operator),
            (r"[{}()\[\],.|;]", Punctuation),
            (r".", Text),
        ],
        "string": [
            (r'\\.', String.Escape),
            (r'[^"\\]+', String.Double),
            (r'"', String.Double, "#pop"),
        ],
    }
