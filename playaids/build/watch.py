"""`playaids build --watch`: build, then build again whenever a data file is saved, rendering only
the aids that read it (the runner's per-file cache). The data files are polled (their size and
modification time, as the stamp's layout lists them): no watcher library, nothing to install."""
from __future__ import annotations

import os
import time

from playaids.build import stamp
from playaids.errors import PlayaidsError

INTERVAL = 0.4   # seconds between two looks at the data files


DOUBT_NS = 2_000_000_000   # a file changed this recently is hashed too (coarse timestamps)


def _files(repo):
    """The layout's files of every folder of the data folders, looked for afresh each time (not
    the repository's kept listing: a game.yaml deleted and restored is seen again)."""
    for layer in repo.layers:
        try:
            folders = sorted(p for p in layer.iterdir() if p.is_dir())
        except OSError:
            continue
        for game in folders:
            for pattern in stamp.LAYOUT:
                yield from sorted(game.glob(pattern))


def _signature(repo, known: dict | None = None) -> tuple:
    """What the data files are now: path, size, modification and change times, inode and the
    bytes' digest, read again while a file changed in the last 2 s (a save keeping size and
    mtime, `touch -d`, changes ctime; on a filesystem of coarse times the digest tells).
    `known`: the digests of the last look, (path, mtime, ctime, inode, size) -> SHA-256, updated."""
    import hashlib

    known = {} if known is None else known
    out, digests = [], {}
    now = time.time_ns()
    for path in _files(repo):
        try:
            st = os.stat(path)
            if not (st.st_mode & 0o170000 == 0o100000):   # regular files only: a FIFO is never opened
                continue
            key = (str(path), st.st_mtime_ns, st.st_ctime_ns, st.st_ino, st.st_size)
            if key not in known or now - max(st.st_mtime_ns, st.st_ctime_ns) < DOUBT_NS:
                with open(path, "rb") as f:
                    known[key] = hashlib.sha256(f.read(stamp.MAX_FILE)).hexdigest()
            digests[key] = known[key]
            out.append((*key, digests[key]))
        except OSError:   # removed between the listing and the look: seen at the next look
            continue
    known.clear()
    known.update(digests)   # only the files there now
    return tuple(out)


def watch(repo, build_once, report, interval: float = INTERVAL, rounds: int | None = None) -> None:
    """Call `build_once()` now and after every change to the data files; `report(line)` tells
    what each build did, or the one-line error of a build that failed (a file saved half-way
    through an edit), and the watch goes on. Ctrl-C ends it; `rounds` ends it after so many
    builds (tests)."""
    digests: dict = {}
    seen = _signature(repo, digests)
    done = 0
    while True:
        try:
            report(build_once())
        except PlayaidsError as e:
            report(str(e))
        done += 1
        if rounds is not None and done >= rounds:
            return
        report(f"watching {len(seen)} data files (Ctrl-C to stop)")
        while (now := _signature(repo, digests)) == seen:
            time.sleep(interval)
        seen = now
