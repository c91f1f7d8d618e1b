"""The job runner of `playaids build`: render each job whose inputs (data files, code, options)
changed since the last build, in parallel, one process per core, and write it atomically; a
job's key is kept in OUT/.playaids-cache/documents.json.
"""
from __future__ import annotations

import concurrent.futures
import hashlib
import json
import multiprocessing
import os
from pathlib import Path

from playaids import atomic
from playaids.build import kinds, stamp
from playaids.plugin.aids import Job
from playaids.errors import PlayaidsError

CACHE = Path(".playaids-cache") / "documents.json"

# What the workers are handed by fork (set by `run` before they start, read only): the
# repository holding the loaded data, every kind of aid by name, the files whose first page
# the gallery shows and the output folder (a worker makes a preview as soon as it has written
# such a file).
_RUN: dict = {"repo": None, "kinds": {}, "previews": frozenset(), "out": None}


def _file_key(*paths) -> str:
    h = hashlib.sha256()
    for p in paths:
        p = Path(p)
        h.update(p.name.encode())
        h.update(p.read_bytes() if p.is_file() else b"-")
    return h.hexdigest()


def _key(root, job: Job, code: str) -> str:
    g = root.game_dir(job.game)
    files = [g / "game.yaml", g / "glossary.yaml", *job.inputs]
    return hashlib.sha256(f"{code}|{_file_key(*files)}|{job.kind}|{job.item}|{job.page!r}".encode()).hexdigest()


def render(job: Job, repo, every: dict | None = None) -> bytes:
    """The bytes of one file (a worker's whole task), a PDF finished for the print shop."""
    every = every or kinds.registry()
    return finished(every[job.kind].render(job, repo), job, repo, every)


def finished(data: bytes, job: Job, repo, every: dict | None = None, title: str | None = None) -> bytes:
    """A PDF with the print shop's finishing (render.finish: its aid's title, the game and the
    language in its metadata, font-subset prefixes of its own, DeviceGray when grayscale);
    anything else as it is. The commands that write one aid finish it here too (`title`: the
    aid's own, when its kind's would not fit it)."""
    if job.path.suffix != ".pdf":
        return data
    from playaids.render import finish

    def one_line(s: str) -> str:
        return " / ".join(s.split("\n"))

    kind = (every or kinds.registry())[job.kind]
    game = one_line(repo.game(job.game, with_tables=False).title.get(job.lang))
    title = f"{game}: {one_line(title or kind.title(repo, job, job.lang))}"
    # the identity names the kind: an odds card and a chart card share their file name
    return finish.finish(data, f"{job.game}/{job.kind}/{job.path.name}", title, game, job.lang, job.page.grayscale)


def _work(job: Job):
    try:
        data = render(job, _RUN["repo"], _RUN["kinds"])
        atomic.write_bytes(job.path, data)
        if job.path in _RUN["previews"]:
            from playaids.build import gallery

            gallery.preview(job.path, _RUN["out"], data)
        return None
    except PlayaidsError as e:  # exceptions with custom signatures do not pickle: send the line
        return str(e)
    except Exception as e:
        from playaids.render import page

        if (unfit := page.unfit(e, job.path)) is None:
            raise
        return str(unfit)


def _die_with_parent(parent: int) -> None:
    """A worker ends when the build that started it ends, even by SIGKILL: none is left holding
    the caller's stdout (Linux prctl PR_SET_PDEATHSIG; elsewhere nothing to do)."""
    import signal
    import sys

    # Ctrl-C reaches the whole process group: the build (the parent) handles it and stops the
    # workers at once, so a worker never dies half-way through its own clean-up
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if sys.platform.startswith("linux"):
        import ctypes

        try:
            ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGKILL)  # PR_SET_PDEATHSIG
        except (OSError, AttributeError):
            return
    if os.getppid() != parent:  # the parent died before prctl took effect
        os._exit(1)


def _stop(pool, out: Path) -> None:
    """Ctrl-C: kill the workers now (not after their current file) and remove the temporary
    files they were writing; the finished files stay, each complete."""
    procs = list((getattr(pool, "_processes", None) or {}).values())   # the executor has no public kill
    pool.shutdown(wait=False, cancel_futures=True)
    for proc in procs:
        proc.kill()
    for proc in procs:
        proc.join(2)
    for tmp in out.rglob(".pa-*.tmp"):   # the aids and their previews
        tmp.unlink(missing_ok=True)


def _warm() -> None:
    """Import and load what every renderer needs once, before the workers fork."""
    from playaids import fonts
    from playaids.render import document, glossary_pdf, oddscard, summary, turnsheet  # noqa: F401

    fonts.font_file(fonts.GOTHIC)
    fonts.register()
    fonts.cmap(fonts.GOTHIC)
    document.environment()
    document.font_config()


def run(root, jobs: list[Job], out: Path, workers: int | None = None, progress=None) -> tuple[int, int]:
    """Write the documents whose inputs changed; returns (written, unchanged). `progress(done,
    total)` is called as each file is written."""
    cache_path = out / CACHE
    try:
        cache = json.loads(cache_path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        cache = {}
    if not isinstance(cache, dict):   # a damaged cache is a hint gone: everything is rendered
        cache = {}
    if not cache_path.is_file() or cache_path.is_symlink():   # a folder or a link in its place
        stamp.clear(cache_path)
    code = stamp.code_key()
    todo, keys = [], {}
    for job in jobs:
        rel = str(job.path.relative_to(out))
        keys[rel] = _key(root, job, code)
        entry = cache.get(rel)
        # rendered again when its inputs changed, or when the file is gone or damaged since
        if not isinstance(entry, list) or entry[:1] != [keys[rel]] \
                or entry[1:] != [stamp.file_digest(job.path)]:
            todo.append(job)
    todo.sort(key=lambda j: -j.cost)
    if todo:  # a build that fails half-way must not leave old keys beside new files
        stale = {str(j.path.relative_to(out)) for j in todo}
        atomic.write_text(cache_path, json.dumps({r: k for r, k in cache.items() if r not in stale}, indent=0,
                                                 sort_keys=True) + "\n")
    heavy = [j for j in todo if j.cost > 0]
    done_count = 0

    def tick():
        nonlocal done_count
        done_count += 1
        if progress is not None:
            progress(done_count, len(todo))

    every = kinds.registry()
    for j in (j for j in todo if j.cost == 0):
        atomic.write_bytes(j.path, render(j, root, every))
        tick()
    errors: list[str] = []
    if heavy:
        from playaids.build import gallery

        _RUN.update(repo=root, kinds=every, previews=frozenset(gallery.preview_sources(j.path for j in jobs)), out=out)
        _warm()
        workers = workers or min(len(heavy), os.cpu_count() or 1)
        if workers <= 1:
            for job in heavy:
                if e := _work(job):
                    errors.append(e)
                tick()
        else:
            ctx = multiprocessing.get_context("fork")
            pool = concurrent.futures.ProcessPoolExecutor(workers, mp_context=ctx, initializer=_die_with_parent,
                                                          initargs=(os.getpid(),))
            try:
                futures = {pool.submit(_work, j): i for i, j in enumerate(heavy)}
                failed = []
                for future in concurrent.futures.as_completed(futures):
                    if e := future.result():
                        failed.append((futures[future], e))
                    tick()
                errors = [e for _, e in sorted(failed)]  # the same first error whatever the finishing order
            except KeyboardInterrupt:
                _stop(pool, out)
                raise
            pool.shutdown()
    if errors:
        raise PlayaidsError(errors[0])
    done = {str(j.path.relative_to(out)): [keys[str(j.path.relative_to(out))], stamp.file_digest(j.path)]
            for j in todo}
    atomic.write_text(cache_path, json.dumps({**cache, **done}, indent=0, sort_keys=True) + "\n")
    return len(todo), len(jobs) - len(todo)
