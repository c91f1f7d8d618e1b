"""Shared helpers of the document tests: renders cached for the whole session (each PDF is
made once), and pdfplumber read-back of turn boxes, columns and lines."""
import functools
import re
import tempfile
from pathlib import Path

import pdfplumber

from playaids import pdfread
from playaids.render import glossary_pdf, summary, turnsheet
from playaids.render.page import PageSpec
from playaids.repository import Repository

ROOT = Repository.builtin()
OUT = Path(tempfile.mkdtemp(prefix="playaids-documents-"))  # per test process: parallel runs never collide


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


_LABEL = {"ja": re.compile(r"^ターン(\d+)"), "en": re.compile(r"^Turn ?(\d+)")}


@functools.lru_cache(maxsize=None)
def boxes(path, lang: str) -> dict:
    """{turn: text of its box} for a turn-record sheet: the boxes are the drawn rectangles
    narrower than half the page; the first line of each names its turn."""
    found: dict = {}
    for page in pages(path):
        rects = [r for r in page["rects"] if 60 < r["width"] < page["width"] / 2 and r["height"] > 40]
        inside: dict = {i: [] for i in range(len(rects))}
        for w in page["words"]:
            for i, r in enumerate(rects):
                if r["x0"] <= w["x0"] and w["x1"] <= r["x1"] + 1 and r["top"] <= w["top"] and w["bottom"] <= r["bottom"] + 1:
                    inside[i].append(w)
                    break
        for i, words in inside.items():
            text = _lines(words)
            m = _LABEL[lang].match(text.split("\n", 1)[0].strip())
            if m:
                found[int(m.group(1))] = text
    return found


class Result:
    def __init__(self, code, out: bytes, err: bytes):
        self.returncode, self.stdout, self.stderr = code, out, err


def cli_inproc(capfd, *args) -> Result:
    """`playaids ARGS` through its entry point (main) in this process: the same exit codes and
    one-line errors as the installed command, without a new interpreter per call."""
    import sys

    from playaids.cli.app import main

    capfd.readouterr()
    old = sys.argv
    sys.argv = ["playaids", *map(str, args)]
    code = 0
    try:
        main()
    except SystemExit as e:
        code = e.code if isinstance(e.code, int) else (0 if e.code is None else 1)
    finally:
        sys.argv = old
    out, err = capfd.readouterr()
    return Result(code, out.encode(), err.encode())
