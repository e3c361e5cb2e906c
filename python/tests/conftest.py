"""Shared helpers: where the repository's transcripts and notebooks are."""

import pathlib

REPO = pathlib.Path(__file__).resolve().parents[2]
TRANSCRIPTS = REPO / "tests" / "transcripts"
