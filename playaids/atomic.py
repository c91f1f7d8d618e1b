"""Atomic file writes: a reader never sees a half-written output file."""
from __future__ import annotations

import os
import tempfile
from pathlib import Path


def write_bytes(path, data: bytes) -> None:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
        os.chmod(tmp, 0o644)
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except FileNotFoundError:
            pass
        raise


def write_text(path, text: str) -> None:
    write_bytes(path, text.encode("utf-8"))


def emit_pdf(data: bytes, out) -> None:
    """A PDF to `out`, or to standard output when it is a pipe (never to a terminal)."""
    import sys

    from playaids.errors import PlayaidsError

    if out:
        write_bytes(out, data)
    elif sys.stdout.isatty():
        raise PlayaidsError("pdf output needs -o FILE (or a pipe)")
    else:
        sys.stdout.buffer.write(data)
