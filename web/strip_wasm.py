"""Copies a WebAssembly module without its custom sections (names, debug info)."""
import sys


def leb128(data, at):
    """The unsigned LEB128 number at `at` and the offset after it."""
    value, shift = 0, 0
    while True:
        byte = data[at]
        at += 1
        value |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            return value, at


def strip(data):
    assert data[:4] == b"\0asm", "not a WebAssembly module"
    out, at = bytearray(data[:8]), 8
    while at < len(data):
        start = at
        section = data[at]
        size, at = leb128(data, at + 1)
        at += size
        if section != 0:
            out += data[start:at]
    return bytes(out)


if __name__ == "__main__":
    with open(sys.argv[1], "rb") as f:
        stripped = strip(f.read())
    with open(sys.argv[2], "wb") as f:
        f.write(stripped)
