"""The stamp of a whole build: when the code, the options and every data file are byte for
byte those of the last complete build, and all its outputs are still there, a warm
`playaids build` is over before any data file is parsed or any renderer imported.

Anything else (a changed file, a missing output, --force) goes through the build proper,
whose per-file cache (build.runner) renders only what changed. This module imports nothing heavy.
"""
from __future__ import annotations

import dataclasses
import functools
import hashlib
import json
import os
import shutil
import time
from pathlib import Path

from playaids import atomic, resources

PACKAGE = resources.PACKAGE
TEMPLATES = resources.TEMPLATES
STAMP = Path(".playaids-cache") / "build.json"
# Distributions whose version changes the bytes of an output.
DISTRIBUTIONS = ("weasyprint", "reportlab", "pydyf", "fonttools", "pypdfium2", "pillow", "svgwrite")


@functools.lru_cache(maxsize=None)
def code_key() -> str:
    """The code version: every module of the package, the templates, the renderers' versions
    (from package metadata: importing WeasyPrint to ask would cost a second)."""
    from importlib import metadata

    h = hashlib.sha256()
    for path in sorted(PACKAGE.rglob("*.py")):
        h.update(path.relative_to(PACKAGE).as_posix().encode() + b"\0" + path.read_bytes())
    for t in sorted(TEMPLATES.glob("*")):
        h.update(t.name.encode() + b"\0" + t.read_bytes())
    for dist in DISTRIBUTIONS:
        try:
            h.update(f"{dist}={metadata.version(dist)}".encode())
        except metadata.PackageNotFoundError:
            pass
    return h.hexdigest()


def options(games, pages, only=()) -> dict:
    """What, besides code and data, decides the bytes of a build's outputs: the games, the
    pages (PageSpec: paper, language, the print shop's options), the groups of aids."""
    return {"games": sorted(games or []), "pages": [dataclasses.asdict(p) for p in pages], "only": sorted(only)}


# A game folder's layout: only these files are data (a stray file or folder is never read).
LAYOUT = ("*.yaml", "tables/*.yaml", "scenarios/*.yaml")
MAX_FILE = 2 * 1024 * 1024 + 1  # past the YAML reader's cap the file is an error anyway


def _games(root) -> list[Path]:
    """The game folders a build reads (`<game>/game.yaml` marks one; with several data folders,
    the first holding a game id)."""
    return root.game_dirs()


def data_files(root) -> list[Path]:
    """The files of every game folder's layout under the data folders."""
    return sorted(f for g in _games(root) for pattern in LAYOUT for f in g.glob(pattern) if f.is_file())


def stamp(root, options: dict) -> str:
    """Code, options and the bytes of every data file of the games' layout."""
    h = hashlib.sha256(code_key().encode())
    h.update(json.dumps({**options, "data": [str(g.resolve()) for g in _games(root)]}, sort_keys=True,
                        default=str).encode())
    for game in _games(root):
        for path in sorted(f for pattern in LAYOUT for f in game.glob(pattern) if f.is_file()):
            with open(path, "rb") as f:
                data = f.read(MAX_FILE)
            h.update(f"\0{game.name}/{path.relative_to(game).as_posix()}\0{len(data)}\0".encode())
            h.update(data)
    return h.hexdigest()


def stamp_path(out) -> Path:
    return Path(out) / STAMP


def unchanged(out, key: str) -> dict | None:
    """The record of the last build when it had this stamp and its outputs all exist."""
    try:
        rec = json.loads(stamp_path(out).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(rec, dict) or rec.get("stamp") != key or not isinstance(rec.get("outputs"), dict) \
            or not isinstance(rec.get("games"), list) or not isinstance(rec.get("files", 0), int):
        return None   # the stamp is a hint: a damaged one means "build"
    out = Path(out)
    outputs = rec["outputs"]
    if not all(isinstance(d, str) and _inside(rel) for rel, d in outputs.items()):
        return None
    if any(file_digest(out / rel) != d for rel, d in outputs.items()):
        return None  # an output gone, truncated or changed since: build again
    return rec


def _inside(rel) -> bool:
    """A path of the stamp's outputs that stays in OUT (no `..`, not absolute)."""
    p = Path(rel)
    return bool(rel) and not p.is_absolute() and ".." not in p.parts


def forget(out) -> None:
    """Drop the stamp before a build writes anything: a build that fails half-way must not
    leave a stamp that vouches for its outputs."""
    clear(stamp_path(out))


def clear(path: Path) -> None:
    """A file of the build's own cache folder gone, whatever stands in its place (a folder, a
    link): the cache is a hint, and a damaged one heals on the next build (issue 25 item 10)."""
    if path.is_dir() and not path.is_symlink():
        shutil.rmtree(path)
    else:
        path.unlink(missing_ok=True)


def record(out, key: str, outputs, games: list[str], files: int) -> None:
    """The stamp of a complete build: its outputs (previews and gallery included) and how
    many files it reported."""
    out = Path(out)
    rels = {Path(p).relative_to(out).as_posix(): file_digest(Path(p)) for p in sorted(outputs)}
    atomic.write_text(stamp_path(out), json.dumps({"stamp": key, "games": games, "files": files, "outputs": rels},
                                             indent=0, sort_keys=True) + "\n")


def file_digest(path: Path) -> str | None:
    """Size and SHA-256 of an output file (None when it is missing): a damaged output is known."""
    try:
        with open(path, "rb") as f:
            return f"{os.fstat(f.fileno()).st_size}:{hashlib.file_digest(f, 'sha256').hexdigest()}"
    except OSError:
        return None


def summary(written: int, unchanged_: int, n_games: int, took: float, index: Path) -> str:
    """The line a build ends with."""
    from playaids.words import count

    return (f"built {count(written, 'file')}, {unchanged_} unchanged, for {count(n_games, 'game')} in {took:.1f} s; "
            f"gallery: {index}")


def nothing_to_do(out, key: str, t0: float) -> str | None:
    """The summary line of a build with this stamp when its last run left everything as it is."""
    rec = unchanged(out, key)
    if rec is None:
        return None
    return summary(0, rec.get("files", len(rec["outputs"])), len(rec["games"]), time.perf_counter() - t0,
                   Path(out) / "index.html")
