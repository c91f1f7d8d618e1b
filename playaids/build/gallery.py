"""output/index.html: every aid by game, a PNG preview of its first page, links to the files."""
from __future__ import annotations

import hashlib
import html
import re
from pathlib import Path

from playaids import atomic
from playaids.errors import PlayaidsError

PREVIEW_DPI = 100   # a title and a table heading are readable in the thumbnail
KINDS = [("charts", "Chart cards / チャート"), ("odds", "Odds cards / 確率カード"), ("summary", "Rule summary / ルール要約"),
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


def preview_png(pdf: bytes) -> bytes:
    """The first page of a PDF as PNG at PREVIEW_DPI (PDFium, in process: a quarter of the
    cost of a pdftoppm process per file)."""
    import io

    import pypdfium2

    doc = pypdfium2.PdfDocument(pdf)
    try:
        image = doc[0].render(scale=PREVIEW_DPI / 72).to_pil()
    finally:
        doc.close()
    buf = io.BytesIO()
    image.save(buf, "PNG", compress_level=3)   # a third faster than the default, files as small
    return buf.getvalue()


def preview(pdf: Path, out: Path, data: bytes | None = None) -> Path:
    """OUT/.previews/<digest of the PDF>.png, made only when no PDF with these bytes has one."""
    data = pdf.read_bytes() if data is None else data
    png = out / ".previews" / f"{hashlib.sha256(data).hexdigest()[:16]}.png"
    if not png.is_file():
        try:
            image = preview_png(data)
        except Exception as e:  # pypdfium2 raises its own PdfiumError, and OSError
            raise PlayaidsError(f"{pdf}: no preview: {e}") from None
        atomic.write_bytes(png, image)
    return png


def _previews(out: Path, pdfs: list[Path]) -> dict:
    """The previews of the gallery (most were made by the build workers as each PDF landed)."""
    return {f: preview(f, out) for f in pdfs}


def preview_sources(paths) -> set[Path]:
    """Of the files a build writes, those whose first page the gallery shows."""
    return {s for _, vs in _aids(sorted(paths)) if (s := _preview_source(vs)) is not None}


_VARIANT = re.compile(r"^(?P<stem>.*?)(?:\.(?P<lang>ja|en|both))?(?:\.(?P<paper>a4|letter|a3|tabloid))?\.pdf$")
_PREFERRED = {"both": 0, "ja": 1, "en": 2, None: 3}


def _aids(files: list[Path]) -> list[tuple[str, list[Path]]]:
    """Files grouped by aid: the language and paper variants of one PDF form one aid."""
    groups: dict = {}
    for f in files:
        m = _VARIANT.match(f.name) if f.suffix == ".pdf" else None
        key = (f.parent, m.group("stem")) if m else (f.parent, f.name)
        groups.setdefault(key, []).append(f)
    return [(name, sorted(fs, key=lambda f: f.name)) for (_, name), fs in sorted(groups.items())]


def _preview_source(variants: list[Path]) -> Path | None:
    pdfs = [f for f in variants if f.suffix == ".pdf"]
    if not pdfs:
        return None
    return min(pdfs, key=lambda f: (_PREFERRED.get(_VARIANT.match(f.name).group("lang"), 3), f.name))


def write(out: Path, titles: dict, files, names: dict | None = None) -> Path:
    """Write OUT/index.html for `files` (what this build made, under OUT/<game>/): files an earlier
    build left in the folder are not linked; `names`: each file's title (the aid is named by it).
    Returns its path."""
    names = names or {}
    out = Path(out)
    per_game: dict = {}
    for f in sorted(Path(f) for f in files):
        per_game.setdefault(f.relative_to(out).parts[0], []).append(f)
    games = sorted(per_game)
    sources = [s for g in games for _, vs in _aids(per_game[g]) if (s := _preview_source(vs)) is not None]
    pngs = _previews(out, sources)
    sections = []
    for gid in games:
        files = per_game[gid]
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
            for name, variants in _aids(items):
                src = _preview_source(variants)
                title = next((names[v] for v in variants if names.get(v)), "") or name
                img = ""
                if src is not None:
                    png = pngs[src]
                    alt = f"First page of {title}"
                    img = (f'<a href="{html.escape(src.relative_to(out).as_posix())}"><img src="'
                           f'{html.escape(png.relative_to(out).as_posix())}" alt="{html.escape(alt)}" '
                           f'loading="lazy"></a>')
                links = " ".join(
                    f'<a href="{html.escape(v.relative_to(out).as_posix())}">'
                    f'{html.escape(v.name[len(name):].lstrip(".") or v.name)}</a>' for v in variants)
                cards.append(f'<div class="aid">{img}<b>{html.escape(title)}</b><span>{links}</span></div>')
            blocks.append(f"<h3>{html.escape(label)} <small>({len(items)})</small></h3>"
                          f"<div class=\"grid\">{''.join(cards)}</div>")
        title = titles.get(gid, gid)
        sections.append(f'<section id="{html.escape(gid)}"><h2>{html.escape(title)}</h2>{"".join(blocks)}</section>')
    used = {p.name for p in pngs.values()}
    nav = "".join(f'<a href="#{html.escape(g)}">{html.escape(t)}</a>' for g, t in sorted(titles.items())
                  if (out / g).is_dir())
    page = f"""<!doctype html>
<html lang="ja"><head><meta charset="utf-8"><title>playaids — play aids</title>
<style>
body {{ font-family: "IPAexGothic", "Noto Sans CJK JP", sans-serif; margin: 2em; color: #111; }}
nav a {{ margin-right: 1em; }}
.grid {{ display: flex; flex-wrap: wrap; gap: 12px; }}
.aid {{ display: flex; flex-direction: column; width: 240px; font-size: 12px; gap: 2px; }}
.aid a {{ color: #0072B2; }}
.aid img {{ width: 240px; border: 1px solid #999; background: #fff; }}
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
