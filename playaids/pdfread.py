"""Read tables back from a PDF page with pdfplumber (round-trip tests, table checker)."""
from __future__ import annotations

import re

_CJK = re.compile(r"[\u3000-\u30ff\u3400-\u9fff\uff00-\uffef]")


def join_lines(s: str | None) -> str:
    """Undo line wrapping: a break between CJK characters vanishes, others become a space."""
    if s is None:
        return ""
    parts = s.split("\n")
    out = parts[0]
    for p in parts[1:]:
        if out and p and (_CJK.match(out[-1]) or _CJK.match(p[0])):
            out += p
        else:
            out += " " + p
    return " ".join(out.split())


MAX_UNPACKED = 256 * 1024 * 1024   # all compressed streams of a PDF, unpacked
MAX_PAGES = 300                    # read without --page


class TooBig(ValueError):
    pass


_STREAM = re.compile(rb"/FlateDecode.{0,400}?stream\r?\n", re.S)


def check_unpacked_size(data: bytes, cap: int | None = None) -> None:
    """Refuse a PDF whose Flate streams unpack to more than `cap` bytes (a decompression bomb),
    before pdfminer unpacks them whole: each stream is inflated in bounded steps."""
    import zlib

    cap = MAX_UNPACKED if cap is None else cap
    total = 0
    for m in _STREAM.finditer(data):
        d = zlib.decompressobj()
        chunk = data[m.end():m.end() + 16 * 1024 * 1024]
        try:
            out = d.decompress(chunk, 1 << 20)
            total += len(out)
            while d.unconsumed_tail and total <= cap:
                out = d.decompress(d.unconsumed_tail, 1 << 20)
                if not out:
                    break
                total += len(out)
        except zlib.error:
            continue      # not a stream we can read: pdfminer will say so
        if total > cap:
            raise TooBig(f"its compressed streams unpack to more than {cap // (1024 * 1024)} MiB")


def page_tables(path, page: int | None = None) -> list[list[list[str | None]]]:
    """Every ruled table on the page (1-based), or on every page when `page` is None."""
    import pdfplumber

    out = []
    with pdfplumber.open(path) as pdf:
        if page is None and len(pdf.pages) > MAX_PAGES:
            raise TooBig(f"{len(pdf.pages)} pages: give --page N (at most {MAX_PAGES} are read at once)")
        pages = pdf.pages if page is None else [pdf.pages[page - 1]]
        for p in pages:
            out.extend(p.extract_tables())
    return out


def page_text(path) -> str:
    import pdfplumber

    with pdfplumber.open(path) as pdf:
        return "\n".join(p.extract_text() or "" for p in pdf.pages)


def merge_continued(tables):
    """Join the pieces of a table that ReportLab split over pages (header row repeated)."""
    out: list = []
    for t in tables:
        if out and t and out[-1] and t[0] == out[-1][0] and len(t[0]) == len(out[-1][0]):
            out[-1] = out[-1] + t[1:]
        else:
            out.append(t)
    return out


_SPACE_BY_CJK = re.compile(r"(?<=[\u3000-\u30ff\u3400-\u9fff\uff00-\uffef]) | (?=[\u3000-\u30ff\u3400-\u9fff\uff00-\uffef])")


def comparable(s: str | None) -> str:
    """A cell's text with line wrapping and spaces next to CJK characters removed."""
    return _SPACE_BY_CJK.sub("", join_lines(s))
