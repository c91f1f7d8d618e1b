"""What a printed page must satisfy, checked on any PDF (ours or a publisher's) with pdfplumber:
text inside the trim box less a safe margin, no overprinted text, every font embedded, no text
too small to read, one language per aid; and what a reader sees (issue 22): no missing glyph
(a .notdef box), no line broken against the kinsoku rules (every text: bands, cells, footers),
no "(continued)" piece before its start in reading order, no text meant for the makers
(playaids/workshop.py), no page under the fill threshold but the last, no page of a few lines.
Each finding is `file:page: what is wrong`."""
from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from playaids import kinsoku, workshop
from playaids.errors import PlayaidsError

SAFE_MM = 5.0      # text stays this far inside the trim box
MIN_PT = 6.0       # no text under this size
MM = 72 / 25.4
_KANA_KANJI = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]")
# a quotation, also one a page break cuts (open at the page's end, or closing at its start)
_QUOTED = re.compile(r"「[^「」]{0,4000}(」|$)|^[^「」]{0,4000}」")
_LATIN_SENTENCE = re.compile(r"\b[a-z]{2,}(?:[ ,]+[a-z]{2,}){3,}\b")  # four lowercase words in a row


CONTINUED = re.compile(r"\s*(?:/\s*)?(?:（続き）|\(continued\))\s*")
COLUMN_TOL = 3.0   # two lines starting this close (pt) stand in one column
# fill (issue 22): every page of a document but its last uses at least FILL of the area its
# pages use (the frame), measured on a grid of CELL_MM squares, a square used when text or a
# drawing comes within REACH_PT of it (a drawn box: all of it, a box being space in use); a page
# of FEW_LINES lines or fewer is a page of a few lines. A document in sections (PDF page labels:
# a slip handed to one player) is checked section by section
FILL = 0.6
# list marks: one alone on a line is a mark parted from the text it heads
BULLETS = frozenset("•・‣▪◦")
CELL_MM = 4.0
REACH_PT = 3.0
FEW_LINES = 5
FOOT_MM = 10.0     # a page's running footer stands below this line (chart sets: 6 mm above the trim)
LINE_TOL = 2.5     # pt: text this close in height stands on one line


@dataclass(frozen=True)
class Finding:
    file: str
    page: int
    what: str

    def line(self) -> str:
        return f"{self.file}:{self.page}: {self.what}"


def language_of(path: Path) -> str | None:
    """The aid's language from its name as the build writes it (`crt.ja.a4.pdf`), else None."""
    parts = Path(path).name.split(".")
    for lang in ("ja", "en", "both"):
        if lang in parts[1:]:
            return lang
    return None


def _trim(page) -> tuple[float, float, float, float]:
    from pdfminer.pdftypes import resolve1

    box = page.page_obj.attrs.get("TrimBox")
    x0, y0, x1, y1 = [float(v) for v in resolve1(box)] if box is not None else page.mediabox
    # as pdfplumber measures, from the top: a MediaBox below the origin (WeasyPrint's bleed) moves
    # its `mediabox` up by that much again, so the page's top edge is mediabox[3] + its y0
    media_y0 = float(resolve1(page.page_obj.attrs["MediaBox"])[1])
    top = float(page.mediabox[3]) + min(media_y0, 0.0)
    return x0, top - y1, x1, top - y0


def _unembedded(page) -> set[str]:
    from pdfminer.pdftypes import resolve1

    out = set()
    fonts = resolve1((page.page_obj.resources or {}).get("Font")) or {}
    for font in fonts.values():
        f = resolve1(font) or {}
        name = str(f.get("BaseFont", "?")).strip("/'")
        descs = [resolve1(f.get("FontDescriptor"))]
        for d in resolve1(f.get("DescendantFonts")) or []:
            descs.append(resolve1(resolve1(d).get("FontDescriptor")))
        descs = [d for d in descs if d]
        if not any(k in d for d in descs for k in ("FontFile", "FontFile2", "FontFile3")):
            out.add(name)
    return out


_NUMBER = re.compile(r"\d{1,2}\.?")


def _first_word_alone(page) -> str | None:
    """A list item broken after its first word though the next line's first word fitted beside
    it ("• Cave" over "Complexes: an underground Location ..."): the word, else None."""
    rows = kinsoku.row_segments(page)

    def text(x: list) -> str:
        return "".join(c["text"] for c in x).strip()

    def marked(row: list, k: int) -> bool:   # a list mark or an item's number just left of it
        x = row[k]
        return k > 0 and 0 < x[0]["x0"] - row[k - 1][-1]["x1"] < 4 * x[0]["size"] \
            and (text(row[k - 1]) in BULLETS or _NUMBER.fullmatch(text(row[k - 1])) is not None)

    def gaps(x: list) -> list:   # the ends of its words but the last (where a space follows)
        return [c["x1"] for c, d in zip(x, x[1:]) if d["x0"] - c["x1"] > 0.15 * x[0]["size"]]

    for r, row in enumerate(rows[:-1]):
        below = rows[r + 1]
        for k, a in enumerate(row):
            word = text(a)
            if not word.isalpha() or not word.isascii() or gaps(a) or not marked(row, k):
                continue
            size = a[0]["size"]
            if not size < kinsoku.baseline(below[0][0]) - kinsoku.baseline(a[0]) < 1.7 * size:
                continue
            for j, b in enumerate(below):   # this item's next line, not the next item
                if abs(b[0]["x0"] - a[0]["x0"]) >= 1.0 or marked(below, j) or not gaps(b):
                    continue
                end = gaps(b)[0]   # the next line's first word's end
                # beside the word, with a space, the first word ends well inside the next line's end
                if a[-1]["x1"] + 0.3 * size + (end - b[0]["x0"]) < b[-1]["x1"] - 2 * size:
                    return word
    return None


def _overprinted(chars):
    """The first two glyphs drawn over each other (more than a third of the smaller one), if any.
    Glyphs are put in a grid of cells the size of a typical glyph and each is compared with the
    glyphs already in the cells it covers: time linear in the glyphs (a column of 10,000 glyphs
    sharing one x range took 53 s when compared pairwise)."""
    if len(chars) < 2:
        return None
    sizes = sorted(max(c["x1"] - c["x0"], c["bottom"] - c["top"]) for c in chars)
    cell = max(sizes[len(sizes) // 2], 1.0)
    grid: dict[tuple[int, int], list] = {}
    for b in sorted(chars, key=lambda c: (c["x0"], c["top"])):
        gx0, gx1 = int(b["x0"] // cell), int(b["x1"] // cell)
        gy0, gy1 = int(b["top"] // cell), int(b["bottom"] // cell)
        if (gx1 - gx0 + 1) * (gy1 - gy0 + 1) > 400:   # a glyph far larger than the rest: its corner cells
            gx1, gy1 = min(gx1, gx0 + 19), min(gy1, gy0 + 19)
        seen = set()
        for gx in range(gx0, gx1 + 1):
            for gy in range(gy0, gy1 + 1):
                for a in grid.get((gx, gy), ()):
                    if id(a) in seen:
                        continue
                    seen.add(id(a))
                    if _clash(a, b):
                        return a, b
                grid.setdefault((gx, gy), []).append(b)
    return None


def _clash(a, b) -> bool:
    w = min(a["x1"], b["x1"]) - max(a["x0"], b["x0"])
    h = min(a["bottom"], b["bottom"]) - max(a["top"], b["top"])
    if w <= 0 or h <= 0:
        return False
    smaller = min((a["x1"] - a["x0"]) * (a["bottom"] - a["top"]), (b["x1"] - b["x0"]) * (b["bottom"] - b["top"]))
    return w * h > smaller / 3


def _struck(chars, edges):
    """The first glyph a drawn line runs through (its inner half, so a cell border touching a
    glyph's edge is not a crossing), and the line; None when no line crosses text."""
    import bisect

    horizontal = sorted((e["top"], e["x0"], e["x1"]) for e in edges if abs(e["top"] - e["bottom"]) < 0.01)
    vertical = sorted((e["x0"], e["top"], e["bottom"]) for e in edges if abs(e["x0"] - e["x1"]) < 0.01)
    hy = [h[0] for h in horizontal]
    vx = [v[0] for v in vertical]
    for c in chars:
        w, h = c["x1"] - c["x0"], c["bottom"] - c["top"]
        x0, x1, t0, t1 = c["x0"] + w / 4, c["x1"] - w / 4, c["top"] + h / 4, c["bottom"] - h / 4
        for y, a, b in horizontal[bisect.bisect_left(hy, t0):bisect.bisect_right(hy, t1)]:
            if a < x1 and b > x0:
                return c, f"a line at {y:.0f} pt"
        for x, a, b in vertical[bisect.bisect_left(vx, x0):bisect.bisect_right(vx, x1)]:
            if a < t1 and b > t0:
                return c, f"a line at {x:.0f} pt"
    return None


@dataclass
class Coverage:
    """What one page uses: its size, the grid squares something is drawn in or near, its
    text lines; kept for the fill check once every page has been read."""
    size: tuple[int, int]
    cells: frozenset
    lines: int


def coverage(page, lines) -> Coverage:
    """The squares (CELL_MM) of the page that text or a drawing inside the trim box reaches
    (each object grown by REACH_PT), and the number of text lines."""
    x0, top, x1, bottom = _trim(page)
    cell = CELL_MM * MM
    used = set()
    area = (x1 - x0) * (bottom - top)
    objs = _text_blocks(page)
    objs += [(o["x0"], o["top"], o["x1"], o["bottom"]) for o in (*page.lines, *page.curves, *page.images)]
    boxes = [(o["x0"], o["top"], o["x1"], o["bottom"]) for o in page.rects] + _ruled(page)
    objs += [b for b in boxes if (b[2] - b[0]) * (b[3] - b[1]) < area / 2]   # not a frame round the page
    for a, t, b, u in objs:
        if b < x0 or a > x1 or u < top or t > bottom:   # outside the trim: crop marks
            continue
        ca, cb = int((max(a, x0) - REACH_PT - x0) // cell), int((min(b, x1) + REACH_PT - x0) // cell)
        ct, cu = int((max(t, top) - REACH_PT - top) // cell), int((min(u, bottom) + REACH_PT - top) // cell)
        if (cb - ca + 1) * (cu - ct + 1) > 40000:   # a drawing the size of the page: a background
            continue
        used.update((i, j) for i in range(ca, cb + 1) for j in range(ct, cu + 1))
    return Coverage((round(x1 - x0), round(bottom - top)), frozenset(used), _body_lines(lines, bottom))


def _body_lines(lines, bottom: float) -> int:
    """The text lines of a page's body: lines whose tops lie within LINE_TOL of each other are one
    (a heading and its rule number side by side), the running footer (the last FOOT_MM above the
    trim's foot) is not counted: a page holding a heading band and two lines of a note is a page
    of a few lines, whatever its footer says."""
    tops = sorted(ln.top for ln in lines if ln.top < bottom - FOOT_MM * MM)
    return sum(1 for k, t in enumerate(tops) if k == 0 or t - tops[k - 1] > LINE_TOL)


def sections(pdf) -> list[int]:
    """The first page (0-based) of each page-label range of an open pdfplumber PDF: a document
    in sections says so with its page labels (PDF 32000 12.4.2)."""
    from pdfminer.pdftypes import resolve1

    starts: set[int] = set()

    def walk(node, depth: int) -> None:
        node = resolve1(node)
        if not isinstance(node, dict) or depth > 8 or len(starts) > 1000:
            return
        nums = resolve1(node.get("Nums")) or []
        starts.update(k for k in (resolve1(x) for x in list(nums)[0:2000:2]) if isinstance(k, int) and k >= 0)
        for kid in (resolve1(node.get("Kids")) or [])[:100]:
            walk(kid, depth + 1)

    walk(pdf.doc.catalog.get("PageLabels"), 0)
    return sorted(starts | {0})


def _ruled(page) -> list[tuple]:
    """The boxes of the ruled tables and frames of a page: each group of four or more drawn
    lines meeting one another, as its bounding box (a table's empty cells are in use)."""
    segs = [(e["x0"], e["top"], e["x1"], e["bottom"]) for e in page.edges][:20000]
    parent = list(range(len(segs)))

    def find(i):
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    cell = 20.0
    buckets: dict = {}
    for k, (a, t, b, u) in enumerate(segs):
        for gx in range(int((a - 1) // cell), int((b + 1) // cell) + 1):
            for gy in range(int((t - 1) // cell), int((u + 1) // cell) + 1):
                buckets.setdefault((gx, gy), []).append(k)
    for members in buckets.values():
        for i in range(len(members)):
            a = segs[members[i]]
            for j in members[i + 1:]:
                b = segs[j]
                if a[0] - 1 <= b[2] and b[0] - 1 <= a[2] and a[1] - 1 <= b[3] and b[1] - 1 <= a[3]:
                    parent[find(members[i])] = find(j)
    groups: dict = {}
    for k in range(len(segs)):
        groups.setdefault(find(k), []).append(segs[k])
    out = []
    for g in groups.values():
        x0, t0, x1, t1 = min(s[0] for s in g), min(s[1] for s in g), max(s[2] for s in g), max(s[3] for s in g)
        if len(g) >= 4 and x1 - x0 > 10 and t1 - t0 > 10:
            out.append((x0, t0, x1, t1))
    return out


def _text_blocks(page) -> list[tuple]:
    """The text of a page as the eye takes it in: each line as wide as the paragraph or list it
    is a line of (its lines starting within a paragraph indent of each other, one under the
    other), so a ragged right edge or a short last line is not counted empty."""
    segs = []
    for row in kinsoku.rows(page):
        seg = [row[0]]
        for a, b in zip(row, row[1:]):
            if b["x0"] - a["x1"] > 1.2 * max(a["size"], b["size"]):
                segs.append(seg)
                seg = []
            seg.append(b)
        segs.append(seg)
    boxes = [[min(c["x0"] for c in s), min(c["top"] for c in s), max(c["x1"] for c in s),
              max(c["bottom"] for c in s), max(c["size"] for c in s)] for s in segs]
    boxes.sort(key=lambda b: (b[1], b[0]))
    blocks: list[list] = []
    for b in boxes:   # a line joins the block above it that starts near it and ends just over it
        for blk in reversed(blocks):
            last = blk[-1]
            if abs(b[0] - blk[0][0]) <= 2.5 * b[4] and 0 <= b[1] - last[3] <= 0.8 * b[4] and b[0] < last[2]:
                blk.append(b)
                break
        else:
            blocks.append([b])
    out = []
    for blk in blocks:
        right = max(b[2] for b in blk)
        out += [(b[0], b[1], right if len(blk) > 1 else b[2], b[3]) for b in blk]
    return out


def fill_findings(covers: list[Coverage], name: str, starts=(0,)) -> list[Finding]:
    """Pages under the fill threshold and pages of a few lines, in each section (from each of
    `starts`, 0-based) of several pages. A page's frame is the area its document's pages of
    the same size use together (the first to the last square used anywhere), so a document's
    own margins are not counted empty."""
    bounds = sorted(set(starts) | {0}) + [len(covers)]
    return [f for a, b in zip(bounds, bounds[1:]) if b - a >= 2
            for f in _fill(covers, name, a, b)]


def _fill(covers: list[Coverage], name: str, first: int, end: int) -> list[Finding]:
    frames: dict = {}
    for c in covers:
        if c.cells:
            i0, j0, i1, j1 = frames.get(c.size, (10 ** 6, 10 ** 6, -1, -1))
            frames[c.size] = (min(i0, min(i for i, _ in c.cells)), min(j0, min(j for _, j in c.cells)),
                              max(i1, max(i for i, _ in c.cells)), max(j1, max(j for _, j in c.cells)))
    out = []
    for k, c in enumerate(covers[first:end], first + 1):
        if not c.cells:
            continue   # a blank page is its own finding
        i0, j0, i1, j1 = frames[c.size]
        used = sum(1 for i, j in c.cells if i0 <= i <= i1 and j0 <= j <= j1) / ((i1 - i0 + 1) * (j1 - j0 + 1))
        last = k == end
        if c.lines <= FEW_LINES and used < FILL:   # a drawing with a few words (a form) is no such page
            out.append(Finding(name, k, f"the {'last ' * last}page holds only a few lines ({c.lines}): "
                                        f"they belong on another page"))
        elif used < FILL and not last:
            out.append(Finding(name, k, f"the page is {used:.0%} used, under the {FILL:.0%} every page but "
                                        f"the last uses"))
    return out


def _missing_glyphs(page) -> list[str]:
    """The characters drawn with no glyph: a control character (a raw line break set as text),
    U+FFFD or an unmapped code, which the font draws as its .notdef box."""
    return [c["text"] for c in page.chars
            if c["text"].startswith("(cid:") or c["text"] == "\ufffd"
            or any(ord(ch) < 0x20 or 0x7f <= ord(ch) < 0xa0 for ch in c["text"])]


def _cut_heading(page, lines) -> str | None:
    """The word of a cut line that heads the page, nothing drawn above it (None: no such line)."""
    from playaids.render.lines import CUT_WORDS   # (reportlab: loaded once a page is checked, not at start-up)

    first = min(lines, key=lambda ln: ln.top, default=None)
    if first is None:
        return None
    word = first.text.strip()
    rest = word
    for w in CUT_WORDS:
        rest = rest.replace(w, "")
    if not word or rest.strip(" /") or any(r["bottom"] < first.top - first.size for r in page.rects):
        return None
    return word


def check_page(page, number: int, name: str, lang: str | None, lines=None, makers: bool = False) -> list[Finding]:
    """The findings of one page; `makers`: the page is the makers' own (the sources appendix),
    where their remarks belong."""
    out: list[Finding] = []
    lines = kinsoku.page_lines(page) if lines is None else lines
    x0, top, x1, bottom = _trim(page)
    safe = SAFE_MM * MM
    chars = [c for c in page.chars if c["text"].strip()]
    outside = [c for c in chars if c["x0"] < x0 + safe - 0.5 or c["x1"] > x1 - safe + 0.5
               or c["top"] < top + safe - 0.5 or c["bottom"] > bottom - safe + 0.5]
    if outside:
        sample = "".join(c["text"] for c in outside[:20])
        out.append(Finding(name, number, f"{len(outside)} characters outside the trim box less {SAFE_MM:g} mm "
                                         f"(\"{sample}\")"))
    small = [c for c in chars if c["size"] < MIN_PT - 0.05]
    if small:
        out.append(Finding(name, number, f"{len(small)} characters under {MIN_PT:g} pt "
                                         f"(smallest {min(c['size'] for c in small):.1f} pt)"))
    for font in sorted(_unembedded(page)):
        out.append(Finding(name, number, f"font {font} is not embedded"))
    struck = _struck(chars, page.edges)
    if struck:
        c, what = struck
        out.append(Finding(name, number, f"text crossed by a stroke: \"{c['text']}\" at {c['x0']:.0f},{c['top']:.0f} pt "
                                         f"({what})"))
    clash = _overprinted(chars)
    if clash:
        a, b = clash
        out.append(Finding(name, number, f"text overprinted: \"{a['text']}\" and \"{b['text']}\" at "
                                         f"{a['x0']:.0f},{a['top']:.0f} pt"))
    missing = _missing_glyphs(page)
    if missing:
        out.append(Finding(name, number, f"{len(missing)} characters drawn with no glyph (a .notdef box: "
                                         f"{', '.join(sorted({repr(m) for m in missing}))})"))
    for bad in kinsoku.violations([ln.text for ln in lines])[:1]:
        out.append(Finding(name, number, f"a line broken against the kinsoku rules ({bad})"))
    for ln in lines:   # a list mark set apart from its first word: its text starts a line lower
        if ln.text.strip() in BULLETS and not any(o is not ln and abs(o.top - ln.top) < 0.4 * ln.size
                                                   and 0 < o.x0 - ln.x0 < 6 * ln.size for o in lines):
            out.append(Finding(name, number, f"a list mark alone on its line (\"{ln.text.strip()}\" at "
                                             f"{ln.x0:.0f},{ln.top:.0f} pt): its text starts on the next line"))
            break
    if (word := _first_word_alone(page)) is not None:
        out.append(Finding(name, number, f"a list item broken after its first word (\"{word}\" alone, though "
                                         f"the next line's first word fits beside it)"))
    for ln in lines if not makers else ():
        if found := workshop.find(ln.text):
            out.append(Finding(name, number, f"text for the makers, not the players: {found[0]} "
                                             f"(\"{found[1]}\" in \"{ln.text[:60]}\")"))
            break
    if not chars and not (page.rects or page.lines or page.curves or page.images):
        out.append(Finding(name, number, "the page is blank"))
    if (cut := _cut_heading(page, lines)) is not None:
        out.append(Finding(name, number, f"a cut line (\"{cut}\") heads the page: nothing above it to cut away"))
    # a quotation in 「」 is the other language on purpose (a seed's words, a symbol printed on
    # the map): language purity looks at the aid's own text
    text = _QUOTED.sub("", page.extract_text(use_text_flow=True) or "")  # drawing order: a column stays whole
    if lang == "en" and (m := _KANA_KANJI.search(text)):
        context = text[max(0, m.start() - 10):m.end() + 10].replace("\n", " ")
        out.append(Finding(name, number, f"Japanese in an English aid (\"{context}\")"))
    if lang == "ja" and (m := _LATIN_SENTENCE.search(text)):
        out.append(Finding(name, number, f"an English sentence in a Japanese aid (\"{m.group()[:40]}\")"))
    return out


SHEET_TITLE = 9.5    # a line larger than a table's band titles a sheet across the page's columns (a long one set at 10 pt)


WIDE = 0.6   # a filled box wider than this share of the page runs across its columns


def wide_boxes(page) -> tuple[list[float], list[tuple]]:
    """A page's filled boxes (x0, x1, top, bottom) that run across its columns (the bands and
    shaded rows of a table set across them: what is in or under one is read after what is beside
    it), and every filled box: a heading's band says how many columns it spans."""
    boxes = [(r["x0"], r["x1"], r["top"], r["bottom"]) for r in page.rects if r.get("fill")]
    return sorted(b for b in boxes if b[1] - b[0] > WIDE * page.width), boxes


def _reading(pages, page: int, ln, wide=None) -> tuple:
    """Reading order: page, then the part of the page the line is in (a sheet begins, and a table
    across the columns is set, under what is above it), then column (its left edge), then top."""
    part = sum(x.size >= SHEET_TITLE and x.top <= ln.top for x in pages[page - 1])
    part += sum(top <= ln.top + 0.5 for _, _, top, _ in (wide[page - 1][0] if wide else ()))
    return page, part, round(ln.x0 / COLUMN_TOL), ln.top


def _first_line(lines, ln):
    """The first line of the heading `ln` is a line of: lines directly above it in its column,
    set in its size."""
    while above := [x for x in lines if abs(x.x0 - ln.x0) < COLUMN_TOL and abs(x.size - ln.size) < 0.3
                    and 0 < ln.top - x.top < 1.6 * ln.size]:
        ln = max(above, key=lambda x: x.top)
    return ln


def continued_before_start(pages, name: str, wide=None) -> list[Finding]:
    """A "(continued)" heading whose start (the same heading without the mark, in a line of the
    same size) comes after it in reading order, or nowhere; or that is read after another table.
    `wide`: each page's wide_boxes."""
    out = []
    heads = [(k, ln) for k, lines in enumerate(pages, 1) for ln in lines]
    for k, ln in heads:
        m = CONTINUED.search(ln.text)
        if not m:
            continue
        first = _first_line(pages[k - 1], ln)   # a heading wrapped: its first line names it
        if first is not ln:
            ln, m = first, CONTINUED.search(first.text)
        if not (title := (ln.text[:m.start()] if m else ln.text).strip()):
            continue
        starts = [(j, s) for j, s in heads if s is not ln and not CONTINUED.search(s.text)
                  and abs(s.size - ln.size) < 0.3 and s.text.startswith(title)]
        if starts and not any(_reading(pages, j, s, wide) < _reading(pages, k, ln, wide) for j, s in starts):
            j, s = starts[0]
            out.append(Finding(name, k, f"\"{ln.text[:50]}\" comes before its start (page {j}, "
                                        f"at {s.x0:.0f},{s.top:.0f} pt) in reading order"))
            continue
        # the piece read just before it: on this page or the one before, never pages back with
        # other tables between (Amigos' Political Will Track went on two pages after its start)
        pieces = [(j, s) for j, s in heads if s is not ln and _reading(pages, j, s, wide) < _reading(pages, k, ln, wide)
                  and abs(s.size - ln.size) < 0.3 and s.text.startswith(title)]
        if not pieces:
            continue
        j, last = max(pieces, key=lambda p: _reading(pages, *p, wide=wide))
        if k - j > 1:
            out.append(Finding(name, k, f"\"{ln.text[:50]}\" goes on {k - j} pages after "
                                        f"its last piece (page {j}), other tables between"))
        elif other := _between(pages, (j, last), (k, ln), title, wide):
            out.append(Finding(name, k, f"\"{ln.text[:50]}\" is read after \"{other.text[:30]}\", "
                                        f"not at once after its last piece (page {j})"))
    return out


def _between(pages, last: tuple, cont: tuple, title: str, wide=None):
    """A heading of another table read between a piece and its continuation (issue 22: Amigos'
    reinforcement conditions went on after three other tables): on a later page, any heading
    before the continuation (a piece continued leads its page), or after the piece it continues on
    that one's page; on the same page, one above it in its own column, after the piece it continues."""
    (j, s), (k, ln) = last, cont

    def heading(page: int, x) -> bool:   # another table's heading (its first line)
        return (x is not ln and abs(x.size - ln.size) < 0.3 and not x.text.startswith(title)
                and _first_line(pages[page - 1], x) is x)

    for x in pages[k - 1]:
        if not heading(k, x) or not _reading(pages, k, x, wide) < _reading(pages, k, ln, wide):
            continue
        if j < k or abs(x.x0 - ln.x0) < COLUMN_TOL and _reading(pages, j, s, wide) < _reading(pages, k, x, wide):
            return x
    if j < k:   # nor, on that piece's page, a table in a column right of it (read first), unless
        # above it in a column its band spans (a table across columns ends a page)
        band = max((x1 for x0, x1, top, bottom in (wide[j - 1][1] if wide else ())
                    if x0 - 1 <= s.x0 <= x1 and top - 1 <= s.top <= bottom + 1), default=s.x0)
        return next((x for x in pages[j - 1] if heading(j, x) and round(x.x0 / COLUMN_TOL) > round(s.x0 / COLUMN_TOL)
                     and _reading(pages, j, s, wide) < _reading(pages, j, x, wide)
                     and not (x.top < s.top and x.x0 < band)), None)
    return None


def check(path, lang: str | None = None) -> list[Finding]:
    """Every finding of one PDF; an unreadable file is a PlayaidsError. One page is held at a
    time and the PDF's cost is bounded whatever it claims (pdfread: unpacked streams, glyphs)."""
    import os
    import stat

    import pdfplumber

    from playaids import pdfread

    path = Path(path)
    lang = lang or language_of(path)
    makers = path.name.startswith("sources.")   # the sources appendix, as the build names it
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):   # a FIFO would block, a device never end
            raise PlayaidsError(f"{path}: not a regular file")
        with open(path, "rb") as f:
            if f.read(5) != b"%PDF-":
                raise PlayaidsError(f"{path}: not a PDF")
        with pdfread.budget(), pdfplumber.open(path) as pdf:
            n = len(pdf.pages)
            if n == 0:
                raise PlayaidsError(f"{path}: the PDF has no page")
            if n > pdfread.MAX_PAGES:
                raise PlayaidsError(f"{path}: {n} pages, more than the {pdfread.MAX_PAGES} a play aid has")
            out, lines, covers, wide = [], [], [], []
            for k, page in enumerate(pdfread.pages(pdf), 1):
                lines.append(kinsoku.page_lines(page))   # the lines are kept, not the page
                wide.append(wide_boxes(page))
                out += check_page(page, k, str(path), lang, lines[-1], makers)
                covers.append(coverage(page, lines[-1]))
            out += continued_before_start(lines, str(path), wide)
            out += fill_findings(covers, str(path), sections(pdf))
            return sorted(out, key=lambda f: f.page)
    except PlayaidsError:
        raise
    except OSError as e:
        raise PlayaidsError(f"{path}: {e.strerror or e}") from None
    except Exception as e:  # a damaged PDF: pdfminer's many errors, one line
        if big := pdfread.too_big(e):
            raise PlayaidsError(f"{path}: too big to check: {big}") from None
        raise PlayaidsError(f"{path}: cannot read this PDF ({type(e).__name__})") from None


def _one(args) -> tuple[list[Finding], str | None]:
    path, lang = args
    try:
        return check(path, lang), None
    except PlayaidsError as e:
        return [], str(e)


def check_all(paths, lang: str | None = None, workers: int | None = None):
    """(findings, error or None) of each PDF, in the order given, checked in parallel (one
    process per core: a full build's 800 PDFs take a minute instead of two)."""
    import os

    jobs = [(str(p), lang) for p in paths]
    workers = workers or min(len(jobs), os.cpu_count() or 1)
    if workers <= 1 or len(jobs) < 8:
        return [_one(j) for j in jobs]
    import multiprocessing
    import signal

    # a Pool, not an executor: on Ctrl-C (to the whole group, or to this process alone) the
    # workers are terminated at once instead of finishing their files (62 s with 10 files)
    pool = multiprocessing.get_context("fork").Pool(workers, initializer=signal.signal,
                                                    initargs=(signal.SIGINT, signal.SIG_IGN))
    try:
        out = list(pool.imap(_one, jobs, chunksize=1))
    except BaseException:
        pool.terminate()
        pool.join()
        raise
    pool.close()
    pool.join()
    return out
