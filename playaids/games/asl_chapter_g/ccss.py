"""The Cave-Complex Setup Sheet (CCSS, G11.32, page G18) as PDF, drawn with ReportLab.

A board's page: the hex grid of one geomorphic board (33 columns A-GG x rows 0/1-10) scaled to
the page (a board is 8 x 22 in.: 46 % on A4), or with `half` (--half-board) each half, A-Q and
Q-GG, on a page of its own at a readable scale (about 66 % on A4); then the four OBA battery
calibre blanks and the notes box (特記事項). Next page: the G18 symbol legend
(data/asl-chapter-g/tables/ccss-legend.yaml), whole on the page, the symbols the map draws drawn
(the cave's Λ, the complex boundary, the tunnel line), and the Cloaking boxes.

Every hex id is 7 pt or more inside its own hex, clear of its edges (a hex cut by the board's
edge has it just outside the frame). With a setup, each cave is a "Λ" from the CA hexside's
vertices to the hex centre; its label (★ for a Primary Cave, ID, level) lies inside the cave's
own hex, clear of every Λ and of the hex id (ccssplace). When a hex is too crowded for that at
the whole board's scale, the board is drawn in halves. A Primary Cave is heavier as well as
red, a complex's boundary dashed along hexsides, its ID in one of its hexes.
"""
from __future__ import annotations

import io
import math

from reportlab.lib import colors
from reportlab.lib.pagesizes import landscape
from reportlab.lib.units import inch

from playaids import __version__, fonts, kinsoku
from playaids.games.asl_chapter_g import ccssplace as place
from playaids.games.asl_chapter_g import geometry as geo
from playaids.render import hexsymbols
from playaids.render import page as page_
from playaids.render.page import PageSpec

RED = colors.HexColor("#D00000")
GRID = colors.HexColor("#808080")
TRUE_HEX_HEIGHT = 8 * inch / geo.ROWS  # a board's short side (8 in.) holds 10 hex heights
CLOAKING_BOXES = 24  # blank boxes on an empty sheet

# setup `fortifications:` kinds -> the G18 symbol (box = Cloaking box / OBA battery / DC unit ID)
FORT_SYMBOLS = {
    "anti-tank-ditch": "ATD/{box}", "bore-sight": "BS/{box}", "crest": "Cr/{box}", "set-dc": "DC/{box}",
    "at-set-dc": "A-TDC/{box}", "foxhole": "F/{box}", "fortified": "FL{level}", "pillbox": "P/{box}",
    "pre-registered": "P-R/{box}", "roadblock": "R", "sangar": "S/{box}", "stakes": "*", "trench": "T/{box}",
    "tunnel-surface": "○{level}", "tunnel-underground": "●", "wire": "× × ×", "removed": "×",
    "ap-mines": "{strength}A-P", "at-mines": "{strength}A-T", "ab-mines": "{strength}A-B", "hidden": "{box}",
}
ARROWED = {"crest", "pillbox", "roadblock"}  # G18: the arrow shows a hexside (crest, roadblock) or the CA


def _text(c, x, y, s, size, colour=colors.black, anchor="left"):
    """Text in IPAex Gothic, the symbol font for what it lacks; anchor left/centre/right."""
    w = fonts.width(s, fonts.GOTHIC, size)
    x0 = x - (w / 2 if anchor == "centre" else w if anchor == "right" else 0)
    c.setFillColor(colour)
    fonts.draw_string(c, x0, y, s, size)


def _wrap(s: str, width: float, size: float) -> list[str]:
    out = []
    for para in s.split("\n"):
        out += kinsoku.wrap(para, width, lambda t: fonts.width(t, fonts.GOTHIC, size), phrases=True) or [""]
    return out


def _lang(spec, ja: str, en: str) -> list[str]:
    return {"ja": [ja], "en": [en]}.get(spec.lang, [ja, en])


class Board:
    """Page placement of a board, or of the columns c0-c1 of it (a half board: A-Q or Q-GG):
    hex radius r (points), the frame's top-left corner (x0, top) in PDF space. A frame edge on the
    board's own edge runs through the centres of its half hexes (A, GG); one inside the board
    (column Q of a half) takes the whole hex."""

    def __init__(self, x0: float, top: float, r: float, c0: int = 0, c1: int = geo.COLUMNS - 1):
        self.x0, self.top, self.r, self.c0, self.c1 = x0, top, r, c0, c1
        self.u0 = c0 * 1.5 - (0.0 if c0 == 0 else 1.0)
        self.u1 = c1 * 1.5 + (0.0 if c1 == geo.COLUMNS - 1 else 1.0)

    def pt(self, p):
        return self.x0 + (p[0] - self.u0) * self.r, self.top - p[1] * self.r

    def centre(self, h):
        return self.pt(geo.centre(h))

    def corners(self, h):
        return [self.pt(geo.corner(h, k)) for k in range(6)]

    def side(self, h, d):
        a, b = geo.side_corners(h, d)
        return self.pt(a), self.pt(b)

    def shows(self, h) -> bool:
        return self.c0 <= h.col <= self.c1

    @property
    def width(self):
        return (self.u1 - self.u0) * self.r

    @property
    def height(self):
        return geo.ROWS * geo.SQRT3 * self.r

    @property
    def frame(self):
        return self.x0, self.top - self.height, self.x0 + self.width, self.top

    @property
    def columns(self) -> str:
        return f"{geo.column_letters(self.c0)}–{geo.column_letters(self.c1)}"


_clip = place.clip


SIDE, TOP = 0.6, 0.3   # a word's box: this much beside and above/below its glyphs
# a line's glyphs, run by run in two faces: IPAex Gothic's ascent (0.88 em) over the Latin face's
# descent (DejaVu Sans Condensed: 0.24 em), so a label mixing both stays in its box
ASC, DESC = 0.88, 0.24
EDGE_GAP = 2.0         # between the frame and the ids of columns A and GG beside it
LEAD = 1.1             # lines of a label block, in em


def _word_box(s: str, size: float) -> tuple[float, float]:
    """(w, h) of the box of one line of text."""
    return fonts.width(s, fonts.GOTHIC, size) + 2 * SIDE, (ASC + DESC) * size + 2 * TOP


def _baseline(box, size: float) -> float:
    """The baseline of a line of text in its box (DESC below it, ASC above)."""
    return box[1] + TOP + DESC * size


def _grid(c, b: Board, board: str, ids: dict, size: float):
    """The hexes of the board's columns shown, each side cut to the frame, and each hex id in
    the box planned for it (_plan)."""
    c.saveState()
    c.setStrokeColor(GRID)
    c.setLineWidth(0.4)
    frame = b.frame
    for h in geo.board_hexes(board or "0"):
        if not b.shows(h):
            continue
        pts = b.corners(h)
        # each side cut to the frame here: what is drawn outside would still be in the PDF
        for k in range(6):
            seg = _clip(pts[k], pts[(k + 1) % 6], frame)
            if seg is not None:
                c.line(*seg[0], *seg[1])
        if h in ids:
            box, z = ids[h]
            _text(c, box[0] + SIDE, _baseline(box, z), h.local, z, GRID)
    c.restoreState()
    c.setLineWidth(0.8)
    c.setStrokeColor(colors.black)
    c.rect(b.x0, b.top - b.height, b.width, b.height, stroke=1, fill=0)


def _red(spec: PageSpec):
    """Primary caves and complex boundaries: red, or black in grayscale (the boundary is dashed
    either way, a Primary Cave drawn heavier)."""
    return colors.black if spec.grayscale else RED


def _lambda(b: Board, cave) -> list:
    """The Λ of a cave: from both vertices of its CA hexside to the hex centre (G11.32)."""
    (ax, ay), (bx, by) = b.side(cave.hex, geo.direction(cave.hex, cave.ca))
    centre = b.centre(cave.hex)
    return [((ax, ay), centre), ((bx, by), centre)]


def _cave(c, b: Board, cave, red=RED):
    """A Primary Cave's Λ heavier and red (black in grayscale), and starred in its label."""
    c.setStrokeColor(red if cave.primary else colors.black)
    c.setLineWidth(1.8 if cave.primary else 0.9)
    for (ax, ay), (cx, cy) in _lambda(b, cave):
        c.line(ax, ay, cx, cy)


PRIMARY_MARK = "★"


def _arrow(b: Board, f: dict):
    """A fortification's arrow toward a hexside (crest, pillbox CA, roadblock): (start, end)."""
    cx, cy = b.centre(f["hex"])
    (ax, ay), (bx, by) = b.side(f["hex"], geo.direction(f["hex"], f["toward"]))
    tx, ty = (ax + bx) / 2, (ay + by) / 2
    return (cx + (tx - cx) * 0.25, cy + (ty - cy) * 0.25), (cx + (tx - cx) * 0.85, cy + (ty - cy) * 0.85)


class Plan:
    """Where each word of a board page goes (page coordinates): the hex ids, the cave label
    blocks (a line per cave: ★, ID, level), fortification symbols and complex IDs, every box
    inside its own hex and clear of every stroke and of each other (ccssplace)."""

    def __init__(self):
        self.ids: dict = {}        # hex -> (box, size)
        self.labels: list = []     # (hex, box, size, rows [[(text, colour)]])
        self.forts: list = []      # (fortification, box, size)
        self.complexes: list = []  # (complex id, box, size)
        self.clean = True          # every word clear of every stroke and of every other word
        self.crowded: list = []    # the hexes where it is not


def _label_rows(group, red) -> list:
    return [(f"{PRIMARY_MARK if x.primary else ''}{x.id}" + ("" if x.level is None else f" {x.level}"),
             red if x.primary else colors.black) for x in sorted(group, key=lambda x: x.id)]


def _layouts(labels, size: float) -> list:
    """(w, h, rows) of a block of labels at `size`: stacked, in one row, or two to a row."""
    lead = size * LEAD
    gap = fonts.width("  ", fonts.GOTHIC, size)
    options = [[[x] for x in labels], [labels]] + ([[labels[i:i + 2] for i in range(0, len(labels), 2)]]
                                                   if len(labels) > 2 else [])
    out = []
    for rows in options:
        w = max(sum(fonts.width(t, fonts.GOTHIC, size) for t, _ in r) + gap * (len(r) - 1) for r in rows) + 2 * SIDE
        out.append((w, lead * (len(rows) - 1) + (ASC + DESC) * size + 2 * TOP, rows))
    return out


def _hex_words(b: Board, h, frame, strokes, group, id_size: float, sizes, red, step: float):
    """(id box, [(box, size, rows)], clean) of one hex: its id and its caves' labels, each inside
    the hex and clear of the Λs and of each other. Tried in turn: the id at the top then the
    labels in one block (stacked, in a row, two to a row; the largest size first), then each
    label on its own; then the labels first and the id where room is left. When nothing is
    clean, the first try with the fewest clashes."""
    poly = b.corners(h)
    cx, cy = b.centre(h)
    id_sizes = [id_size] + ([7.0] if id_size > 7.0 else [])
    idh = (ASC + DESC) * id_size + 2 * TOP
    top = (cx, cy + geo.SQRT3 / 2 * b.r - place.MARGIN - idh / 2 - 0.3)

    def put_id(taken, free):
        if geo.half_hex(h):   # cut by the board's edge: its id outside the frame, beside its printed half
            w, hh = _word_box(h.local, id_size)
            if h.col in (0, geo.COLUMNS - 1):
                x = frame[0] - EDGE_GAP - w if h.col == 0 else frame[2] + EDGE_GAP
                y = min(max(cy - hh / 2, frame[1]), frame[3] - hh)
            else:
                x = cx - w / 2
                y = frame[3] + EDGE_GAP if h.row == 0 else frame[1] - EDGE_GAP - hh
            return (x, y, x + w, y + hh), id_size
        got = place.place(poly, frame, [_word_box(h.local, z) for z in id_sizes],
                          strokes, taken, top, step, free)
        return None if got is None else (got[1], id_sizes[got[0]])

    def put_labels(taken, free):
        if not group:
            return []
        labels = _label_rows(group, red)
        options = [(s, w, hh, rows) for s in sizes for w, hh, rows in _layouts(labels, s)]
        got = place.place(poly, frame, [(w, hh) for _, w, hh, _ in options], strokes, taken, (cx, cy), step, True)
        if got is not None:
            return [(got[1], options[got[0]][0], options[got[0]][3])]
        for size in sizes:   # each on its own, all at one size, in the order given or the reverse
            for order in (labels, labels[::-1]):
                out, mine = [], list(taken)
                for label in order:
                    got = place.place(poly, frame, [_word_box(label[0], size)], strokes, mine, (cx, cy), step, True)
                    if got is None:
                        break
                    out.append((got[1], size, [[label]]))
                    mine.append(got[1])
                else:
                    return out
        if free:
            return None
        out, mine = [], list(taken)   # nothing clean: each where it clashes least
        for label in labels:
            got = place.place(poly, frame, [_word_box(label[0], sizes[-1])], strokes, mine, (cx, cy), step)
            if got is not None:
                out.append((got[1], sizes[-1], [[label]]))
                mine.append(got[1])
        return out

    idb = put_id([], True)
    labels = put_labels([idb[0]], True) if idb is not None else None
    if idb is not None and labels is not None:
        return idb, labels, True
    labels = put_labels([], True)
    if labels is not None:
        idb = put_id([x[0] for x in labels], True)
        if idb is not None:
            return idb, labels, True
    idb = put_id([], False)
    labels = put_labels([idb[0]] if idb else [], False) or []
    return idb, labels, False


def _plan(b: Board, board: str, caves, forts, complexes, id_size: float, size: float, red) -> Plan:
    plan = Plan()
    plan.clean = True
    frame = b.frame
    step = b.r / 24
    strokes: dict = {}
    for cave in caves:
        strokes.setdefault(cave.hex, []).extend(_lambda(b, cave))
    for f in forts:
        if f.get("toward") is not None:
            strokes.setdefault(f["hex"], []).append(_arrow(b, f))
    by_hex: dict = {}
    for cave in caves:
        by_hex.setdefault(cave.hex, []).append(cave)
    sizes = [size - 0.5 * k for k in range(int((size - 6.0) / 0.5) + 1)]
    taken: dict = {}   # hex -> boxes placed in it
    for h in geo.board_hexes(board or "0"):
        if not b.shows(h):
            continue
        idb, labels, clean = _hex_words(b, h, frame, strokes.get(h, []), by_hex.get(h, []), id_size, sizes, red, step)
        plan.clean &= clean
        if not clean:
            plan.crowded.append(h)
        if idb is not None:
            plan.ids[h] = idb
        taken[h] = ([idb[0]] if idb else []) + [x[0] for x in labels]
        plan.labels += [(h, box, s, rows) for box, s, rows in labels]
    for f in forts:
        fsize = max(6.0, size - 0.5)
        w, hh = _word_box(f["symbol"], fsize)
        cx, cy = b.centre(f["hex"])
        got = place.place(b.corners(f["hex"]), frame, [(w, hh)], strokes.get(f["hex"], []), taken.get(f["hex"], []),
                          (cx, cy - b.r * 0.4), step)
        if got is not None:
            plan.clean &= place.clashes(got[1], strokes.get(f["hex"], []), taken.get(f["hex"], [])) == 0
            plan.forts.append((f, got[1], fsize))
            taken.setdefault(f["hex"], []).append(got[1])
    for x, primary_hex in complexes:   # the ID in a hex of the complex, one without a cave first
        shown = [h for h in x.hexes if b.shows(h)]
        order = sorted(shown, key=lambda h: (h in by_hex, h != primary_hex))
        w, hh = _word_box(x.id, size)
        for h in order:
            got = place.place(b.corners(h), frame, [(w, hh)], strokes.get(h, []), taken.get(h, []), b.centre(h), step,
                              True)
            if got is not None:
                plan.complexes.append((x.id, got[1], size))
                taken.setdefault(h, []).append(got[1])
                break
    return plan


def _complex_boundary(c, b: Board, x, red=RED):
    """The dashed boundary of a complex along its outer hexsides, cut to the frame."""
    inside = set(x.hexes)
    c.saveState()
    c.setStrokeColor(red)
    c.setLineWidth(1.1)
    c.setDash(3, 2)
    for h in x.hexes:
        if not (b.c0 - 1 <= h.col <= b.c1 + 1):
            continue
        for d in range(6):
            if geo.step(h, d) not in inside:
                seg = _clip(*b.side(h, d), b.frame)
                if seg is not None:
                    c.line(*seg[0], *seg[1])
    c.restoreState()


def _draw_fortification(c, b: Board, f: dict, box, size: float):
    _text(c, box[0] + SIDE, _baseline(box, size), f["symbol"], size, colors.black)
    if f.get("toward") is not None:
        (sx, sy), (ex, ey) = _arrow(b, f)
        c.setStrokeColor(colors.black)
        c.setLineWidth(0.6)
        c.line(sx, sy, ex, ey)
        ang = math.atan2(ey - sy, ex - sx)
        for s in (-1, 1):
            c.line(ex, ey, ex - 2.2 * math.cos(ang + s * 0.45), ey - 2.2 * math.sin(ang + s * 0.45))


def _halo(c, box):
    c.saveState()
    c.setFillColor(colors.white)
    c.rect(box[0], box[1], box[2] - box[0], box[3] - box[1], stroke=0, fill=1)
    c.restoreState()


MAP_BELOW = 72.0   # under the map: row 10's ids, the key line, the OBA blanks, the top of the notes box
MAP_TOP = 31.0     # above it: the title, row 0's ids
NOTES_ROOM = 36.0  # more for the notes box under a half board (a whole board leaves room on A4)


def boards_of(spec: PageSpec, w: float, h: float, half: bool = False) -> list[Board]:
    """The placement of each page's map: the whole board, or its halves A-Q and Q-GG (`half`),
    at the largest scale the page holds (no larger than true scale), the same on both halves."""
    m = spec.margin
    avail_w = w - 2 * m - 2 - 2 * (fonts.width("GG10", fonts.GOTHIC, 7.0) + 2 * SIDE + EDGE_GAP)   # ids of A, GG
    avail_h = h - 2 * m - MAP_TOP - 6 - MAP_BELOW - (NOTES_ROOM if half else 0.0)   # a half board: a notes box to write in
    parts = [(0, 16), (16, geo.COLUMNS - 1)] if half else [(0, geo.COLUMNS - 1)]
    r_true = TRUE_HEX_HEIGHT / geo.SQRT3
    units = max(Board(0, 0, 1, c0, c1).width for c0, c1 in parts)
    r = min(r_true, avail_w / units, avail_h / (geo.ROWS * geo.SQRT3))
    out = []
    for c0, c1 in parts:
        b = Board(0, h - m - MAP_TOP, r, c0, c1)
        b.x0 = (w - b.width) / 2
        out.append(b)
    return out


def sizes_for(b: Board) -> tuple[float, float]:
    """(hex id size, label size): ids 7 pt at least (issue 23: they were 6-6.8 pt), larger on
    a half board; cave labels as large as a hex holds them."""
    return (7.0 if b.r < 22 else 8.0), (7.0 if b.r < 22 else 9.0)


def page_plan(spec: PageSpec, board: str, cs, b: Board):
    """(caves, fortifications, complexes, Plan) of the part of `board` that `b` shows."""
    id_size, size = sizes_for(b)
    caves, forts, complexes = [], [], []
    if cs is not None:
        caves = [x for x in cs.caves if x.hex.board == board and b.shows(x.hex)]
        forts = [f for f in cs.fortifications if f["hex"].board == board and b.shows(f["hex"])]
        by_id = {x.id: x for x in cs.caves}
        complexes = [(x, by_id[x.primary].hex) for x in cs.complexes
                     if x.primary in by_id and by_id[x.primary].hex.board == board]
    return caves, forts, complexes, _plan(b, board, caves, forts, complexes, id_size, size, _red(spec))


def pages_of(spec: PageSpec, board: str, cs, w: float, h: float, half: bool = False):
    """[(Board, page plan)] of a board: the whole board on a page, or its halves when asked or
    when a word would not fit clear in its hex at the whole board's scale."""
    parts = [(b, page_plan(spec, board, cs, b)) for b in boards_of(spec, w, h, half)]
    if not half and not all(p[3].clean for _, p in parts):
        parts = [(b, page_plan(spec, board, cs, b)) for b in boards_of(spec, w, h, True)]
    return parts


def _page_one(c, spec: PageSpec, board: str, cs, w, h, b: Board, part: int, parts: int, pp):
    m = spec.margin
    top = h - m
    title = spec.word("複合洞窟配置シート", "Cave-Complex Setup Sheet") + " (CCSS) · G11.32, G18"
    _text(c, m, top - 12, title, 13)
    where = f"{spec.word('地図盤', 'Board')}: {board or '______'}"
    if parts > 1:
        where += f" · {b.columns} ({part}/{parts})"
    _text(c, w - m, top - 12, where, 12, anchor="right")
    id_size, size = sizes_for(b)
    caves, forts, complexes, plan = pp
    _grid(c, b, board, plan.ids, id_size)
    r_true = TRUE_HEX_HEIGHT / geo.SQRT3
    muted = colors.HexColor(spec.colour("muted"))
    _text(c, w - m, b.top - b.height - 19, spec.word(f"縮尺 {b.r / r_true:.0%}（実物大は 8×22 インチ）",
                                                     f"scale {b.r / r_true:.0%} (a board is 8 x 22 in.)"), 6.5,
          muted, "right")
    for x, _ in complexes:
        _complex_boundary(c, b, x, _red(spec))
    for f, box, fsize in plan.forts:
        _draw_fortification(c, b, f, box, fsize)
    for cave in caves:
        _cave(c, b, cave, _red(spec))
    for _, box, lsize, rows in plan.labels:
        _halo(c, box)
        lead = lsize * LEAD
        gap = fonts.width("  ", fonts.GOTHIC, lsize)
        for k, row in enumerate(rows):
            x = box[0] + SIDE
            for text, colour in row:
                _text(c, x, box[3] - TOP - ASC * lsize - k * lead, text, lsize, colour)
                x += fonts.width(text, fonts.GOTHIC, lsize) + gap
    for cid, box, csize in plan.complexes:
        _halo(c, box)
        _text(c, box[0] + SIDE, _baseline(box, csize), cid, csize, _red(spec))
    if cs is not None:
        _text(c, m, b.top - b.height - 19, spec.word(f"ラベル：洞窟ID と高度 · {PRIMARY_MARK} = 主洞窟（太線）",
                                                     f"Labels: cave ID and level · {PRIMARY_MARK} = Primary Cave (heavier Λ)"),
              6.5, muted)
    y = b.top - b.height - 33
    if part == 1:   # OBA battery calibres (four blanks, G18), once a board
        x = m
        slot = (w - 2 * m) / 4
        for k in "ABCD":
            label = spec.word(f"OBA中隊{k}：", f"OBA battery {k}: ")
            lsize = 9.0
            while lsize > 6 and fonts.width(label, fonts.GOTHIC, lsize) + 2 + 30 + 16 > slot - 6:
                lsize -= 0.5  # the label, a blank and "mm" fit their quarter of the page
            _text(c, x, y, label, lsize)
            lx = x + fonts.width(label, fonts.GOTHIC, lsize) + 2
            blank = min(44, slot - 6 - 16 - (lx - x))
            c.setLineWidth(0.5)
            c.line(lx, y - 2, lx + blank, y - 2)
            _text(c, lx + blank + 2, y, "mm", lsize)
            x += slot
    ny = y - 10
    c.setStrokeColor(colors.black)
    c.setLineWidth(0.8)
    c.rect(m, m + 6, w - 2 * m, ny - m - 6, stroke=1, fill=0)
    start = page_.scale_bars(c, w - m - 6, m + 11)  # to check the print is at 100 % (no hex is)
    label = spec.word("印刷倍率の確認：", "print scale check:")
    if start - 6 - fonts.width(label, fonts.GOTHIC, 6.5) >= m + 4:
        _text(c, start - 6, m + 11, label, 6.5, muted, "right")
    else:   # narrow paper: the label above the bars
        _text(c, w - m - 6, m + 22, label, 6.5, muted, "right")
    _text(c, m + 4, ny - 10, spec.word("特記事項", "Notes"), 9)
    if cs is not None and cs.caves and part == 1:
        notes = []
        for cave in cs.caves:
            if cave.hex.board == board and cave.level is not None and cs.terrain is not None:
                from playaids.games.asl_chapter_g import caves as cv

                if cs.terrain.hex(cave.hex) and cs.terrain.hex(cave.ca) and cv.upper_cliff(cs.terrain, cave.hex,
                                                                                              cave.ca, cave.level):
                    notes.append(spec.word(f"{cave.id}: 崖上洞窟", f"{cave.id}: Upper-Cliff cave"))
        if notes:
            _text(c, m + 4, ny - 22, " · ".join(notes) + " (G11.113)", 8)
    return plan


def _legend_rows(spec: PageSpec, table, width: float, size: float, sym_w: float):
    """(label lines, name lines, explanation lines, symbol kind, height) of each legend row."""
    name_w = (130 if spec.lang != "en" else 110) * width / 770
    text_w = width - sym_w - name_w
    lead = size * 1.22
    out = []
    for row in table.grid.rows:
        cells = table.grid.expanded(row)
        label = row.label.get("en") if row.label.neutral else row.label.get(spec.lang)
        name = cells[0].get(spec.lang)
        expl = "" if len(cells) < 2 or cells[1] is None else cells[1].get(spec.lang)
        if cells[0].span == 2:
            lines_n, lines_e = _wrap(name, name_w + text_w - 6, size), []
        else:
            lines_n, lines_e = _wrap(name, name_w - 6, size), _wrap(expl, text_w - 6, size)
        kind = row.label.draw   # a symbol the map draws, drawn (G18), its words beside it
        lines_l = _wrap(label, sym_w - 6 - (hexsymbols.width(kind, size) + 2 if kind else 0), size) if label else []
        n = max(len(lines_n), len(lines_e), len(lines_l), 1)
        out.append((lines_l, lines_n, lines_e, kind, max(n * lead, 15.0 if kind else 0.0) + 3, name_w))
    return out


def _legend(c, spec: PageSpec, root, w, h, m, page) -> tuple[float, int]:
    """The G18 legend, whole on one page (issue 23: two rows spilled onto the next): set at
    7 pt, or smaller down to 6 pt, or in two columns, whichever first fits."""
    table = root.table("asl-chapter-g", "ccss-legend")
    top = h - m
    _text(c, m, top - 12, table.title.get("ja" if spec.lang == "ja" else "en" if spec.lang == "en" else "both")
          .replace("\n", " / ") + f" · {table.rule}", 11)
    room = top - 26 - (m + 12)
    full = w - 2 * m
    choice = None
    for cols, size in ((1, 7.0), (1, 6.5), (1, 6.0), (2, 6.5), (2, 6.0)):
        colw = (full - 14 * (cols - 1)) / cols
        rows = _legend_rows(spec, table, colw, size, 62 if cols == 1 else 56)
        per = math.ceil(len(rows) / cols)
        height = max(sum(r[4] for r in rows[k * per:(k + 1) * per]) for k in range(cols))
        choice = (cols, size, colw, rows, per, height)
        if height <= room:
            break
    cols, size, colw, rows, per, height = choice
    lead = size * 1.22
    sym_w = 62 if cols == 1 else 56
    bottom = top
    for k in range(cols):
        x0 = m + k * (colw + 14)
        y = top - 26
        for lines_l, lines_n, lines_e, kind, rh, name_w in rows[k * per:(k + 1) * per]:
            c.setStrokeColor(colors.HexColor("#BBBBBB"))
            c.setLineWidth(0.3)
            c.line(x0, y + lead - 2, x0 + colw, y + lead - 2)
            x, first = x0 + 2, y
            if kind:   # its words level with the symbol's middle
                mid = y + lead - 2 - rh / 2
                x = hexsymbols.draw(c, kind, x, mid, size, _red(spec))
                first = mid - size * 0.35 + (len(lines_l) - 1) * lead / 2
            for i, s in enumerate(lines_l):
                _text(c, x, first - i * lead, s, size)
            for i, s in enumerate(lines_n):
                _text(c, x0 + sym_w, y - i * lead, s, size)
            for i, s in enumerate(lines_e):
                _text(c, x0 + sym_w + name_w, y - i * lead, s, size)
            y -= rh
        bottom = min(bottom, y)
    return bottom, page


def _cloaking(c, spec: PageSpec, cs, w, top, m):
    _text(c, m, top - 4, spec.word("秘匿ボックス", "Cloaking boxes") + " (G11.31, G11.32)", 11)
    boxes = []
    if cs is not None:
        boxes = [(x.id, x.contents) for x in cs.caves] + [(x.id, x.contents) for x in cs.complexes]
    cols = 6
    bw = (w - 2 * m) / cols
    bh = 54
    y = top - 12
    fit = cols * int((y - m - 4) // bh)  # fill the page with blank boxes to write in
    while len(boxes) < max(CLOAKING_BOXES, fit):
        boxes.append(("", []))
    for i, (bid, contents) in enumerate(boxes):
        x = m + (i % cols) * bw
        yy = y - (i // cols) * bh
        if yy - bh < m:
            break
        c.setStrokeColor(colors.black)
        c.setLineWidth(0.6)
        c.rect(x + 2, yy - bh + 4, bw - 4, bh - 6, stroke=1, fill=0)
        _text(c, x + 5, yy - 11, f"ID: {bid or '____'}", 8.5)
        for k, u in enumerate(contents[:3]):
            _text(c, x + 5, yy - 22 - k * 9, f"{u['unit']} ({u['type']})", 7)


def render(root, spec: PageSpec, board: str = "", cs=None, half: bool = False) -> bytes:
    """The CCSS as PDF bytes (identical for identical inputs); cs: a parsed cave setup or None;
    `half`: each board on two pages, columns A-Q and Q-GG, at a readable scale."""
    with page_.fixed_epoch():
        return _render(root, spec, board, cs, half)


def _render(root, spec: PageSpec, board: str, cs, half: bool = False) -> bytes:
    size = landscape(spec.size)
    boards = [board] if board or cs is None or not cs.caves else sorted({x.hex.board for x in cs.caves})
    buf = io.BytesIO()
    c = page_.trimmed_canvas(buf, spec, size, invariant=1, pageCompression=1,
                             lang="ja-JP" if spec.lang != "en" else "en")
    c.setTitle("複合洞窟配置シート / Cave-Complex Setup Sheet (CCSS)")
    c.setAuthor("playaids")
    c.setCreator(f"playaids {__version__}")
    c.setProducer(f"playaids {__version__}")
    w, h = size
    m = spec.margin
    pages = 0
    for bd in boards:
        parts = pages_of(spec, bd, cs, w, h, half)
        for k, (b, pp) in enumerate(parts, 1):
            _page_one(c, spec, bd, cs, w, h, b, k, len(parts), pp)
            pages += 1
            _footer(c, spec, w, pages)
            c.showPage()
    y, page = _legend(c, spec, root, w, h, m, pages + 1)
    if y < 140:
        _footer(c, spec, w, page)
        c.showPage()
        page += 1
        y = h - m
    _cloaking(c, spec, cs, w, y - 8, m)
    _footer(c, spec, w, page)
    c.showPage()
    c.save()
    return buf.getvalue()


def _footer(c, spec, w, page):
    _text(c, spec.margin, spec.margin * 0.45,
          spec.word("ASL 第G章 · 複合洞窟配置シート · G11.32", "ASL Chapter G · Cave-Complex Setup Sheet · G11.32"),
          6.5, colors.HexColor(spec.colour("muted")))
    _text(c, w - spec.margin, spec.margin * 0.45, str(page), 6.5, colors.HexColor(spec.colour("muted")), "right")
