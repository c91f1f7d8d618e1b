"""Safe output files: a reader never sees a half-written file, and no output destroys an input.

- A regular file (or a new one) is written to a short temporary name beside it and renamed
  over it, so it is complete or untouched.
- A character device, a FIFO or a symlink to one (`/dev/null`, `/dev/stdout`, a named pipe)
  is written into, never renamed over: the node stays what it is.
- An output that is the same file as an input of the command (the files read through
  `note_input`, e.g. every YAML file the command parsed) is refused.
"""
from __future__ import annotations

import errno
import os
import secrets
import stat
from pathlib import Path

from playaids.errors import PlayaidsError

# (device, inode) of every file the running command has read.
_INPUTS: dict[tuple[int, int], str] = {}


def _key(path) -> tuple[int, int] | None:
    try:
        st = os.stat(path)  # follows symlinks: a link to an input is the input
    except (OSError, ValueError):
        return None
    return st.st_dev, st.st_ino


def forget_inputs() -> None:
    """A new command begins: nothing read yet (the CLI calls this; tests run many commands)."""
    _INPUTS.clear()


def note_input(path) -> None:
    """Remember that the command read `path`: no output of this command may replace it."""
    k = _key(path)
    if k is not None:
        _INPUTS.setdefault(k, os.fspath(path))


def _check_target(path: Path) -> os.stat_result | None:
    """The target's stat (following links), None when it does not exist; refuses an input."""
    if str(path) == "":
        raise PlayaidsError("an output path is empty")
    try:
        st = os.stat(path)
    except FileNotFoundError:
        return None
    except NotADirectoryError:
        raise PlayaidsError(f"{path}: a parent of this path is a file, not a folder") from None
    except OSError as e:
        raise PlayaidsError(f"{path}: {e.strerror or e}") from None
    k = (st.st_dev, st.st_ino)
    if k in _INPUTS and stat.S_ISREG(st.st_mode):
        same = "" if os.path.abspath(_INPUTS[k]) == os.path.abspath(path) else f" ({_INPUTS[k]})"
        raise PlayaidsError(f"{path}: is an input of this command{same}; choose another output file")
    if stat.S_ISDIR(st.st_mode):
        raise PlayaidsError(f"{path}: is a folder, not a file")
    return st


def write_bytes(path, data: bytes) -> None:
    write_chunks(path, (data,))


def write_chunks(path, chunks) -> None:
    """Write the byte strings of `chunks` as they come (a long stream is never held whole)."""
    import sys

    if str(path).endswith(("/", os.sep)) or str(path) in (".", ".."):
        raise PlayaidsError(f"{path}: names a folder; give a file name")
    stream = _standard_stream(path)
    if stream is not None:  # `-`, /dev/stdout, /dev/fd/1: written into, the link never replaced
        for c in chunks:
            stream.buffer.write(c)
        stream.buffer.flush()
        return
    path = Path(path)
    if path.is_symlink():   # the link stays a link: its target is written (atomically, beside it)
        path = Path(os.path.realpath(path))
    st = _check_target(path)
    try:
        if st is not None and (stat.S_ISCHR(st.st_mode) or stat.S_ISFIFO(st.st_mode)):
            opened = _open_pipe(path) if stat.S_ISFIFO(st.st_mode) else open(path, "wb")
            with opened as f:  # a device or pipe is written into, never replaced
                for c in chunks:
                    f.write(c)
            return
        if st is not None and not stat.S_ISREG(st.st_mode):
            raise PlayaidsError(f"{path}: not a regular file, a device or a pipe")
        path.parent.mkdir(parents=True, exist_ok=True)
        # a short name: a legal 255-character output name must not fail for its temporary
        tmp = path.parent / f".pa-{secrets.token_hex(4)}.tmp"
        try:
            with open(tmp, "xb") as f:
                for c in chunks:
                    f.write(c)
            os.chmod(tmp, 0o644)
            os.replace(tmp, path)
        except BaseException:
            try:
                os.unlink(tmp)
            except FileNotFoundError:
                pass
            raise
    except OSError as e:  # name the user's file, never the temporary one
        raise PlayaidsError(f"{path}: {e.strerror or e}") from None


PIPE_WAIT = 3.0   # seconds a named pipe may wait for its reader (one started just after us)


def _open_pipe(path: Path):
    """A named pipe opened for writing once a program reads it; one nobody reads is refused
    after PIPE_WAIT seconds instead of blocking forever (issue 25)."""
    import fcntl
    import time

    deadline = time.monotonic() + PIPE_WAIT
    while True:
        try:
            fd = os.open(path, os.O_WRONLY | os.O_NONBLOCK)
            break
        except OSError as e:
            if e.errno != errno.ENXIO:
                raise
            if time.monotonic() >= deadline:
                raise PlayaidsError(f"{path}: a named pipe no program reads (waited {PIPE_WAIT:g} s)") from None
            time.sleep(0.05)
    fcntl.fcntl(fd, fcntl.F_SETFL, fcntl.fcntl(fd, fcntl.F_GETFL) & ~os.O_NONBLOCK)  # writes wait for the reader
    return os.fdopen(fd, "wb")


def _standard_stream(path):
    """sys.stdout or sys.stderr when `path` names it (`-`, /dev/stdout, /dev/fd/2,
    /proc/self/fd/1), else None."""
    import sys

    p = str(path)
    if p == "-":
        return sys.stdout
    for fd, stream in ((1, sys.stdout), (2, sys.stderr)):
        if p in (f"/dev/{'stdout' if fd == 1 else 'stderr'}", f"/dev/fd/{fd}", f"/proc/self/fd/{fd}"):
            return stream
    # any other spelling or link reaching the same file (`//dev/stdout`, a link to /dev/stdout):
    # renamed over, a `>> log` would lose its earlier lines, a pipe would be "No such file" (issue 25)
    try:
        target = os.stat(p)
    except (OSError, ValueError):
        return None
    for fd, stream in ((1, sys.stdout), (2, sys.stderr)):
        try:
            st = os.fstat(fd)
        except OSError:
            continue
        if (st.st_dev, st.st_ino) == (target.st_dev, target.st_ino) and stream is not None:
            _check_target(p)   # still never an input of the command
            return stream
    return None


def write_text(path, text: str) -> None:
    write_bytes(path, text.encode("utf-8"))


def emit(data: str | bytes, out) -> None:
    """What a command outputs, to the file `out` or to standard output (no `out`, or `-`): text
    as it is, a PDF (bytes) only to a pipe, never to a terminal."""
    import sys

    from playaids.errors import printable_text

    if isinstance(data, str):   # an escape sequence held in a data value or a checked file is shown, not run
        data = printable_text(data)
    if out and str(out) != "-":
        write_bytes(out, data.encode("utf-8") if isinstance(data, str) else data)
    elif isinstance(data, str):
        sys.stdout.write(data)
        sys.stdout.flush()
    elif sys.stdout.isatty():
        raise PlayaidsError("pdf output needs -o FILE (or a pipe)")
    else:
        sys.stdout.buffer.write(data)
        sys.stdout.buffer.flush()


def format_for(fmt: str | None, out, choices, default: str) -> str:
    """The format asked for with --format, else the one the -o file's extension names
    (`-o crt.pdf` is a PDF), else `default`."""
    if fmt:
        return fmt
    if out and str(out) != "-":
        ext = Path(str(out)).suffix.lower().lstrip(".")
        ext = {"markdown": "md", "yml": "yaml", "htm": "html", "jsonl": "json"}.get(ext, ext)
        if ext in choices:
            return ext
    return default
