"""The documents of `playaids build`: turn-record sheets, rule summaries, glossaries.

OUT/<game>/turns/<scenario>.<lang>.<paper>.pdf
OUT/<game>/summary.<lang>.<paper>.pdf
OUT/<game>/glossary.md, glossary.csv, glossary.<paper>.pdf

Every data file is loaded (and any error reported) before rendering starts; the PDFs are then
rendered in parallel, one process per core. A document whose inputs (data files, templates,
renderer code, options) are unchanged since the last build is not rendered again: its key is
kept in OUT/.playaids-cache/documents.json.
"""
from __future__ import annotations

import concurrent.futures
import hashlib
import json
import multiprocessing
import os
from dataclasses import dataclass
from pathlib import Path

from playaids import atomic, buildstamp, glossary, summaries, turns
from playaids.errors import PlayaidsError
from playaids.render.page import PageSpec

CACHE = Path(".playaids-cache") / "documents.json"


@dataclass(frozen=True)
class Job:
    kind: str  # turns | summary | glossary-pdf | glossary-md | glossary-csv
    game: str
    path: Path
    scenario: str | None = None
    lang: str = "both"
    paper: str = "a4"
    grayscale: bool = False
    cost: float = 1.0
    inputs: tuple = ()      # further data files the output depends on
    bleed_mm: float = 0.0
    crop_marks: bool = False

    def spec(self) -> PageSpec:
        return PageSpec(paper=self.paper, lang=self.lang, grayscale=self.grayscale, bleed_mm=self.bleed_mm,
                        crop_marks=self.crop_marks)


# Kinds rendered outside this module (chart cards, setups, CCSS): kind -> render(job, repo)
RENDERERS: dict = {}

# What the workers are handed by fork (set by `run` before they start, read only): the
# repository holding the loaded data, the files whose first page the gallery shows, and the
# output folder (a worker makes a preview as soon as it has written such a file).
_RUN: dict = {"repo": None, "previews": frozenset(), "out": None}


def _file_key(*paths) -> str:
    h = hashlib.sha256()
    for p in paths:
        p = Path(p)
        h.update(p.name.encode())
        h.update(p.read_bytes() if p.is_file() else b"-")
    return h.hexdigest()


def plan(root, out: Path, ids, langs, papers, grayscale=False) -> list[Job]:
    """Load every game's documents (errors surface here) and list the files to write."""
    jobs: list[Job] = []
    for gid in ids:
        game = root.game(gid, with_tables=False)
        d = out / gid
        if root.has(gid, turns.FILE):
            rec = root.turns(gid)
            for s in rec.scenarios:
                for paper in papers:
                    for lang in langs:
                        cost = (2.0 if lang == "both" else 1.0) * (1 + len(s.turns) / 15)
                        jobs.append(Job("turns", gid, d / "turns" / f"{s.id}.{lang}.{paper}.pdf", s.id, lang,
                                        paper, grayscale, cost))
        if root.has(gid, summaries.FILE):
            root.summary(gid)   # errors surface before any rendering
            for paper in papers:
                for lang in langs:
                    jobs.append(Job("summary", gid, d / f"summary.{lang}.{paper}.pdf", None, lang, paper, grayscale,
                                    2.0 if lang == "both" else 1.2))
        if game.glossary:
            jobs.append(Job("glossary-md", gid, d / "glossary.md", cost=0.0))
            jobs.append(Job("glossary-csv", gid, d / "glossary.csv", cost=0.0))
            for paper in papers:
                jobs.append(Job("glossary-pdf", gid, d / f"glossary.{paper}.pdf", None, "both", paper, grayscale,
                                len(game.glossary) / 60))
    return jobs


def _key(root, job: Job, code: str) -> str:
    g = root.game_dir(job.game)
    files = [g / "game.yaml", g / "glossary.yaml"]
    if job.kind == "turns":
        files.append(g / turns.FILE)
    if job.kind == "summary":
        files.append(g / summaries.FILE)
    files += list(job.inputs)
    return hashlib.sha256(f"{code}|{_file_key(*files)}|{job.kind}|{job.scenario}|{job.lang}|{job.paper}|"
                          f"{job.grayscale}|{job.bleed_mm}|{job.crop_marks}".encode()).hexdigest()


def render(job: Job, repo) -> bytes:
    """The bytes of one document (a worker's whole task)."""
    if job.kind in RENDERERS:
        return RENDERERS[job.kind](job, repo)
    game = repo.game(job.game, with_tables=False)
    spec = job.spec()
    if job.kind == "turns":
        from playaids.render import turnsheet

        return turnsheet.render(repo.turns(job.game), game, job.scenario, spec)
    if job.kind == "summary":
        from playaids.render import summary

        return summary.render(repo.summary(job.game), game, spec)
    if job.kind == "glossary-pdf":
        from playaids.render import glossary_pdf

        return glossary_pdf.render(game, spec)
    if job.kind == "glossary-md":
        t = game.title
        title = (t.ja if t.ja == t.en else f"{t.ja} / {t.en}") + " — 用語集 / glossary"
        return glossary.to_markdown(game.glossary, title).encode("utf-8")
    if job.kind == "glossary-csv":
        return glossary.to_csv(game.glossary).encode("utf-8")
    raise ValueError(job.kind)


def _work(job: Job):
    try:
        data = render(job, _RUN["repo"])
        atomic.write_bytes(job.path, data)
        if job.path in _RUN["previews"]:
            from playaids import gallery

            gallery.preview(job.path, _RUN["out"], data)
        return None
    except PlayaidsError as e:  # exceptions with custom signatures do not pickle: send the line
        return str(e)


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
    from playaids.render import document, glossary_pdf, summary, turnsheet  # noqa: F401

    fonts.font_file(fonts.GOTHIC)
    fonts.register()
    fonts._cmap(fonts.GOTHIC)
    document.environment()
    document._font_config()


def run(root, jobs: list[Job], out: Path, workers: int | None = None, progress=None) -> tuple[int, int]:
    """Write the documents whose inputs changed; returns (written, unchanged). `progress(done,
    total)` is called as each file is written."""
    cache_path = out / CACHE
    try:
        cache = json.loads(cache_path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        cache = {}
    code = buildstamp.code_key()
    todo, keys = [], {}
    for job in jobs:
        rel = str(job.path.relative_to(out))
        keys[rel] = _key(root, job, code)
        entry = cache.get(rel)
        # rendered again when its inputs changed, or when the file is gone or damaged since
        if not isinstance(entry, list) or entry[:1] != [keys[rel]] \
                or entry[1:] != [buildstamp.file_digest(job.path)]:
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

    for j in (j for j in todo if j.cost == 0):
        atomic.write_bytes(j.path, render(j, root))
        tick()
    errors: list[str] = []
    if heavy:
        from playaids import gallery

        _RUN.update(repo=root, previews=frozenset(gallery.preview_sources(j.path for j in jobs)), out=out)
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
    done = {str(j.path.relative_to(out)): [keys[str(j.path.relative_to(out))], buildstamp.file_digest(j.path)]
            for j in todo}
    atomic.write_text(cache_path, json.dumps({**cache, **done}, indent=0, sort_keys=True) + "\n")
    return len(todo), len(jobs) - len(todo)


def build(root, out: Path, ids, langs, papers, grayscale=False, workers: int | None = None) -> tuple[int, int]:
    jobs = plan(root, out, ids, langs, papers, grayscale)
    return run(root, jobs, out, workers)
