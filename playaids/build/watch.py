"""`playaids build --watch`: build, then build again whenever a data file is saved, rendering only
the aids that read it (the runner's per-file cache). The data files are polled (their size and
modification time, as the stamp's layout lists them): no watcher library, nothing to install."""
from __future__ import annotations

import os
import time

from playaids.build import stamp
from playaids.errors import PlayaidsError

INTERVAL = 0.4   # seconds between two looks at the data files


def _signature(repo) -> tuple:
    out = []
    for path in stamp.data_files(repo):
        try:
            st = os.stat(path)
            out.append((str(path), st.st_mtime_ns, st.st_size))
        except OSError:   # removed between the listing and the look: seen at the next look
            continue
    return tuple(out)


def watch(repo, build_once, report, interval: float = INTERVAL, rounds: int | None = None) -> None:
    """Call `build_once()` now and after every change to the data files; `report(line)` tells
    what each build did, or the one-line error of a build that failed (a file saved half-way
    through an edit), and the watch goes on. Ctrl-C ends it; `rounds` ends it after so many
    builds (tests)."""
    seen = _signature(repo)
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
        while (now := _signature(repo)) == seen:
            time.sleep(interval)
        seen = now
