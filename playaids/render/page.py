"""Page specification shared by every renderer: paper, language, colour, print marks."""
from __future__ import annotations

import contextlib
import os
from dataclasses import dataclass

from reportlab.lib.pagesizes import A3, A4, LETTER
from reportlab.lib.units import inch, mm
from playaids.errors import PlayaidsError

# A3 and Tabloid (11 x 17 in) for chart sheets a print shop runs large (issue 14)
PAPERS = {"a4": A4, "letter": LETTER, "a3": A3, "tabloid": (11 * inch, 17 * inch)}
LANGS = ("ja", "en", "both")

# Okabe-Ito palette: safe for colour-blind readers; grayscale mode replaces it.
OKABE_ITO = {"orange": "#E69F00", "sky": "#56B4E9", "green": "#009E73", "yellow": "#F0E442",
             "blue": "#0072B2", "vermillion": "#D55E00", "purple": "#CC79A7", "black": "#000000"}


@dataclass(frozen=True)
class PageSpec:
    paper: str = "a4"
    lang: str = "both"
    grayscale: bool = False
    bleed_mm: float = 0.0
    crop_marks: bool = False
    margin_mm: float = 12.0

    @property
    def size(self) -> tuple[float, float]:
        return PAPERS[self.paper]

    @property
    def margin(self) -> float:
        return self.margin_mm * mm

    def colour(self, name: str) -> str:
        """A named colour of the palette, or its gray equivalent in grayscale mode."""
        gray = {"header": "#D9D9D9", "note": "#EFEFEF", "accent": "#000000", "rule": "#000000",
                "muted": "#555555", "band": "#3A3A3A", "band_text": "#FFFFFF"}
        colour = {"header": "#CFE6F5", "note": "#FBF3C4", "accent": OKABE_ITO["blue"],
                  "rule": "#000000", "muted": "#555555", "band": "#1D4E6E", "band_text": "#FFFFFF"}
        return (gray if self.grayscale else colour)[name]

    def word(self, ja: str, en: str) -> str:
        """A fixed UI word in the page language (`both`: JA / EN)."""
        return {"ja": ja, "en": en}.get(self.lang, f"{ja} / {en}")

    def lines(self, ja: str, en: str) -> str:
        """A sentence in the page language (`both`: the Japanese, then the English on a line of
        its own, never run on after it)."""
        return {"ja": ja, "en": en}.get(self.lang, f"{ja}\n{en}")


PAPER_NAMES = {"a4": "A4", "letter": "Letter", "a3": "A3", "tabloid": "Tabloid"}


def too_wide(game_id: str, table_ids, paper: str, smallest: float):
    """The one-line error for tables no page of `paper` takes, even turned and at `smallest` pt."""
    from playaids.errors import PlayaidsError

    ids = list(table_ids)
    hint = ": try --paper a3" if paper in ("a4", "letter") else ""
    return PlayaidsError(f"{game_id}: table{'s' * (len(ids) > 1)} {', '.join(ids)} too wide for "
                         f"{PAPER_NAMES.get(paper, paper)} paper even turned and at {smallest:g} pt{hint}")


EPOCH = "946684800"  # 2000-01-01: the one date every PDF carries (creation, font subsets)


@contextlib.contextmanager
def fixed_epoch():
    """SOURCE_DATE_EPOCH fixed while a PDF is made: ReportLab and WeasyPrint read it, and the
    same inputs must give the same bytes whatever the caller's environment."""
    old = os.environ.get("SOURCE_DATE_EPOCH")
    os.environ["SOURCE_DATE_EPOCH"] = EPOCH
    try:
        yield
    finally:
        if old is None:
            del os.environ["SOURCE_DATE_EPOCH"]
        else:
            os.environ["SOURCE_DATE_EPOCH"] = old


# Crop marks (issue 23): 5 mm long, 3 mm off the trimmed page (or just outside a wider bleed),
# a millimetre of paper beyond them
CROP_GAP_MM = 3.0
CROP_LENGTH_MM = 5.0
CROP_MARK_PT = 0.75  # one weight for every aid, whichever back end drew it


def crop_gap(spec: "PageSpec") -> float:
    """Millimetres from the trim to where a crop mark starts: 3, or the bleed when it is wider."""
    return max(CROP_GAP_MM, spec.bleed_mm)


def offset(spec: "PageSpec") -> float:
    """Distance from the sheet edge to the trimmed page (bleed, or room for crop marks)."""
    room = crop_gap(spec) + CROP_LENGTH_MM + 1.0 if spec.crop_marks else 0.0
    return max(spec.bleed_mm, room) * mm


def sheet(spec: "PageSpec", trim: tuple[float, float]) -> tuple[float, float]:
    o = offset(spec)
    return trim[0] + 2 * o, trim[1] + 2 * o


def crop_mark_lines(x0: float, y0: float, x1: float, y1: float, gap_mm: float):
    """The eight crop marks of a trimmed page (x0, y0)-(x1, y1) in points, as (xa, ya, xb, yb):
    two at each corner along the trim lines, `gap_mm` off the trim, CROP_LENGTH_MM long."""
    gap, length = gap_mm * mm, CROP_LENGTH_MM * mm
    out = []
    for x, dx in ((x0, -1), (x1, 1)):
        for y, dy in ((y0, -1), (y1, 1)):
            out.append((x, y + dy * gap, x, y + dy * (gap + length)))
            out.append((x + dx * gap, y, x + dx * (gap + length), y))
    return out


def print_marks(canvas, spec: "PageSpec", trim: tuple[float, float]) -> None:
    """TrimBox and BleedBox for the printer, crop marks outside the trimmed page, and
    PrintScaling /None so the viewer prints at true size."""
    canvas.setViewerPreference("PrintScaling", "None")
    o = offset(spec)
    if not o:
        return
    w, h = trim
    b = spec.bleed_mm * mm
    canvas.setTrimBox((o, o, o + w, o + h))
    canvas.setBleedBox((o - b, o - b, o + w + b, o + h + b))
    if not spec.crop_marks:
        return
    canvas.saveState()
    canvas.setStrokeGray(0)
    canvas.setLineWidth(CROP_MARK_PT)
    for line in crop_mark_lines(o, o, o + w, o + h, crop_gap(spec)):
        canvas.line(*line)
    canvas.restoreState()


def trimmed_canvas(buf, spec: "PageSpec", trim: tuple[float, float], **kw):
    """A ReportLab canvas for drawing page by page (not platypus): the sheet is the trimmed page
    plus bleed or crop-mark room, every page gets `print_marks`, and drawing happens in the
    trimmed page's coordinates."""
    from reportlab.pdfgen.canvas import Canvas

    class TrimmedCanvas(Canvas):
        def _begin(self):
            print_marks(self, spec, trim)
            self.saveState()
            o = offset(spec)
            self.translate(o, o)
            self._fresh = list(self._code)

        def showPage(self):
            self.restoreState()
            super().showPage()
            self._begin()

        def save(self):
            if self._code == self._fresh:  # nothing drawn since the last page: no blank page
                self._code = []
            super().save()

    from playaids import fonts

    # the canvas's first font is ours, embedded: ReportLab's default (Helvetica) would be
    # declared on the page without being embedded
    kw.setdefault("initialFontName", fonts.register())
    c = TrimmedCanvas(buf, pagesize=sheet(spec, trim), **kw)
    c._begin()
    return c


SCALE_BARS = ((100 * mm, 10 * mm, "100 mm"), (4 * 72.0, 72.0, "4 in"))


def scale_bars(canvas, right: float, y: float, size: float = 6.5) -> float:
    """A 100 mm bar (10 mm ticks) and a 4 in bar (1 in ticks) ending at `right`, baseline y:
    with PrintScaling /None they print at exactly that length, which a ruler checks before
    hexes are measured. Returns the x where they start."""

    from playaids import fonts

    font = fonts.register()
    canvas.saveState()
    canvas.setLineWidth(0.6)
    canvas.setStrokeColorRGB(0, 0, 0)
    canvas.setFillColorRGB(0, 0, 0)
    x = right
    for length, tick, label in reversed(SCALE_BARS):
        x -= fonts.width(label, font, size) + 3
        fonts.draw_string(canvas, x, y, label, size, font)
        x -= length + 2
        canvas.line(x, y + 2, x + length, y + 2)
        n = round(length / tick)
        for k in range(n + 1):  # the end ticks a little longer
            canvas.line(x + k * tick, y + 2, x + k * tick, y + (5 if k in (0, n) else 4))
        x -= 12
    canvas.restoreState()
    return x + 12


def fit_line(text: str, size: float, room: float) -> str:
    """`text` cut short with an ellipsis to fit `room` points at `size` (IPAex Gothic)."""
    from playaids import fonts

    while fonts.width(text, fonts.GOTHIC, size) > room and len(text) > 1:
        text = text[:-2] + "…"
    return text


def footer(spec: "PageSpec", trim: tuple[float, float], font: str, left: str):
    """A platypus page callback: print marks, then `left` and the page number in the footer."""
    from reportlab.lib import colors

    from playaids import fonts

    o = offset(spec)

    def draw(canvas, doc):
        print_marks(canvas, spec, trim)
        canvas.saveState()
        canvas.setFillColor(colors.HexColor(spec.colour("muted")))
        y = o + spec.margin * 0.55
        fonts.draw_string(canvas, o + spec.margin, y, left, 7, font)
        fonts.draw_string(canvas, o + trim[0] - spec.margin, y, str(doc.page), 7, font, "right")
        canvas.restoreState()
    return draw


def unfit(e: BaseException, what) -> PlayaidsError | None:
    """ReportLab's LayoutError (a cell or title taller than a page, e.g. a 4,000-character cell
    in a narrow column) as the one line of a refusal (exit 2), naming the output; None for any
    other error."""
    from reportlab.platypus.doctemplate import LayoutError

    if not isinstance(e, LayoutError):
        return None
    import re

    m = re.search(r"tallest cell ([\d.]+) points", str(e))
    tall = f" (a cell {float(m.group(1)):.0f} pt tall)" if m else ""
    return PlayaidsError(f"{what}: a text of the data is too long to fit a page{tall}; shorten it")
