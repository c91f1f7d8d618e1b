"""Shared helpers of the document tests: renders cached for the whole session (each PDF is
made once), and pdfplumber read-back of turn boxes, columns and lines."""
import atexit
import functools
import re
import shutil
import tempfile
from pathlib import Path

import pdfplumber

from playaids import pdfread
from playaids.render import glossary_pdf, summary, turnsheet
from playaids.render.page import PageSpec
from playaids.repository import Repository

ROOT = Repository.builtin()
OUT = Path(tempfile.mkdtemp(prefix="playaids-documents-"))  # per test process: parallel runs never collide
atexit.register(shutil.rmtree, OUT, ignore_errors=True)


@functools.lru_cache(maxsize=None)
def game(gid):
    return ROOT.game(gid, with_tables=False)


@functools.lru_cache(maxsize=None)
def record(gid):
    return ROOT.turns(gid)


@functools.lru_cache(maxsize=None)
def summary_of(gid):
    return ROOT.summary(gid)


@functools.lru_cache(maxsize=None)
def turns_pdf(gid, scenario=None, lang="both", paper="a4") -> Path:
    data = turnsheet.render(record(gid), game(gid), scenario, PageSpec(paper=paper, lang=lang))
    return _save(f"turns-{gid}-{scenario}-{lang}-{paper}.pdf", data)


@functools.lru_cache(maxsize=None)
def summary_pdf(gid, lang="both", paper="a4") -> Path:
    return _save(f"summary-{gid}-{lang}-{paper}.pdf", summary.render(summary_of(gid), game(gid), PageSpec(paper=paper, lang=lang)))


@functools.lru_cache(maxsize=None)
def glossary_pdf_of(gid, paper="a4") -> Path:
    return _save(f"glossary-{gid}-{paper}.pdf", glossary_pdf.render(game(gid), PageSpec(paper=paper)))


def _save(name, data: bytes) -> Path:
    OUT.mkdir(parents=True, exist_ok=True)
    p = OUT / name
    p.write_bytes(data)
    return p


def flat(s: str) -> str:
    """Text as comparable: wrapped lines joined, spaces beside CJK characters dropped."""
    return pdfread.comparable(s)


@functools.lru_cache(maxsize=None)
def pages(path) -> list[dict]:
    """Each page read once: size, words (x_tolerance 1.5 keeps the word spaces of small
    type; words are not split where the font changes: ReportLab embeds a CJK font as
    several 256-glyph subsets, so one word may use two of them), fonts and drawn rectangles."""
    out = []
    with pdfplumber.open(path) as pdf:
        for p in pdf.pages:
            for c in p.chars:   # one size per run whatever the face (IPAex reads 11.4999 where DejaVu reads 11.5)
                c["size"] = round(c["size"], 2)
            out.append({"width": p.width, "height": p.height, "rects": list(p.rects),
                        "fonts": {c["fontname"] for c in p.chars},
                        "words": p.extract_words(x_tolerance=1.5, extra_attrs=["size"])})
    return out


def page_count(path) -> int:
    return len(pages(path))


def _lines(words) -> str:
    rows: list = []
    for w in sorted(words, key=lambda w: (w["top"], w["x0"])):
        if rows and abs(w["top"] - rows[-1][0]) < 0.45 * w["size"]:
            rows[-1][1].append(w)
        else:
            rows.append([w["top"], [w]])
    return "\n".join(" ".join(x["text"] for x in sorted(ws, key=lambda w: w["x0"])) for _, ws in rows)


@functools.lru_cache(maxsize=None)
def text_of(path, half: str | None = None) -> str:
    """All text, page by page; `half` 'left' or 'right' reads one column of a two-column page."""
    out = []
    for p in pages(path):
        words = p["words"]
        if half:
            mid = p["width"] / 2
            words = [w for w in words if (w["x1"] <= mid + 1) == (half == "left")]
        out.append(_lines(words))
    return "\n".join(out)


@functools.lru_cache(maxsize=None)
def columns_of(path) -> str:
    """All text in reading order of a two-column document: each page's left column, then its right."""
    out = []
    for p in pages(path):
        mid = p["width"] / 2
        for left in (True, False):
            out.append(_lines([w for w in p["words"] if (w["x1"] <= mid + 1) == left]))
    return "\n".join(out)


_LABEL = {"ja": re.compile(r"^ターン(\d+)$"), "en": re.compile(r"^(\d+)$")}
_PAD = 3.5  # a cell's words start this far right of its border (playaids/render/turnstrip.py)


def _row_frames(page) -> list:
    """The frames of the strip's rows: stroked rectangles filled white, taller than a line."""
    return [r for r in page["rects"] if r.get("stroke") and r["height"] > 40 and r["width"] > 40
            and tuple(r.get("non_stroking_color") or ()) in ((1, 1, 1), (1,), (1.0, 1.0, 1.0))]


def _labels(page, lang: str) -> list:
    """(turn, word) of each turn label of the strip: 'ターン3', or 'Turn' with '3' after it."""
    out = []
    words = page["words"]
    for i, w in enumerate(words):
        if w["size"] < 9.5:
            continue
        if lang == "ja" and (m := _LABEL["ja"].match(w["text"])):
            out.append((int(m.group(1)), w))
        elif lang == "en" and w["text"] == "Turn" and i + 1 < len(words):
            nxt = words[i + 1]
            if (m := _LABEL["en"].match(nxt["text"])) and abs(nxt["top"] - w["top"]) < 1:
                out.append((int(m.group(1)), w))
    return out


@functools.lru_cache(maxsize=None)
def cells(path, lang: str) -> dict:
    """{turn: {page, x0, x1, top, bottom, words}} of a turn-record sheet's strip: a cell runs
    from its label to the next label of its row (or the row's right edge), over the row's frame."""
    found: dict = {}
    for k, page in enumerate(pages(path)):
        frames = _row_frames(page)
        labels = _labels(page, lang)
        for f in frames:
            inside = sorted(((t, w) for t, w in labels if f["x0"] <= w["x0"] <= f["x1"] and f["top"] <= w["top"] <= f["bottom"]),
                            key=lambda tw: tw[1]["x0"])
            for j, (t, w) in enumerate(inside):
                x0 = w["x0"] - _PAD
                x1 = inside[j + 1][1]["x0"] - _PAD if j + 1 < len(inside) else f["x1"]
                words = [x for x in page["words"] if x0 - 0.5 <= x["x0"] < x1 - 0.5 and f["top"] <= x["top"] < f["bottom"]]
                found[t] = {"page": k, "x0": x0, "x1": x1, "top": f["top"], "bottom": f["bottom"], "words": words}
    return found


@functools.lru_cache(maxsize=None)
def boxes(path, lang: str) -> dict:
    """{turn: text of its cell}: the words starting inside it, less those of a bar across it."""
    shaded = bars(path)

    def on_bar(w, page) -> bool:
        return any(b["page"] == page and b["x0"] <= w["x0"] < b["x1"] and b["top"] <= w["top"] < b["bottom"]
                   for b in shaded)

    return {t: _lines([w for w in c["words"] if not on_bar(w, c["page"])]) for t, c in cells(path, lang).items()}


@functools.lru_cache(maxsize=None)
def bars(path) -> list[dict]:
    """The bars of a sheet's strip ({page, x0, x1, top, bottom, text}): light, filled, unstroked
    rectangles inside a row's frame; their text is the words starting on them."""
    out = []
    for k, page in enumerate(pages(path)):
        frames = _row_frames(page)
        for r in page["rects"]:
            colour = r.get("non_stroking_color") or (0,)
            light = sum(colour) / len(colour) > 0.5 if len(colour) != 4 else sum(colour) < 0.5
            shaded = r.get("fill") and not r.get("stroke") and light   # not a dark band (a game's end)
            if not shaded or r["height"] < 6 or r["width"] < 20:
                continue
            if not any(f["x0"] <= r["x0"] and r["x1"] <= f["x1"] + 0.5 and f["top"] <= r["top"] <= f["bottom"] for f in frames):
                continue
            words = [w for w in page["words"] if r["x0"] <= w["x0"] < r["x1"] and r["top"] <= w["top"] and w["bottom"] <= r["bottom"] + 1]
            out.append({"page": k, "x0": r["x0"], "x1": r["x1"], "top": r["top"], "bottom": r["bottom"],
                        "text": _lines(words)})
    return out


def strips(path) -> list[dict]:
    """The dark strips marking the turns of a turn list with gaps ({page, x0, x1, top})."""
    return [{"page": k, "x0": r["x0"], "x1": r["x1"], "top": r["top"]} for k, page in enumerate(pages(path))
            for r in page["rects"] if r.get("fill") and not r.get("stroke") and r["height"] < 3 and r["width"] > 20]
