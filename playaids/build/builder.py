"""The build: every kind of aid (build.kinds) planned for every game, rendered where its inputs
changed (build.runner), then the gallery OUT/index.html and the build's stamp.

One job list, one cache of input hashes (data files, code, options) and one process pool: a
warm rebuild renders only what changed.
"""
from __future__ import annotations

import sys
import time
from pathlib import Path

from playaids.build import gallery, kinds, runner, stamp
from playaids.plugin.aids import Job
from playaids.render.page import PageSpec
from playaids.errors import PlayaidsError, UnknownId


def plan(repo, out: Path, ids, pages: list[PageSpec]) -> list[Job]:
    """Every job of every game: the shared kinds of aid, then the game's own (Game.aid_kinds),
    each on `pages` (one PageSpec per paper and language, in build order). Every data file is
    loaded here, so an error surfaces before any rendering."""
    jobs: list[Job] = []
    for gid in ids:
        repo.game(gid, with_tables=False)
        for kind in kinds.SHARED + tuple(repo.rules(gid).aid_kinds):
            jobs += kind().plan(repo, gid, Path(out), pages)
    return jobs


def build(root, out: Path, games, pages: list[PageSpec], force=False, progress=None, key: str | None = None,
          only=()) -> str:
    """`key`: the build's stamp when the caller has already hashed it (and found it changed);
    `only`: the groups of aids to build (kinds.groups()), all when empty."""
    t0 = time.perf_counter()
    if key is None:
        key = stamp.stamp(root, stamp.options(games, pages, only))
        if not force and (done := stamp.nothing_to_do(out, key, t0)):
            return done
    ids = list(games) if games else root.game_ids()
    if not ids:
        raise PlayaidsError(f"{root}: no game folder here (a game is a folder holding game.yaml)")
    known = set(root.game_ids())
    for gid in ids:
        if gid not in known:
            raise UnknownId("game", gid, known)
    out = Path(out)
    if out.exists() and not out.is_dir():
        raise PlayaidsError(f"{out}: --out must be a folder")
    stamp.forget(out)
    # every data file is checked against its schema on each build that reads it (about 1 s of
    # CPU for all games): a cache in OUT saying "this digest passed" would be a trust anchor
    # anyone who can write OUT could forge (issue 25), so none is kept
    every = kinds.registry()
    jobs = plan(root, out, ids, pages)
    if only:
        jobs = [j for j in jobs if every[j.kind].group in only]
    if force:
        (out / runner.CACHE).unlink(missing_ok=True)
    written, unchanged_ = runner.run(root, jobs, out, progress=progress)
    titles = {gid: {lg: root.game(gid, with_tables=False).title.get(lg).replace("\n", " ") for lg in ("ja", "en")}
              for gid in ids}
    lang = "ja" if {p.lang for p in pages} == {"ja"} else "en"
    files = [gallery.File(j.path, j.kind, j.lang, {lg: _aid_title(root, j, lg, every) for lg in ("ja", "en")},
                          dict(zip(("ja", "en"), every[j.kind].label))) for j in jobs]
    index = gallery.write(out, titles, files, lang)
    previews = sorted((out / ".previews").glob("*.png"))
    stamp.record(out, key, [j.path for j in jobs] + previews + [index], ids, len(jobs))
    return stamp.summary(written, unchanged_, len(ids), time.perf_counter() - t0, index)


def _aid_title(repo, job: Job, lang: str, every: dict) -> str:
    """What the gallery calls an aid: its title in the build's language."""
    try:
        return every[job.kind].title(repo, job, lang)
    except Exception:   # a title is a nicety: the file name stands in
        return ""


def stderr_progress(done: int, total: int) -> None:
    """'done/total' over itself on stderr when it is a terminal (a log gets only the summary);
    the line is cleared once the last file is written."""
    if not sys.stderr.isatty():
        return
    sys.stderr.write(f"\r{done}/{total} files" if done < total else "\r" + " " * (2 * len(str(total)) + 7) + "\r")
    sys.stderr.flush()
