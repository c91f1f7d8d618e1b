"""output/index.html: every aid of a build by game and kind, one tile an aid (all its languages,
papers and formats), a language switch (日本語 / English / 日英) that shows each tile's preview,
title and files in that language, with the `lang` of what it shows."""
from __future__ import annotations

import hashlib
import html
import re
from dataclasses import dataclass, field
from pathlib import Path

from playaids import atomic
from playaids.errors import PlayaidsError

PREVIEW_DPI = 100   # a title and a table heading are readable in the thumbnail
STATES = ("ja", "en", "both")   # the switch: each tile shows its variant of that language
# which variant of an aid each state shows, best first (an aid made in one language alone, or
# bilingual alone, shows it in every state)
FALLBACK = {"ja": ("ja", "both", "en"), "en": ("en", "both", "ja"), "both": ("both", "ja", "en")}
SWITCH = {"ja": "日本語", "en": "English", "both": "日英"}
# sections by the build's kinds of aid (the files of one aid's kinds in one section); a game's
# own kinds follow under their labels
SECTIONS = (
    (("card",), ("チャートカード", "Chart cards")),
    (("chartset",), ("チャート集", "Chart sets")),
    (("odds",), ("確率カード", "Odds cards")),
    (("summary",), ("ルール要約", "Rule summaries")),
    (("turns",), ("ターン記録", "Turn records")),
    (("glossary-pdf", "glossary-md", "glossary-csv"), ("用語集", "Glossary")),
    (("setup-sheet", "setup-yaml"), ("セットアップ例", "Example setups")),
    (("sources",), ("出典と復元", "Sources and reconstructions")),
)
FORMATS = {"pdf": "PDF", "md": "Markdown", "csv": "CSV", "yaml": "YAML", "json": "JSON", "png": "PNG"}
PAPERS = {"a4": "A4", "letter": "Letter", "a3": "A3", "tabloid": "Tabloid"}
_VARIANT = re.compile(r"^(?P<stem>.*?)(?:\.(?P<lang>ja|en|both))?(?:\.(?P<paper>a4|letter|a3|tabloid))?"
                      r"\.(?P<ext>[a-z0-9]+)$")


@dataclass(frozen=True)
class File:
    """One file a build wrote, as the gallery shows it: `kind` its AidKind's name, `lang` the
    language it is in (ja, en, both), `title` the aid's {ja, en} title, `section` the {ja, en}
    heading of a kind SECTIONS does not name (a game's own)."""
    path: Path
    kind: str = ""
    lang: str = "both"
    title: dict = field(default_factory=dict)
    section: dict = field(default_factory=dict)


def preview_png(pdf: bytes) -> bytes:
    """The first page of a PDF as PNG at PREVIEW_DPI (PDFium, in process: a quarter of the
    cost of a pdftoppm process per file)."""
    import io

    import pypdfium2

    doc = pypdfium2.PdfDocument(pdf)
    try:
        page = doc[0]
        scale = PREVIEW_DPI / 72
        image = page.render(scale=scale).to_pil()
        cut = _first_cut(page)
        if cut is not None:   # what is under a cut line is one player's: not on the open page
            image = image.crop((0, 0, image.width, max(1, round(cut * scale))))
    finally:
        doc.close()
    buf = io.BytesIO()
    image.save(buf, "PNG", compress_level=3)   # a third faster than the default, files as small
    return buf.getvalue()


def _first_cut(page) -> float | None:
    """How far down the page (pt) its first cut line is drawn: the slips and pads under it are
    secrets the preview must not show (Amigos' setup sheet: both sides' chits on page 1, rv39)."""
    from playaids.render.lines import CUT_WORDS

    text = page.get_textpage()
    try:
        tops = []
        for word in CUT_WORDS:
            search = text.search(word)
            while (hit := search.get_next()) is not None:
                _, _, _, top = text.get_charbox(hit[0])
                tops.append(page.get_height() - top)
        return min(tops) - 4 if tops else None
    finally:
        text.close()


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


def _parts(path: Path) -> tuple[str, str | None, str | None, str]:
    """(stem, lang, paper, extension) of a file name as a build writes it (`crt.ja.a4.pdf`)."""
    m = _VARIANT.match(path.name)
    if not m:
        return path.name, None, None, ""
    return m.group("stem"), m.group("lang"), m.group("paper"), m.group("ext")


def _aids(files) -> list[tuple[tuple, list]]:
    """Files grouped by aid: one folder's files of one stem (every language, paper and format)."""
    groups: dict = {}
    for f in files:
        path = f.path if isinstance(f, File) else Path(f)
        groups.setdefault((path.parent, _parts(path)[0]), []).append(f)
    return sorted(groups.items(), key=lambda kv: (str(kv[0][0]), kv[0][1]))


def _lang(f) -> str:
    path = f.path if isinstance(f, File) else Path(f)
    return _parts(path)[1] or (f.lang if isinstance(f, File) else "both")


def _preferred(pdfs: list):
    """The file a variant's preview shows: A4 first, then the other papers."""
    order = list(PAPERS)

    def key(f):
        path = f.path if isinstance(f, File) else Path(f)
        paper = _parts(path)[2]
        return (order.index(paper) if paper in order else len(order), path.name)
    return min(pdfs, key=key)


def _variants(files: list) -> dict:
    """The aid's languages: lang -> its PDFs (a file whose name gives no language counts as its
    own `lang`)."""
    out: dict = {}
    for f in files:
        path = f.path if isinstance(f, File) else Path(f)
        if path.suffix == ".pdf":
            out.setdefault(_lang(f), []).append(f)
    return out


def preview_sources(paths) -> set[Path]:
    """Of the files a build writes, those whose first page the gallery shows: one a language of
    each aid."""
    return {(_preferred(pdfs).path if isinstance(_preferred(pdfs), File) else Path(_preferred(pdfs)))
            for _, files in _aids(sorted(Path(p) for p in paths)) for pdfs in _variants(files).values()}


def _t(texts: dict, state: str) -> str:
    """Escaped HTML of {ja, en} in a switch state; `both` marks each language."""
    ja, en = texts.get("ja") or texts.get("en") or "", texts.get("en") or texts.get("ja") or ""
    if state == "both":
        if ja == en:
            return html.escape(ja)
        return f'<span lang="ja">{html.escape(ja)}</span> / <span lang="en">{html.escape(en)}</span>'
    return html.escape(ja if state == "ja" else en)


def _switched(texts: dict, states, tag: str = "span") -> str:
    """One element a switch state, each shown only in its state."""
    return "".join(f'<{tag} class="x-{s}"{"" if s == "both" else f" lang={chr(34)}{s}{chr(34)}"}>'
                   f"{_t(texts, s)}</{tag}>" for s in states)


def _section(f: File) -> tuple[int, dict]:
    for i, (kinds, (ja, en)) in enumerate(SECTIONS):
        if f.kind in kinds:
            return i, {"ja": ja, "en": en}
    return len(SECTIONS), f.section or {"ja": "その他", "en": "Other"}


def _tile(out: Path, files: list, states, pngs: dict, rel) -> str:
    """One aid: a variant a language the build made, shown in the states that prefer it."""
    variants = _variants(files)
    neutral = [f for f in files if f.path.suffix != ".pdf"]
    # the variant each state shows; an aid without a PDF (a Markdown glossary alone) shows its
    # files in every state, titled in the state's language
    shows = {s: next((lang for lang in FALLBACK[s] if lang in variants), s) for s in states}
    stem = _parts(files[0].path)[0]
    title = next((f.title for f in files if any(f.title.values())), {}) or {"ja": stem, "en": stem}
    blocks = []
    for state in STATES:
        on = [s for s in states if shows[s] == state]
        if not on:
            continue
        papers = list(PAPERS)
        pdfs = sorted(variants.get(state, []), key=lambda f: (papers.index(_parts(f.path)[2])
                                                              if _parts(f.path)[2] in papers else len(papers), f.path.name))
        words = _t(title, state)
        img = ""
        if pdfs:
            src = _preferred(pdfs)
            plain = title.get("ja") if state == "ja" else title.get("en") if state == "en" else \
                " / ".join(dict.fromkeys((title.get("ja", ""), title.get("en", ""))))
            alt = f"{plain}の1ページ目" if state == "ja" else f"First page of {plain}" if state == "en" else \
                f"{title.get('ja', '')}の1ページ目 / First page of {title.get('en', '')}"
            img = (f'<a href="{rel(src.path)}"><img src="{rel(pngs[src.path])}" alt="{html.escape(alt)}" '
                   f'loading="lazy"></a>')
        links = []
        for f in pdfs + sorted(neutral, key=lambda f: f.path.name):
            _, _, paper, ext = _parts(f.path)
            label = "\u00a0".join(x for x in (FORMATS.get(ext, ext.upper()), PAPERS.get(paper or "", "")) if x)
            links.append(f'<a href="{rel(f.path)}">{html.escape(label)}</a>')
        classes = " ".join(f"x-{s}" for s in on)
        lang_attr = "ja" if state in ("ja", "both") else "en"
        blocks.append(f'<div class="v {classes}" lang="{lang_attr}" data-lang="{state}">{img}<b>{words}</b>'
                      f'<span class="files">{" ".join(links)}</span></div>')
    return f'<div class="aid">{"".join(blocks)}</div>'


def write(out: Path, games: dict, files, default: str = "en") -> Path:
    """Write OUT/index.html for `files` (File, or a path: what this build made, under
    OUT/<game>/): files an earlier build left in the folder are not linked. `games`: each game's
    {ja, en} title; `default`: the language shown on opening. Returns its path."""
    out = Path(out)
    files = [f if isinstance(f, File) else File(Path(f)) for f in files]
    files = [File(Path(f.path), f.kind, f.lang, f.title, f.section) for f in files]
    states = [s for s in STATES if any(_lang(f) == s for f in files if f.path.suffix == ".pdf")] or [default]
    if default not in states:
        default = states[0]

    def rel(p: Path) -> str:
        return html.escape(Path(p).relative_to(out).as_posix())

    per_game: dict = {}
    for f in sorted(files, key=lambda f: f.path):
        per_game.setdefault(f.path.relative_to(out).parts[0], []).append(f)
    sources = [_preferred(pdfs).path for g in per_game for _, fs in _aids(per_game[g])
               for pdfs in _variants(fs).values()]
    pngs = {p: preview(p, out) for p in sources}
    sections = []
    for gid in sorted(per_game):
        by_section: dict = {}
        for f in per_game[gid]:
            i, label = _section(f)
            by_section.setdefault((i, label.get("en", "")), (label, []))[1].append(f)
        blocks = []
        for (_, _), (label, items) in sorted(by_section.items()):
            tiles = [_tile(out, fs, states, pngs, rel) for _, fs in _aids(items)]
            blocks.append(f'<div class="kind"><h3>{_switched(label, states)} <small>({len(tiles)})</small></h3>'
                          f'<div class="grid">{"".join(tiles)}</div></div>')
        title = games.get(gid) or {"ja": gid, "en": gid}
        sections.append(f'<section id="{html.escape(gid)}"><h2>{_switched(title, states)}</h2>'
                        f'<div class="kinds">{"".join(blocks)}</div></section>')
    nav = "".join(f'<a href="#{html.escape(g)}">{_switched(games.get(g) or {"ja": g, "en": g}, states)}</a>'
                  for g in sorted(per_game))
    radios = "".join(f'<input type="radio" name="lang" id="l-{s}" value="{s}"{" checked" if s == default else ""}>'
                     for s in states)
    labels = "".join(f'<label for="l-{s}"{"" if s == "both" else f" lang={chr(34)}{s}{chr(34)}"}>{SWITCH[s]}</label>'
                     for s in states)
    switch = (f'<div class="switch" role="group" aria-label="Language / 言語">{labels}</div>'
              if len(states) > 1 else "")
    shown = "\n".join(f"#l-{s}:checked ~ * .x-{s} {{ display: inline; }}\n"
                      f"#l-{s}:checked ~ * div.x-{s} {{ display: flex; }}\n"
                      f"#l-{s}:checked ~ header label[for=l-{s}] {{ background: #0072B2; color: #fff; }}"
                      for s in states)
    heading = {"ja": "playaids — 対戦支援資料", "en": "playaids — play aids"}
    page = f"""<!doctype html>
<html lang="{'ja' if default in ('ja', 'both') else 'en'}"><head><meta charset="utf-8">
<title>playaids — play aids / 対戦支援資料</title>
<style>
body {{ font-family: "IPAexGothic", "Noto Sans CJK JP", sans-serif; margin: 2em; color: #111; }}
input[name=lang] {{ position: absolute; opacity: 0; width: 1px; height: 1px; }}
.switch {{ display: inline-flex; border: 1px solid #0072B2; border-radius: 4px; overflow: hidden; }}
.switch label {{ padding: 0.2em 0.9em; cursor: pointer; color: #0072B2; }}
input[name=lang]:focus-visible ~ header .switch {{ outline: 2px solid #E69F00; }}
[class^="x-"], [class*=" x-"] {{ display: none; }}
{shown}
header {{ display: flex; align-items: center; gap: 2em; flex-wrap: wrap; }}
nav {{ margin: 0.6em 0; }}
nav a {{ margin-right: 1.2em; }}
.kinds {{ display: flex; flex-wrap: wrap; column-gap: 36px; align-items: flex-start; }}
.grid {{ display: flex; flex-wrap: wrap; gap: 12px; }}
.aid {{ width: 240px; font-size: 12px; }}
.v {{ flex-direction: column; gap: 2px; }}
.v a {{ color: #0072B2; }}
.v img {{ width: 240px; border: 1px solid #999; background: #fff; }}
.files a {{ margin-right: 0.6em; }}
h2 {{ border-bottom: 2px solid #0072B2; }}
</style></head><body>
{radios}
<header><h1>{_switched(heading, states)}</h1>{switch}</header>
<nav>{nav}</nav>
<main>{''.join(sections)}</main>
<script>
// the page's language follows the switch; ?lang=ja|en|both opens it in that language
const radios = document.querySelectorAll("input[name=lang]");
const pick = r => {{ r.checked = true; document.documentElement.lang = r.value === "en" ? "en" : "ja"; }};
for (const r of radios) r.addEventListener("change", () => pick(r));
const asked = new URLSearchParams(location.search).get("lang");
for (const r of radios) if (r.value === asked) pick(r);
</script>
</body></html>
"""
    used = {p.name for p in pngs.values()}
    pdir = out / ".previews"   # previews of files no longer built are dropped
    if pdir.is_dir():
        for png in pdir.glob("*.png"):
            if png.name not in used:
                png.unlink()
    index = out / "index.html"
    atomic.write_text(index, page)
    return index
