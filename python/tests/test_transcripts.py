"""The API gives the answers the transcripts give: every active transcript (not PENDING)
is fed, input by input, to one cgt.Session, and the printed lines must be the expected
ones (an error is `!! message`, from CgtError.message)."""

import pytest

import cgt
from conftest import TRANSCRIPTS


def pending():
    lines = (TRANSCRIPTS / "PENDING").read_text().splitlines()
    return [l.strip() for l in lines if l.strip() and not l.startswith("#")]


def transcripts():
    skip = pending()
    files = sorted(TRANSCRIPTS.rglob("*.txt"))
    return [f for f in files if not any(str(f.relative_to(TRANSCRIPTS)).startswith(p) for p in skip)]


def cases(text):
    found = []
    for line in text.splitlines():
        if line.startswith(">"):
            found.append((line[1:].removeprefix(" "), []))
        elif line.startswith("#") and not line.startswith("#!"):
            continue
        elif found:
            found[-1][1].append(line)
    for _, expected in found:
        while expected and not expected[-1].strip():
            expected.pop()
    return found


def printed(session, source):
    """The lines cgt prints for `source` (a value printing on several lines counts as
    several)."""
    try:
        texts = session.run(source)[1]
    except cgt.CgtError as e:
        # Values printed before the error, printed now (values come unprinted).
        texts = [session._engine.text(e.outputs[i][0], session.ascii)[0] if isinstance(i, int) else i for i in e.lines]
        texts.append(f"!! {e.message}")
    return [line for text in texts for line in text.split("\n")]


@pytest.mark.parametrize("path", transcripts(), ids=lambda p: str(p.relative_to(TRANSCRIPTS)))
def test_transcript(path):
    session = cgt.Session(ascii=True)
    failures = []
    for source, expected in cases(path.read_text()):
        if source.strip() in (":unicode", ":ascii"):
            session.ascii = source.strip() == ":ascii"
            continue
        got = printed(session, source)
        if got != expected:
            failures.append(f"> {source}\n  expected {expected}\n  got      {got}")
    assert not failures, "\n".join(failures[:10])


def test_there_are_transcripts():
    assert len(transcripts()) >= 20
