"""Text-heavy documents (turn records, rule summaries, glossaries): Jinja2 templates rendered
to PDF by WeasyPrint.

- Fonts are named in the CSS: the Latin face for Latin characters (an @font-face limited to
  them, fonts.font_face_css), IPAex Gothic, then Noto Sans CJK JP. Before rendering,
  every character must have a glyph in one of them; after rendering, every font WeasyPrint
  used must be one of them and no .notdef glyph may have been drawn. Anything else is a
  FontMissing error, never tofu or a silent fallback font.
- Output is deterministic: no creation dates, a fixed SOURCE_DATE_EPOCH while fonts are
  subset, the same input gives byte-identical PDFs.
"""
from __future__ import annotations

import functools
import logging
import os
import shutil
import subprocess

from playaids import __version__, fonts, resources
from playaids.errors import FontMissing
from playaids.render.page import CROP_MARK_PT, PageSpec, crop_gap, crop_mark_lines, fixed_epoch, mm, offset

FAMILIES = ("IPAexGothic", "Noto Sans CJK JP")
# the Latin face, declared by an @font-face (fonts.font_face_css) and known to Pango by its own
# family name too
LATIN_FAMILIES = (fonts.LATIN_CSS_FAMILY, "DejaVu Sans")
FONT_STACK = ", ".join(f'"{f}"' for f in (fonts.LATIN_CSS_FAMILY, *FAMILIES))
# an English document's one face when no Japanese font is installed (issue 24): the cards'
# symbol font, loaded from its file, so an English summary needs no Japanese font
LATIN = "DejaVu Sans"
TEMPLATES = resources.TEMPLATES
PAPER_CSS = {"a4": "A4", "letter": "letter", "a3": "A3", "tabloid": "11in 17in"}


@functools.lru_cache(maxsize=None)
def environment():
    import jinja2

    env = jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(TEMPLATES)), autoescape=jinja2.select_autoescape(["html", "j2"]),
        undefined=jinja2.StrictUndefined, trim_blocks=True, lstrip_blocks=True, keep_trailing_newline=True)
    env.filters["css_string"] = css_string
    return env


def css_string(s: str):
    """A CSS string literal (for @page margin boxes); safe inside <style>."""
    from markupsafe import Markup

    out = "".join("\\\\" if c == "\\" else '\\"' if c == '"' else "\\3c " if c == "<" else
                  "\\a " if c == "\n" else c for c in str(s))
    return Markup(f'"{out}"')


def latin_only() -> bool:
    """Whether IPAex Gothic is missing here: an English document is then set in DejaVu Sans."""
    return bool(fonts.face(fonts.GOTHIC)[1])


def render_template(name: str, latin: bool = False, **context) -> str:
    """The document's HTML; `latin`: set in DejaVu Sans alone (an English document on a machine
    without IPAex Gothic), its file named in an @font-face rule."""
    from pathlib import Path

    from markupsafe import Markup

    face = (f'@font-face {{ font-family: "{LATIN}"; src: url("{Path(fonts.font_file(fonts.SYMBOLS)).as_uri()}"); }}'
            if latin else "")
    return environment().get_template(name).render(
        font_stack=Markup(f'"{LATIN}"' if latin else FONT_STACK),
        font_face=Markup(face if latin else fonts.font_face_css()), version=__version__, **context)


def page_css(spec: PageSpec, landscape: bool = False) -> str:
    return f"{PAPER_CSS[spec.paper]}{' landscape' if landscape else ''}"


def print_css(spec: PageSpec) -> str:
    """@page declarations for --bleed and --crop-marks: the bleed (or the room crop marks need,
    as for the ReportLab aids: page.offset) around the trimmed page, the marks drawn in it.
    WeasyPrint writes the TrimBox and BleedBox."""
    room = offset(spec) / mm
    if not room:
        return ""
    return f"bleed: {room:.2f}mm;"  # the crop marks: render_pdf (WeasyPrint's are half the slug long)


def _crop_marks(pdf, gap_mm: float) -> None:
    """The ReportLab aids' crop marks (page.crop_mark_lines) on every page of a WeasyPrint PDF,
    drawn in default user space after the page's own content (kept inside q ... Q)."""
    import pydyf

    for page in [o for o in pdf.objects if isinstance(o, dict) and o.get("Type") == "/Page" and "TrimBox" in o]:
        x0, y0, x1, y1 = (float(v) for v in page["TrimBox"])
        ops = [f"Q q 0 G {CROP_MARK_PT:g} w"]
        ops += [f"{xa:.3f} {ya:.3f} m {xb:.3f} {yb:.3f} l S"
                for xa, ya, xb, yb in crop_mark_lines(x0, y0, x1, y1, gap_mm)]
        streams = [pydyf.Stream([b"q"]), pydyf.Stream(["\n".join(ops + ["Q"]).encode()])]
        for s in streams:
            pdf.add_object(s)
        page["Contents"] = pydyf.Array([streams[0].reference, page["Contents"], streams[1].reference])


# --- glyph checks ---------------------------------------------------------------------------

@functools.lru_cache(maxsize=None)
def _noto_cmap() -> frozenset:
    """Characters of Noto Sans CJK JP (fontconfig), or nothing when it is not installed."""
    if not shutil.which("fc-match"):
        return frozenset()
    try:
        out = subprocess.run(["fc-match", "-f", "%{file}\n%{index}\n%{family}", FAMILIES[1]],
                             capture_output=True, text=True, timeout=10).stdout.split("\n")
    except (OSError, subprocess.SubprocessError):
        return frozenset()
    if len(out) < 3 or FAMILIES[1].lower() not in out[2].lower():
        return frozenset()
    from fontTools.ttLib import TTFont

    font = TTFont(out[0], fontNumber=int(out[1] or 0), lazy=True)
    return frozenset(chr(c) for c in font.getBestCmap())


def check_text(strings, where: str, latin: bool = False) -> None:
    """FontMissing when a character has no glyph in the named fonts (`latin`: in DejaVu Sans,
    a Japanese character then saying to install IPAex Gothic)."""
    if latin:
        latin_cmap = fonts.cmap(fonts.SYMBOLS)
        for s in strings:
            for ch in s:
                if ch not in latin_cmap and ch not in " \n\t\u00a0":
                    raise FontMissing(f"{where}: {fonts.face(fonts.GOTHIC)[1]} (to print {ch!r})")
        return
    gothic = fonts.cmap(fonts.GOTHIC)
    latin = fonts.cmap(fonts.LATIN)
    for s in strings:
        for ch in s:
            if ch in gothic or ch in " \n\t\u00a0" or (fonts.is_latin(ch) and ch in latin):
                continue
            if ch not in _noto_cmap():
                raise FontMissing(f"{where}: character {ch!r} (U+{ord(ch):04X}) has no glyph in "
                                  f"{FAMILIES[0]} or {FAMILIES[1]}")


class _Collect(logging.Handler):
    def __init__(self):
        super().__init__(logging.WARNING)
        self.messages: list[str] = []

    def emit(self, record):
        self.messages.append(record.getMessage())


@functools.lru_cache(maxsize=None)
def font_config():
    from multiprocessing.util import register_after_fork

    from weasyprint.text.fonts import FontConfiguration

    config = FontConfiguration()
    # WeasyPrint copies fonts into a temporary folder that only its __del__ removes, and a
    # cached configuration lives to the end of the process, where __del__ may never run (a build
    # worker ends with os._exit): each process removes its own folder when it ends, and a forked
    # worker makes its own rather than share (and remove) its parent's.
    _remove_at_exit(config)
    os.register_at_fork(after_in_child=functools.partial(setattr, config, "_folder", None))
    register_after_fork(config, _remove_at_exit)
    return config


def _remove_at_exit(config) -> None:
    from multiprocessing.util import Finalize

    Finalize(None, _remove_fonts_folder, args=(config,), exitpriority=0)


def _remove_fonts_folder(config) -> None:
    if getattr(config, "_folder", None) is not None:
        shutil.rmtree(config._folder, ignore_errors=True)


def _lay_out(html: str):
    """(WeasyPrint document, the messages its layout logged)."""
    from weasyprint import HTML

    log = logging.getLogger("weasyprint")
    handler = _Collect()
    log.addHandler(handler)
    try:
        with fixed_epoch():
            doc = HTML(string=html, base_url=str(TEMPLATES)).render(font_config=font_config())
    finally:
        log.removeHandler(handler)
    return doc, handler.messages


def page_count(html: str, laid: dict | None = None) -> int:
    """How many pages `html` lays out to (no PDF written): for choosing between layouts.
    `laid`: the caller's {html: layout} of the candidates it tries, so the one it settles on
    is written (render_pdf) without being laid out again: a WeasyPrint layout is most of a
    glossary's time."""
    done = (laid or {}).get(html) or _lay_out(html)
    if laid is not None:
        laid[html] = done
    return len(done[0].pages)


def fewest_pages(sizes, count) -> float:
    """The largest of `sizes` (largest first) giving the fewest pages, `count(size)` the pages
    at a size: the smallest size gives the fewest, and pages only grow with the type, so the
    first size as few is found by halving (two or three layouts, not one a size)."""
    least = count(sizes[-1])
    lo, hi = 0, len(sizes) - 1   # sizes[hi] gives `least` pages
    while lo < hi:
        mid = (lo + hi) // 2
        if count(sizes[mid]) <= least:
            hi = mid
        else:
            lo = mid + 1
    return sizes[hi]


def render_pdf(html: str, where: str, bleed_mm: float = 0.0, crop_marks: bool = False, latin: bool = False,
               laid: dict | None = None) -> bytes:
    """The PDF of an HTML document; FontMissing on a missing glyph or a fallback font.
    `bleed_mm`: the BleedBox the ReportLab aids declare (WeasyPrint's own is the whole
    bleed area or 10 pt, whichever is less: a printer would see two bleeds); `crop_marks`: the
    same marks as theirs; `latin`: the HTML of render_template(latin=True), DejaVu Sans its one font."""
    allowed = (LATIN,) if latin else FAMILIES + LATIN_FAMILIES
    if not latin:
        fonts.font_file(fonts.GOTHIC)  # a clear error when IPAex Gothic is not installed
    used: set[str] = set()

    def finisher(document, pdf):
        import pydyf

        used.update(f.family for f in document.fonts.values())
        prefs = pdf.catalog.get("ViewerPreferences") or pydyf.Dictionary()
        prefs["PrintScaling"] = "/None"  # print at true size, like every other aid
        pdf.catalog["ViewerPreferences"] = prefs
        if bleed_mm:
            b = bleed_mm * 72 / 25.4
            for obj in pdf.objects:
                if isinstance(obj, dict) and "TrimBox" in obj and "BleedBox" in obj:
                    x0, y0, x1, y1 = (float(v) for v in obj["TrimBox"])
                    obj["BleedBox"] = pydyf.Array([x0 - b, y0 - b, x1 + b, y1 + b])
        if crop_marks:
            _crop_marks(pdf, crop_gap(PageSpec(bleed_mm=bleed_mm, crop_marks=True)))

    doc, messages = (laid or {}).get(html) or _lay_out(html)
    log = logging.getLogger("weasyprint")
    handler = _Collect()
    log.addHandler(handler)
    try:
        with fixed_epoch():
            data = doc.write_pdf(finisher=finisher, pdf_identifier=where.encode())
    finally:
        log.removeHandler(handler)
    for m in messages + handler.messages:
        if ".notdef" in m:
            raise FontMissing(f"{where}: {m}")
    stray = sorted(f for f in used if f not in allowed)
    if stray:
        raise FontMissing(f"{where}: text fell back to font(s) {', '.join(stray)}; "
                          f"only {' and '.join(allowed)} are allowed")
    return data
