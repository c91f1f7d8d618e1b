"""output/index.html: every aid by game, a PNG preview of its first page, links to the files."""
from __future__ import annotations

import hashlib
import html
import shutil
import subprocess
from pathlib import Path

from playaids import atomic
from playaids.errors import PlayaidsError

PREVIEW_DPI = 40
KINDS = [("charts", "Chart cards / チャート"), ("summary", "Rule summary / ルール要約"),
         ("turns", "Turn records / ターン記録"), ("glossary", "Glossary / 用語集"),
         ("setups", "Example setups / セットアップ例"), ("ccss", "Cave-Complex Setup Sheet / CCSS")]


def _kind(rel: Path) -> str:
    parts = rel.parts
    if len(parts) > 2:
        return parts[1]
    name = parts[-1]
    for k, _ in KINDS:
        if name.startswith(k):
            return k
    return "other"


def preview(pdf: Path, out: Path) -> Path:
    """A PNG of the PDF's first page, made again only when the PDF changed."""
    if shutil.which("pdftoppm") is None:
        raise PlayaidsError("pdftoppm not found: install the Debian package poppler-utils")
    digest = hashlib.sha256(pdf.read_bytes()).hexdigest()[:16]
    png = out / ".previews" / f"{digest}.png"
    if not png.is_file():
        png.parent.mkdir(parents=True, exist_ok=True)
        stem = png.with_suffix("")
        subprocess.run(["pdftoppm", "-png", "-r", str(PREVIEW_DPI), "-f", "1", "-l", "1", "-singlefile",
                        str(pdf), str(stem) + ".tmp"], check=True, capture_output=True, timeout=120)
        Path(str(stem) + ".tmp.png").replace(png)
    return png


def write(out: Path, titles: dict) -> Path:
    """Write OUT/index.html for every file under OUT/<game>/; returns its path."""
    out = Path(out)
    sections = []
    used = set()
    for gid in sorted(p.name for p in out.iterdir() if p.is_dir() and not p.name.startswith(".")):
        files = sorted(f for f in (out / gid).rglob("*") if f.is_file() and not f.name.startswith("."))
        if not files:
            continue
        by_kind: dict = {}
        for f in files:
            by_kind.setdefault(_kind(f.relative_to(out)), []).append(f)
        blocks = []
        for kind, label in KINDS + [("other", "Other / その他")]:
            items = by_kind.get(kind, [])
            if not items:
                continue
            cards = []
            for f in items:
                rel = f.relative_to(out).as_posix()
                img = ""
                if f.suffix == ".pdf":
                    png = preview(f, out)
                    used.add(png.name)
                    img = (f'<img src="{html.escape(png.relative_to(out).as_posix())}" alt="" loading="lazy">')
                cards.append(f'<a class="aid" href="{html.escape(rel)}">{img}<span>{html.escape(f.name)}</span></a>')
            blocks.append(f"<h3>{html.escape(label)} <small>({len(items)})</small></h3>"
                          f"<div class=\"grid\">{''.join(cards)}</div>")
        title = titles.get(gid, gid)
        sections.append(f'<section id="{html.escape(gid)}"><h2>{html.escape(title)}</h2>{"".join(blocks)}</section>')
    nav = "".join(f'<a href="#{html.escape(g)}">{html.escape(t)}</a>' for g, t in sorted(titles.items())
                  if (out / g).is_dir())
    page = f"""<!doctype html>
<html lang="ja"><head><meta charset="utf-8"><title>playaids — play aids</title>
<style>
body {{ font-family: "IPAexGothic", "Noto Sans CJK JP", sans-serif; margin: 2em; color: #111; }}
nav a {{ margin-right: 1em; }}
.grid {{ display: flex; flex-wrap: wrap; gap: 12px; }}
.aid {{ display: flex; flex-direction: column; width: 180px; font-size: 12px; text-decoration: none; color: #0072B2; }}
.aid img {{ width: 180px; border: 1px solid #999; background: #fff; }}
h2 {{ border-bottom: 2px solid #0072B2; }}
</style></head><body>
<h1>playaids — play aids / 対戦支援資料</h1>
<nav>{nav}</nav>
{''.join(sections)}
</body></html>
"""
    # previews of files no longer built are dropped
    pdir = out / ".previews"
    if pdir.is_dir():
        for png in pdir.glob("*.png"):
            if png.name not in used:
                png.unlink()
    index = out / "index.html"
    atomic.write_text(index, page)
    return index
