"""The Cave-Complex Setup Sheet (CCSS, G11.32, page G18) as PDF, drawn with ReportLab.

Page 1: the hex grid of one geomorphic board (33 columns A-GG x rows 0/1-10, hex ids printed)
at true scale when it fits (a board is 8 x 22 in.; it never fits A4 or Letter, so it is scaled
to the page width), the four OBA battery calibre blanks and the notes box (特記事項). Page 2:
the G18 symbol legend (data/asl-chapter-g/tables/ccss-legend.yaml) and the Cloaking boxes.
With a setup, each cave is a "Λ" from the CA hexside's vertices to the hex centre; its ID and
level are printed beside it on a white halo, clear of every stroke and hex id (caves sharing a
hex in one block); a Primary Cave is starred (★) and heavier as well as red, a complex's
boundary dashed along hexsides.
"""
from __future__ import annotations

import io
import math

from reportlab.lib import colors
from reportlab.lib.pagesizes import landscape
from reportlab.lib.units import inch

from playaids import __version__, fonts, kinsoku
from playaids.games.asl_chapter_g import geometry as geo
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
        out += kinsoku.wrap(para, width, lambda t: fonts.width(t, fonts.GOTHIC, size)) or [""]
    return out


def _lang(spec, ja: str, en: str) -> list[str]:
    return {"ja": [ja], "en": [en]}.get(spec.lang, [ja, en])


class Board:
    """Page placement of a board: hex radius r (points), top-left corner (x0, y0) in PDF space."""

    def __init__(self, x0: float, top: float, r: float):
        self.x0, self.top, self.r = x0, top, r

    def pt(self, p):
        return self.x0 + p[0] * self.r, self.top - p[1] * self.r

    def centre(self, h):
        return self.pt(geo.centre(h))

    def corners(self, h):
        return [self.pt(geo.corner(h, k)) for k in range(6)]

    def side(self, h, d):
        a, b = geo.side_corners(h, d)
        return self.pt(a), self.pt(b)

    @property
    def width(self):
        return (geo.COLUMNS - 1) * 1.5 * self.r

    @property
    def height(self):
        return geo.ROWS * geo.SQRT3 * self.r


def _clip(a, z, box):
    """The part of segment a-z inside box (x0, y0, x1, y1), or None (Liang-Barsky)."""
    (x0, y0), (x1, y1) = a, z
    dx, dy = x1 - x0, y1 - y0
    t0, t1 = 0.0, 1.0
    for p, q in ((-dx, x0 - box[0]), (dx, box[2] - x0), (-dy, y0 - box[1]), (dy, box[3] - y0)):
        if p == 0:
            if q < 0:
                return None
            continue
        t = q / p
        if p < 0:
            t0 = max(t0, t)
        else:
            t1 = min(t1, t)
        if t0 >= t1:
            return None
    return (x0 + t0 * dx, y0 + t0 * dy), (x0 + t1 * dx, y0 + t1 * dy)


def _grid(c, b: Board, board: str, size: float):
    c.saveState()
    p = c.beginPath()
    p.rect(b.x0, b.top - b.height, b.width, b.height)
    c.clipPath(p, stroke=0, fill=0)
    c.setStrokeColor(GRID)
    c.setLineWidth(0.4)
    frame = (b.x0, b.top - b.height, b.x0 + b.width, b.top)
    for h in geo.board_hexes(board or "0"):
        pts = b.corners(h)
        # each side cut to the frame here, not by the clip path alone: what is drawn outside
        # would still be in the PDF (under the title) for a reader of the file
        for k in range(6):
            seg = _clip(pts[k], pts[(k + 1) % 6], frame)
            if seg is not None:
                c.line(*seg[0], *seg[1])
        x, y = b.centre(h)
        label_y = y + (b.r * 0.1 if (x < b.x0 + b.r * 0.5 or x > b.x0 + b.width - b.r * 0.5) else b.r * 0.52)
        if label_y + size > b.top - 0.5:   # a half hex cut by the frame's top: its id in the printed half
            _text(c, x, b.top - size - 1.5, h.local, size, GRID, "centre")
            continue
        if label_y < b.top - b.height + 0.5:   # ... by the bottom
            _text(c, x, b.top - b.height + 2, h.local, size, GRID, "centre")
            continue
        # a half hex on the board's left or right edge: its id inside the half that is printed,
        # near mid-height, clear of the neighbouring column's ids
        if x < b.x0 + b.r * 0.5:
            _text(c, b.x0 + 1.5, y + b.r * 0.1, h.local, max(6.0, size * 0.9), GRID)
        elif x > b.x0 + b.width - b.r * 0.5:
            _text(c, b.x0 + b.width - 1.5, y + b.r * 0.1, h.local, max(6.0, size * 0.9), GRID, "right")
        else:
            _text(c, x, y + b.r * 0.52, h.local, size, GRID, "centre")
    c.restoreState()
    c.setLineWidth(0.8)
    c.setStrokeColor(colors.black)
    c.rect(b.x0, b.top - b.height, b.width, b.height, stroke=1, fill=0)


def _red(spec: PageSpec):
    """Primary caves and complex boundaries: red, or black in grayscale (the boundary is dashed
    either way, a Primary Cave drawn heavier)."""
    return colors.black if spec.grayscale else RED


def _cave(c, b: Board, cave, size: float, red=RED):
    """The Λ of a cave: from both vertices of its CA hexside to the hex centre (G11.32); a
    Primary Cave heavier and red (black in grayscale), and starred in its label."""
    colour = red if cave.primary else colors.black
    d = geo.direction(cave.hex, cave.ca)
    (ax, ay), (bx, by) = b.side(cave.hex, d)
    cx, cy = b.centre(cave.hex)
    c.setStrokeColor(colour)
    c.setLineWidth(1.8 if cave.primary else 0.9)
    c.line(ax, ay, cx, cy)
    c.line(bx, by, cx, cy)


PRIMARY_MARK = "★"


def _seg_hits_box(a, b_, box) -> bool:
    """Whether segment a-b_ meets the rectangle box = (x0, y0, x1, y1)."""
    return _clip(a, b_, box) is not None


def _boxes_meet(a, b_) -> bool:
    return a[0] < b_[2] and b_[0] < a[2] and a[1] < b_[3] and b_[1] < a[3]


def _cave_labels(c, b: Board, board: str, caves, size: float, red=RED, boundaries=(), taken=()):
    """One label block per hex, a line per cave (`★D 2`: Primary mark, ID, level), on a white
    halo placed where it meets no Λ, no hex id and no other label: inside the hex when there
    is room, else just beside it (caves sharing a hex are stacked in one block)."""
    by_hex: dict = {}
    for cave in caves:
        by_hex.setdefault(cave.hex, []).append(cave)
    strokes = list(boundaries)
    for cave in caves:
        (ax, ay), (bx, by) = b.side(cave.hex, geo.direction(cave.hex, cave.ca))
        centre = b.centre(cave.hex)
        strokes += [((ax, ay), centre), ((bx, by), centre)]
    ids = []   # the hex ids the grid prints
    for h in geo.board_hexes(board or "0"):
        x, y = b.centre(h)
        w = fonts.width(h.local, fonts.GOTHIC, size)
        ids.append((x - w / 2 - 1, y + b.r * 0.52 - 1, x + w / 2 + 1, y + b.r * 0.52 + size))
    frame = (b.x0 + 1, b.top - b.height + 1, b.x0 + b.width - 1, b.top - 1)
    placed: list = list(taken)
    for h, group in sorted(by_hex.items(), key=lambda kv: -len(kv[1])):
        group = sorted(group, key=lambda x: x.id)
        cx, cy = b.centre(h)
        labels = [(f"{PRIMARY_MARK if x.primary else ''}{x.id}" + ("" if x.level is None else f" {x.level}"),
                   red if x.primary else colors.black) for x in group]
        lead = size * 1.15
        gap = fonts.width("  ", fonts.GOTHIC, size)
        # the labels stacked, in one row, or two to a row: whichever fits the free space best
        layouts = [[[x] for x in labels], [labels]] + ([[labels[i:i + 2] for i in range(0, len(labels), 2)]]
                                                       if len(labels) > 2 else [])
        best = None
        candidates = [(reach, rows, k) for reach in (0.5, 0.75, 1.05, 1.4, 1.8) for rows in layouts for k in range(12)]
        for li, (reach, rows, k) in enumerate(candidates):   # near the hex centre first, every 30 degrees
            widths = [sum(fonts.width(t, fonts.GOTHIC, size) for t, _ in r) + gap * (len(r) - 1) for r in rows]
            wmax, hgt = max(widths) + 2, lead * len(rows) + 1
            ang = math.radians(k * 30 - 90)
            px, py = cx + math.cos(ang) * b.r * reach, cy + math.sin(ang) * b.r * reach
            box = (px - wmax / 2, py - hgt / 2, px + wmax / 2, py + hgt / 2)
            if not (frame[0] <= box[0] and box[2] <= frame[2] and frame[1] <= box[1] and box[3] <= frame[3]):
                continue
            # a Λ or a label is never covered; a complex's dashed boundary may be
            # interrupted by the halo rather than the label leave its hex
            clash = (sum(_seg_hits_box(a, z, box) for a, z in strokes[len(boundaries):]) * 6
                     + sum(_seg_hits_box(a, z, box) for a, z in boundaries)
                     + sum(_boxes_meet(box, i) for i in ids) * 4
                     + sum(_boxes_meet(box, q) for q in placed) * 8
                     + (3 if reach > 0.75 else 0))
            key = (clash, li)
            if best is None or key < best[0]:
                best = (key, box, rows, hgt)
        _, box, rows, hgt = best
        placed.append(box)
        c.saveState()
        c.setFillColor(colors.white)
        c.rect(box[0], box[1], box[2] - box[0], hgt, stroke=0, fill=1)
        c.restoreState()
        for k, row in enumerate(rows):
            x = box[0] + 1
            for text, colour in row:
                # the baseline over the descent of the Latin face (DejaVu: 0.24 em), the glyphs inside the halo
                _text(c, x, box[1] + hgt - lead * (k + 1) + size * 0.3, text, size, colour)
                x += fonts.width(text, fonts.GOTHIC, size) + gap


def _complex(c, b: Board, x, primary_hex, size: float, red=RED) -> tuple[list, tuple]:
    """The dashed boundary of a complex along its outer hexsides and its ID; returns the
    boundary's segments and the ID's box (the cave labels keep clear of both)."""
    inside = set(x.hexes)
    segments = []
    c.saveState()
    c.setStrokeColor(red)
    c.setLineWidth(1.1)
    c.setDash(3, 2)
    for h in x.hexes:
        for d in range(6):
            n = geo.step(h, d)
            if n not in inside:
                (ax, ay), (bx, by) = b.side(h, d)
                c.line(ax, ay, bx, by)
                segments.append(((ax, ay), (bx, by)))
    c.restoreState()
    cx, cy = b.centre(primary_hex)
    _text(c, cx, cy - b.r * 0.78, x.id, size, red, "centre")
    w = fonts.width(x.id, fonts.GOTHIC, size)
    return segments, (cx - w / 2 - 1, cy - b.r * 0.78 - 1, cx + w / 2 + 1, cy - b.r * 0.78 + size)


def _fortification(c, b: Board, f: dict, size: float):
    cx, cy = b.centre(f["hex"])
    _text(c, cx - b.r * 0.05, cy - b.r * 0.35, f["symbol"], size, colors.black, "centre")
    if f.get("toward") is not None:
        (ax, ay), (bx, by) = b.side(f["hex"], geo.direction(f["hex"], f["toward"]))
        tx, ty = (ax + bx) / 2, (ay + by) / 2
        sx, sy = cx + (tx - cx) * 0.25, cy + (ty - cy) * 0.25
        ex, ey = cx + (tx - cx) * 0.85, cy + (ty - cy) * 0.85
        c.setStrokeColor(colors.black)
        c.setLineWidth(0.6)
        c.line(sx, sy, ex, ey)
        ang = math.atan2(ey - sy, ex - sx)
        for s in (-1, 1):
            c.line(ex, ey, ex - 2.2 * math.cos(ang + s * 0.45), ey - 2.2 * math.sin(ang + s * 0.45))


def _page_one(c, spec: PageSpec, board: str, cs, w, h):
    m = spec.margin
    top = h - m
    title = spec.word("複合洞窟配置シート", "Cave-Complex Setup Sheet") + " (CCSS) · G11.32, G18"
    _text(c, m, top - 12, title, 13)
    _text(c, w - m, top - 12, f"{spec.word('地図盤', 'Board')}: {board or '______'}", 12, anchor="right")
    avail_w = w - 2 * m - 2
    avail_h = h - 2 * m - 30 - 62
    r_true = TRUE_HEX_HEIGHT / geo.SQRT3
    r = min(r_true, avail_w / ((geo.COLUMNS - 1) * 1.5), avail_h / (geo.ROWS * geo.SQRT3))
    b = Board(m + 1 + (avail_w - (geo.COLUMNS - 1) * 1.5 * r) / 2, top - 24, r)
    size = max(6.0, min(7.0, r * 0.42))   # never under 6 pt (the print preflight's floor)
    _grid(c, b, board, size)
    scale = r / r_true
    _text(c, w - m, b.top - b.height - 9, spec.word(f"縮尺 {scale:.0%}（実物大は 8×22 インチ）",
                                                     f"scale {scale:.0%} (a board is 8 x 22 in.)"), 6.5,
          colors.HexColor(spec.colour("muted")), "right")
    if cs is not None:
        caves = [x for x in cs.caves if x.hex.board == board]
        by_id = {x.id: x for x in cs.caves}
        boundaries: list = []
        taken: list = []
        for x in cs.complexes:
            p = by_id.get(x.primary)
            if p is not None and p.hex.board == board:
                segments, box = _complex(c, b, x, p.hex, size * 1.1, _red(spec))
                boundaries += segments
                taken.append(box)
        for f in cs.fortifications:
            if f["hex"].board == board:
                _fortification(c, b, f, size * 1.05)
        for cave in caves:
            _cave(c, b, cave, size * 1.1, _red(spec))
        _cave_labels(c, b, board, caves, size, _red(spec), boundaries, taken)
        _text(c, m, b.top - b.height - 9, spec.word(f"ラベル：洞窟ID と高度 · {PRIMARY_MARK} = 主洞窟（太線）",
                                                     f"Labels: cave ID and level · {PRIMARY_MARK} = Primary Cave (heavier Λ)"),
              6.5, colors.HexColor(spec.colour("muted")))
    # OBA battery calibres (four blanks) and the notes box (G18)
    y = b.top - b.height - 24
    x = m
    slot = (w - 2 * m) / 4
    for k in "ABCD":
        label = spec.word(f"OBA中隊{k}：", f"OBA battery {k}: ")
        size = 9.0
        while size > 6 and fonts.width(label, fonts.GOTHIC, size) + 2 + 30 + 16 > slot - 6:
            size -= 0.5  # the label, a blank and "mm" fit their quarter of the page
        _text(c, x, y, label, size)
        lx = x + fonts.width(label, fonts.GOTHIC, size) + 2
        blank = min(44, slot - 6 - 16 - (lx - x))
        c.setLineWidth(0.5)
        c.line(lx, y - 2, lx + blank, y - 2)
        _text(c, lx + blank + 2, y, "mm", size)
        x += slot
    ny = y - 10
    c.rect(m, m + 6, w - 2 * m, ny - m - 6, stroke=1, fill=0)
    start = page_.scale_bars(c, w - m - 6, m + 11)  # to check the print is at 100 % (no hex is)
    label = spec.word("印刷倍率の確認：", "print scale check:")
    if start - 6 - fonts.width(label, fonts.GOTHIC, 6.5) >= m + 4:
        _text(c, start - 6, m + 11, label, 6.5, colors.HexColor(spec.colour("muted")), "right")
    else:   # narrow paper: the label above the bars
        _text(c, w - m - 6, m + 22, label, 6.5, colors.HexColor(spec.colour("muted")), "right")
    _text(c, m + 4, ny - 10, spec.word("特記事項", "Notes"), 9)
    if cs is not None and cs.caves:
        notes = []
        for cave in cs.caves:
            if cave.hex.board == board and cave.level is not None and cs.terrain is not None:
                from playaids.games.asl_chapter_g import caves as cv

                if cs.terrain.hex(cave.hex) and cs.terrain.hex(cave.ca) and cv.upper_cliff(cs.terrain, cave.hex,
                                                                                              cave.ca, cave.level):
                    notes.append(spec.word(f"{cave.id}: 崖上洞窟", f"{cave.id}: Upper-Cliff cave"))
        if notes:
            _text(c, m + 4, ny - 22, " · ".join(notes) + " (G11.113)", 8)


def _legend(c, spec: PageSpec, root, w, h, m, page) -> tuple[float, int]:
    table = root.table("asl-chapter-g", "ccss-legend")
    size = 7.0
    lead = size * 1.22
    top = h - m
    _text(c, m, top - 12, table.title.get("ja" if spec.lang == "ja" else "en" if spec.lang == "en" else "both")
          .replace("\n", " / ") + f" · {table.rule}", 11)
    y = top - 26
    sym_w, name_w = 62, 130 if spec.lang != "en" else 110
    text_w = (w - 2 * m) - sym_w - name_w
    for row in table.grid.rows:
        cells = table.grid.expanded(row)
        label = row.label.get("en") if row.label.neutral else row.label.get(spec.lang)
        name = cells[0].get(spec.lang)
        expl = "" if len(cells) < 2 or cells[1] is None else cells[1].get(spec.lang)
        if cells[0].span == 2:
            lines_n, lines_e = _wrap(name, name_w + text_w - 6, size), []
        else:
            lines_n, lines_e = _wrap(name, name_w - 6, size), _wrap(expl, text_w - 6, size)
        lines_l = _wrap(label, sym_w - 6, size)
        n = max(len(lines_n), len(lines_e), len(lines_l))
        if y - n * lead < m + 12:  # the row does not fit: continue on a new page
            _footer(c, spec, w, page)
            c.showPage()
            page += 1
            y = h - m - 12
        c.setStrokeColor(colors.HexColor("#BBBBBB"))
        c.setLineWidth(0.3)
        c.line(m, y + lead - 2, w - m, y + lead - 2)
        if row.label.get("en") == "-------------":  # the complex boundary: drawn, dashed red
            c.saveState()
            c.setStrokeColor(_red(spec))
            c.setDash(3, 2)
            c.setLineWidth(1.1)
            c.line(m + 2, y + 2, m + sym_w - 8, y + 2)
            c.restoreState()
        elif "Λ" in row.label.get("en"):  # the cave: a small Λ with # above A
            _text(c, m + 2, y, "#/A", size)
            c.setStrokeColor(colors.black)
            c.line(m + 24, y - 2, m + 30, y + 7)
            c.line(m + 30, y + 7, m + 36, y - 2)
        for i, s in enumerate(lines_l if "Λ" not in row.label.get("en") and row.label.get("en") != "-------------"
                              else []):
            _text(c, m + 2, y - i * lead, s, size)
        for i, s in enumerate(lines_n):
            _text(c, m + sym_w, y - i * lead, s, size)
        for i, s in enumerate(lines_e):
            _text(c, m + sym_w + name_w, y - i * lead, s, size)
        y -= n * lead + 3
    return y, page


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


def render(root, spec: PageSpec, board: str = "", cs=None) -> bytes:
    """The CCSS as PDF bytes (identical for identical inputs); cs: a parsed cave setup or None."""
    with page_.fixed_epoch():
        return _render(root, spec, board, cs)


def _render(root, spec: PageSpec, board: str, cs) -> bytes:
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
        _page_one(c, spec, bd, cs, w, h)
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
