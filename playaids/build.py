"""`playaids build`: every aid of every game into OUT/<game>/, then OUT/index.html.

OUT/<game>/charts/<table>.<lang>.<paper>.pdf      chart cards (ReportLab)
OUT/<game>/setups/<scenario>.seed<N>.yaml         an example setup per scenario
OUT/<game>/setups/<scenario>.seed<N>.<lang>.<paper>.pdf   its setup sheet
plus each game's own aids (games.base.Game.jobs) and the documents of docbuild (turn records, summaries, glossaries).

One job list, one cache of input hashes (data files, code, options) and one process pool:
a warm rebuild renders only what changed.
"""
from __future__ import annotations

import dataclasses
import json
import sys
import time
from pathlib import Path

from playaids import atomic, buildstamp, docbuild, gallery, games
from playaids.docbuild import Job
from playaids.errors import PlayaidsError
from playaids.render.page import PageSpec

EXAMPLE_SEED = 1


def _spec(job: Job) -> PageSpec:
    return job.spec()


def _card(job: Job, repo) -> bytes:
    from playaids.render import cards

    return cards.render(repo.table(job.game, job.scenario), repo.game(job.game, with_tables=False), _spec(job))


def _chartset(job: Job, repo) -> bytes:
    from playaids.render import chartsheet

    return chartsheet.render(repo.game(job.game, with_tables=False), repo.sheets(job.game), repo.tables(job.game),
                             _spec(job))


def _sources(job: Job, repo) -> bytes:
    from playaids import turns
    from playaids.render import sources

    record = repo.turns(job.game) if repo.has(job.game, turns.FILE) else None
    return sources.render(repo.game(job.game, with_tables=False), list(repo.tables(job.game).values()), _spec(job),
                          record)


def _setup(job: Job, repo):
    """The example setup of a scenario, generated and verified once (its YAML and its sheets)."""
    from playaids.engine import api

    key = ("example-setup", job.game, job.scenario)
    if key not in repo.memo:
        setup = api.generate(repo, job.game, job.scenario, EXAMPLE_SEED)
        repo.memo[key] = (setup, *api.verify_setup(repo, setup))
    return repo.memo[key]


def _setup_yaml(job: Job, repo) -> bytes:
    from playaids.engine import setupfile

    return setupfile.dump(_setup(job, repo)[0]).encode("utf-8")


def _setup_sheet(job: Job, repo) -> bytes:
    from playaids.render import setupsheet

    setup, scenario, found = _setup(job, repo)
    return setupsheet.render(repo, setup, scenario, found, _spec(job))


docbuild.RENDERERS.update({"card": _card, "chartset": _chartset, "sources": _sources, "setup-yaml": _setup_yaml, "setup-sheet": _setup_sheet,
                           **games.renderers()})


def plan_aids(root, out: Path, ids, langs, papers, grayscale) -> list[Job]:
    """Chart cards, example setups and sheets, and each game's own aids (games.base.Game.jobs)."""

    jobs: list[Job] = []
    for gid in ids:
        g = root.game_dir(gid)
        root.game(gid, with_tables=False)   # errors surface before any rendering
        for tid in root.table_ids(gid):
            path = g / "tables" / f"{tid}.yaml"
            root.table(gid, tid)  # errors surface before any rendering
            for paper in papers:
                for lang in langs:
                    jobs.append(Job("card", gid, out / gid / "charts" / f"{tid}.{lang}.{paper}.pdf", tid, lang,
                                    paper, grayscale, 0.5, (path,)))
        # the chart set: every table on a few dense sheets, one file per language and paper (issue 14)
        from playaids import chartsets

        root.sheets(gid)   # errors surface before any rendering
        if table_ids := root.table_ids(gid):
            sheet_inputs = tuple(g / "tables" / f"{t}.yaml" for t in table_ids) + tuple(
                p for p in (g / chartsets.FILE,) if p.is_file())
            for paper in papers:
                for lang in langs:
                    jobs.append(Job("chartset", gid, out / gid / f"charts.{lang}.{paper}.pdf", None, lang, paper,
                                    grayscale, 0.4 * len(table_ids), sheet_inputs))
        # the provenance the cards do not print: one document per paper (English notes quoting the seed)
        table_files = tuple(sorted(g.glob("tables/*.yaml"))) + ((g / "turns.yaml",) if (g / "turns.yaml").is_file() else ())
        if table_files:
            for paper in papers:
                jobs.append(Job("sources", gid, out / gid / f"sources.{paper}.pdf", None, "en", paper, grayscale,
                                0.3, table_files))
        for sid in root.scenario_ids(gid):
            scenario = root.scenario(gid, sid)
            if not games.game(gid).example_setups:  # generation needs inputs the data cannot give
                continue
            # what a setup reads: its scenario, the tables its lookups consult, the map facts
            looked = sorted({e["table"] for e in scenario.elements if e.get("kind") == "lookup" and e.get("table")})
            inputs = (g / "scenarios" / f"{sid}.yaml", *(g / "tables" / f"{t}.yaml" for t in looked), g / "map.yaml")
            base = out / gid / "setups" / f"{sid}.seed{EXAMPLE_SEED}"
            jobs.append(Job("setup-yaml", gid, Path(f"{base}.yaml"), sid, cost=0.0, inputs=inputs))
            for paper in papers:
                for lang in langs:
                    jobs.append(Job("setup-sheet", gid, Path(f"{base}.{lang}.{paper}.pdf"), sid, lang, paper,
                                    grayscale, 0.6, inputs))
        jobs += games.game(gid).jobs(root, out, langs, papers, grayscale)
    return jobs


# What `build --only` names: each job kind's group (a game's own kinds say theirs, games.base.Game.groups)
GROUPS = {"card": "charts", "chartset": "charts", "sources": "charts", "summary": "summaries",
          "glossary-pdf": "summaries", "glossary-md": "summaries", "glossary-csv": "summaries", "turns": "turns",
          "setup-yaml": "setups", "setup-sheet": "setups"}


def group(kind: str) -> str:
    return GROUPS.get(kind) or games.kind_groups().get(kind, "")


def build(root, out: Path, games, langs, papers, grayscale=False, bleed_mm=0.0, crop_marks=False,
          force=False, progress=None, key: str | None = None, only=()) -> str:
    """`key`: the build's stamp when the caller has already hashed it (and found it changed);
    `only`: the groups of aids to build (games.base.AID_GROUPS), all when empty."""
    t0 = time.perf_counter()
    if key is None:
        key = buildstamp.stamp(root, buildstamp.options(games, langs, papers, grayscale, bleed_mm, crop_marks, only))
        if not force and (done := buildstamp.nothing_to_do(out, key, t0)):
            return done
    ids = list(games) if games else root.game_ids()
    if not ids:
        raise PlayaidsError(f"{root}: no game folder here (a game is a folder holding game.yaml)")
    known = set(root.game_ids())
    for gid in ids:
        if gid not in known:
            from playaids.errors import UnknownId

            raise UnknownId("game", gid, known)
    out = Path(out)
    if out.exists() and not out.is_dir():
        raise PlayaidsError(f"{out}: --out must be a folder")
    buildstamp.forget(out)
    valid_cache = out / ".playaids-cache" / "valid.json"
    try:
        root.valid_digests.update(json.loads(valid_cache.read_text(encoding="utf-8")))
    except (OSError, ValueError):
        pass
    jobs = docbuild.plan(root, out, ids, langs, papers, grayscale) + plan_aids(root, out, ids, langs, papers,
                                                                               grayscale)
    if only:
        jobs = [j for j in jobs if group(j.kind) in only]
    if bleed_mm or crop_marks:
        jobs = [dataclasses.replace(j, bleed_mm=bleed_mm, crop_marks=crop_marks) for j in jobs]
    if force:
        (out / docbuild.CACHE).unlink(missing_ok=True)
    written, unchanged_ = docbuild.run(root, jobs, out, progress=progress)
    atomic.write_text(valid_cache, json.dumps(sorted(root.valid_digests)[-20000:], indent=0) + "\n")
    titles = {gid: root.game(gid, with_tables=False).title.get("both").replace("\n", " / ") for gid in ids}
    lang = "ja" if list(langs) == ["ja"] else "en"
    index = gallery.write(out, titles, [j.path for j in jobs], {j.path: _aid_title(root, j, lang) for j in jobs})
    previews = sorted((out / ".previews").glob("*.png"))
    buildstamp.record(out, key, [j.path for j in jobs] + previews + [index], ids, len(jobs))
    return buildstamp.summary(written, unchanged_, len(ids), time.perf_counter() - t0, index)


def _aid_title(root, job: Job, lang: str) -> str:
    """What the gallery calls an aid: its title in the build's language."""
    word = {"ja": 0, "en": 1}[lang]
    try:
        if job.kind == "card":
            return root.table(job.game, job.scenario).title.get(lang).replace("\n", " ")
        if job.kind == "turns":
            scen = root.turns(job.game).scenario(job.scenario)
            return f"{('ターン記録', 'Turn record')[word]}: {scen.name.get(lang)}"
        if job.kind.startswith("setup"):

            title = root.scenario(job.game, job.scenario).title
            return f"{('セットアップ例', 'Example setup')[word]}: {title.get(lang) if hasattr(title, 'get') else title}"
    except Exception:   # a title is a nicety: the file name stands in
        return ""
    return {"summary": ("ルール要約", "Rule summary"), "glossary-pdf": ("用語集", "Glossary"),
            "glossary-md": ("用語集", "Glossary"), "glossary-csv": ("用語集", "Glossary"),
            "sources": ("出典と復元", "Sources and reconstructions"), "chartset": ("チャート集", "Chart set"),
            "ccss-blank": ("複合洞窟配置シート（空欄）", "Cave-Complex Setup Sheet (blank)")}.get(job.kind, ("", ""))[word]


def stderr_progress(done: int, total: int) -> None:
    """'done/total' over itself on stderr when it is a terminal (a log gets only the summary);
    the line is cleared once the last file is written."""
    if not sys.stderr.isatty():
        return
    sys.stderr.write(f"\r{done}/{total} files" if done < total else "\r" + " " * (2 * len(str(total)) + 7) + "\r")
    sys.stderr.flush()
