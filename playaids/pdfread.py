"""Read tables back from a PDF page with pdfplumber (round-trip tests, table checker)."""
from __future__ import annotations

import contextlib
import re
from dataclasses import dataclass, field

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


MAX_UNPACKED = 96 * 1024 * 1024    # all streams of a PDF, unpacked (pdfminer keeps them decoded)
MAX_STREAM = 32 * 1024 * 1024      # one stream, unpacked
MAX_CHARS = 60_000                 # marks on one page (a dense A4 page of 6 pt text holds 20,000 glyphs)
MAX_DOC_CHARS = 90_000             # marks read from one PDF, pages sharing a content stream counted each
                                   # time: a glyph is a mark, a path two (pdfminer and pdfplumber lay a
                                   # glyph out in 60-90 µs of CPU, a path in about twice that; preflight
                                   # checks each too). The largest aid built, a bilingual chart set, costs
                                   # 74,000: 58,500 glyphs, 940 paths, 134,000 tokens. 100,000 took
                                   # preflight 8-10 s of CPU, 150,000 12.8 s on a loaded machine (issue 25)
PATH_MARKS = 2
TOKENS_PER_MARK = 10               # tokens parsed (operands, operators, the file's own objects) cost a mark
                                   # every ten: 5-8 µs each; our aids parse 2.2 a glyph
MAX_TOKENS = 400_000               # tokens parsed in all: an operand stack of millions of numbers from a
                                   # 30 kB stream took 110 s and 240 MB; 1,000,000 took 9.5 s
MAX_PREDICTED = 1024 * 1024        # bytes through a PNG/TIFF predictor, all streams of a PDF (pdfminer
                                   # undoes it byte by byte in Python, 2 µs a byte: 30 MiB took 58 s)
MAX_PAGES = 300                    # read without --page


class TooBig(ValueError):
    pass


class _Budget:
    """What the PDF being read may still cost: unpacked bytes and glyphs."""

    def __init__(self, unpacked: int, chars: int):
        self.unpacked, self.chars, self.page_chars = unpacked, chars, 0
        self.predicted, self.tokens = MAX_PREDICTED, 0


_budget: _Budget | None = None   # set while a bounded read runs (`with budget():`)


def _take_bytes(n: int, predicted: int = 0) -> None:
    if _budget is None:
        return
    _budget.predicted -= predicted
    if _budget.predicted < 0:
        raise TooBig(f"its streams send more than {MAX_PREDICTED // (1024 * 1024)} MiB through a predictor")
    if n > MAX_STREAM:
        raise TooBig(f"a compressed stream unpacks to more than {MAX_STREAM // (1024 * 1024)} MiB")
    _budget.unpacked -= n
    if _budget.unpacked < 0:
        raise TooBig(f"its compressed streams unpack to more than {MAX_UNPACKED // (1024 * 1024)} MiB")


def _inflate(data: bytes, limit: int) -> bytes:
    """Flate data unpacked in bounded steps: at most `limit` + 1 bytes, whatever it claims."""
    import zlib

    d = zlib.decompressobj()
    try:
        out = d.decompress(data, limit + 1)
    except zlib.error:
        return b""   # pdfminer reads what it can of a damaged stream: a partial result, bounded
    return out


def _unrun(data: bytes, limit: int) -> int:
    """The length RunLengthDecode data unpacks to, counted without unpacking (stops past `limit`)."""
    i, n = 0, 0
    while i < len(data) and n <= limit:
        b = data[i]
        if b == 128:
            break
        if b < 128:
            n, i = n + b + 1, i + b + 2
        else:
            n, i = n + 257 - b, i + 2
    return n


def _take_mark(n: int = 1) -> None:
    """A glyph (one mark) or a path (PATH_MARKS) laid out (pdfminer makes an object of each,
    pdfplumber a dict)."""
    _budget.page_chars += n
    _budget.chars -= n
    if _budget.page_chars > MAX_CHARS:
        raise TooBig(f"a page draws more than {MAX_CHARS:,} glyphs and paths")
    if _budget.chars < 0:
        raise TooBig(f"its pages draw more than {MAX_DOC_CHARS:,} glyphs and paths")


def _predicted(params) -> bool:
    from pdfminer.pdftypes import resolve1

    try:
        params = resolve1(params)
        return isinstance(params, dict) and int(resolve1(params.get("Predictor", 1))) > 1
    except (TypeError, ValueError):
        return False


def _unpacked_size(stream) -> tuple[int, int]:
    """How many bytes `stream` unpacks to through its whole filter chain, each stage bounded by
    MAX_STREAM (filter names as pdfminer resolves them: /Fl, #-escapes, arrays, indirect), and how
    many of them go through a predictor."""
    from io import BytesIO

    from pdfminer import pdftypes as t
    from pdfminer.ascii85 import ascii85decode, asciihexdecode
    from pdfminer.lzw import LZWDecoder

    data = stream.rawdata or b""
    predicted = 0
    for f, params in stream.get_filters():
        if f in t.LITERALS_FLATE_DECODE:
            data = _inflate(data, MAX_STREAM)
        elif f in t.LITERALS_LZW_DECODE:
            parts, n = [], 0
            for chunk in LZWDecoder(BytesIO(data)).run():
                parts.append(chunk)
                n += len(chunk)
                if n > MAX_STREAM:
                    break
            data = b"".join(parts)
        elif f in t.LITERALS_RUNLENGTH_DECODE:
            n = _unrun(data, MAX_STREAM)
            if n > MAX_STREAM:
                return n, predicted
            data = t.rldecode(data)
        elif f in t.LITERALS_ASCII85_DECODE:
            data = ascii85decode(data)
        elif f in t.LITERALS_ASCIIHEX_DECODE:
            data = asciihexdecode(data)
        elif f in t.LITERALS_CCITTFAX_DECODE:   # pdfminer undoes it in Python: never needed for text
            raise TooBig("a CCITT-compressed stream is read as text")
        else:
            break   # images (DCT, JPX, JBIG2) are not unpacked to read text
        if len(data) > MAX_STREAM:
            break
        if params and f in (*t.LITERALS_FLATE_DECODE, *t.LITERALS_LZW_DECODE) and _predicted(params):
            predicted += len(data)
    return len(data), predicted


def _install() -> None:
    """Bound every stream pdfminer (and so pdfplumber) unpacks, every glyph and path it lays out
    and every token it parses: a PDF of a few kB cannot claim gigabytes or minutes. pdfminer
    decodes through PDFStream.decode, draws through PDFLayoutAnalyzer.render_char and paint_path
    and tokenizes through PSBaseParser.nexttoken, so the bounds hold for every way a file spells a
    filter, for streams reached in any order (xref streams, object streams) and for one stream
    drawn many times."""
    from pdfminer import converter, pdftypes, psparser

    if getattr(pdftypes.PDFStream.decode, "_bounded", False):
        return
    decode, render_char = pdftypes.PDFStream.decode, converter.PDFLayoutAnalyzer.render_char

    def bounded_decode(self):
        if _budget is not None and self.rawdata is not None and not self.decipher:
            _take_bytes(*_unpacked_size(self))
        return decode(self)

    def bounded_render_char(self, *args, **kwargs):
        if _budget is not None:   # else pdfplumber is used outside a bounded read: as the library is
            _take_mark()
        return render_char(self, *args, **kwargs)

    def bounded_paint_path(self, *args, **kwargs):
        if _budget is not None:
            _take_mark(PATH_MARKS)
        return paint_path(self, *args, **kwargs)

    def bounded_nexttoken(self):
        if _budget is not None:
            _budget.tokens += 1
            if _budget.tokens % TOKENS_PER_MARK == 0:
                _budget.chars -= 1
                if _budget.tokens >= MAX_TOKENS:
                    raise TooBig(f"it holds more than {MAX_TOKENS:,} operands and operators")
                if _budget.chars < 0:
                    raise TooBig(f"its pages draw more than {MAX_DOC_CHARS:,} glyphs and paths "
                                 f"(ten operands or operators count one)")
        return nexttoken(self)

    paint_path, nexttoken = converter.PDFLayoutAnalyzer.paint_path, psparser.PSBaseParser.nexttoken
    bounded_decode._bounded = True
    pdftypes.PDFStream.decode = bounded_decode
    converter.PDFLayoutAnalyzer.render_char = bounded_render_char
    converter.PDFLayoutAnalyzer.paint_path = bounded_paint_path
    psparser.PSBaseParser.nexttoken = bounded_nexttoken   # the file's objects and its content streams


@contextlib.contextmanager
def budget(unpacked: int | None = None, chars: int | None = None):
    """`with budget():` a PDF is read within bounds, its costs counted from zero; outside,
    pdfminer works as the library does (the patch is process-wide, the bounds are not)."""
    global _budget
    _install()
    before = _budget
    _budget = _Budget(MAX_UNPACKED if unpacked is None else unpacked, MAX_DOC_CHARS if chars is None else chars)
    try:
        yield
    finally:
        _budget = before


def new_page() -> None:
    if _budget is not None:
        _budget.page_chars = 0


def too_big(e: BaseException) -> TooBig | None:
    """The TooBig behind an error pdfplumber wrapped (PdfminerException), if any."""
    seen = 0
    while e is not None and seen < 8:
        if isinstance(e, TooBig):
            return e
        inner = [a for a in getattr(e, "args", ()) if isinstance(a, BaseException)]
        e = inner[0] if inner else (e.__cause__ or e.__context__)
        seen += 1
    return None


def pages(pdf):
    """The pages of an open pdfplumber PDF one at a time, each closed after use (its glyphs are
    dropped: memory holds one page, not the document), with the per-page glyph count reset."""
    for p in pdf.pages:
        new_page()
        try:
            yield p
        finally:
            p.close()


# a table's rules are long lines (a cell's side at least); a legend's map symbol (render.hexsymbols: a hex's sides, at most
# 6 pt) is no rule of it
TABLE_SETTINGS = {"edge_min_length_prefilter": 7, "edge_min_length": 9}


def page_tables(path, page: int | None = None) -> list[list[list[str | None]]]:
    """Every ruled table on the page (1-based), or on every page when `page` is None."""
    import pdfplumber

    out = []
    with pdfplumber.open(path) as pdf:
        if page is None and len(pdf.pages) > MAX_PAGES:
            raise TooBig(f"{len(pdf.pages)} pages: give --page N (at most {MAX_PAGES} are read at once)")
        if page is None:
            for p in pages(pdf):
                out.extend(p.extract_tables(TABLE_SETTINGS))
        else:
            p = pdf.pages[page - 1]
            new_page()
            out.extend(p.extract_tables(TABLE_SETTINGS))
            p.close()
    return out


CAPTION_PT = 70    # a table's title printed above it (a card's heading) is read from this band


@dataclass
class PdfTable:
    """A ruled table of a PDF with where it is and its title: the heading band over its grid
    (a chart set's), else the text printed just above it (a card's, a rulebook's caption)."""

    page: int
    index: int            # on its page, 1-based
    rows: list
    title: str = ""
    band: bool = False    # the title was the table's own first (heading band) row
    pages: list = field(default_factory=list)   # every page it spans, once continued pieces are joined


def _band(rows) -> str | None:
    """The text of a heading band: a first row of one cell spanning the table (pdfplumber gives
    None for the cells a merged cell covers), over further rows."""
    if len(rows) > 1 and _spanning(rows[0]):
        return join_lines(rows[0][0])
    return None


def _spanning(row) -> bool:
    return len(row) > 1 and bool((row[0] or "").strip()) and all(c is None for c in row[1:])


# a heading band names the rule it comes from (`Rule 10.2`, `ルール 10.2`)
_RULED_HEADING = re.compile(r"(?:\bRule|ルール)\s*[0-9]")


def _split_at_bands(rows) -> list[list]:
    """The tables pdfplumber read as one because their rulings touch: cut before each later row
    that is a heading band naming its rule (a chart set's next table)."""
    cuts = [i for i, r in enumerate(rows) if i > 0 and _spanning(r) and _RULED_HEADING.search(r[0] or "")]
    pieces, start = [], 0
    for c in cuts:
        pieces.append(rows[start:c])
        start = c
    pieces.append(rows[start:])
    return [p for p in pieces if p]


def titled_tables(path, page: int | None = None) -> list[PdfTable]:
    """Every ruled table on the page (1-based) or on every page, each with its title."""
    import pdfplumber

    out = []
    with pdfplumber.open(path) as pdf:
        if page is None and len(pdf.pages) > MAX_PAGES:
            raise TooBig(f"{len(pdf.pages)} pages: give --page N (at most {MAX_PAGES} are read at once)")
        if page is None:
            numbered = enumerate(pages(pdf), 1)   # one page in memory at a time
        else:
            p = pdf.pages[page - 1]
            new_page()
            numbered = [(page, p)]
        for n, p in numbered:
            k = 0
            for t in p.find_tables(TABLE_SETTINGS):
                for j, rows in enumerate(_split_at_bands(t.extract())):
                    k += 1
                    band = _band(rows)
                    if band is not None:
                        rows = rows[1:]
                        while len(rows) > 1 and _spanning(rows[0]):   # a key under the band (how to read a cell)
                            rows = rows[1:]
                        out.append(PdfTable(n, k, rows, band, True, [n]))
                    elif j == 0:
                        x0, top, x1, _ = t.bbox
                        box = (max(0.0, x0 - 2), max(0.0, top - CAPTION_PT), min(float(p.width), x1 + 2),
                               max(0.0, top - 0.5))
                        above = p.crop(box).extract_text() if box[3] > box[1] else ""
                        out.append(PdfTable(n, k, rows, join_lines(above), False, [n]))
    return out


CONTINUED = (" (continued)", "（続き）")


# a band's continuation mark and what it prints beside the title (rule, dice), wherever a
# wrapped title put them
_NOT_TITLE = re.compile(r"\(continued\)|（続き）|(?:\bRule|ルール)\s*[0-9A-Za-z.\-]*|\bDice\b|ダイス|\b\d*d\d+\b|[·・/\s]")


def _title_key(title: str) -> str:
    """A heading band's title alone: no continuation mark, rule, dice, spaces or line breaks."""
    return _NOT_TITLE.sub("", title)


def join_continued(tables: list[PdfTable]) -> list[PdfTable]:
    """Join the pieces of a table split over columns or pages: a heading band saying
    "(continued)" joins the last piece of that title, its repeated header rows dropped; an
    untitled piece whose first row repeats the last table's joins it (a card's next page).
    A block cut between its grids continues with its next grid under the band (a table's
    die-roll modifiers): that grid joins the piece whose header it repeats (the modifiers
    grid begun under the titled one), else, being of another width than the titled grid,
    stays a table of its own under that title, never rows of the grid above it."""
    out: list[PdfTable] = []
    for t in tables:
        base = _title_key(t.title) if t.band and any(c.strip() in t.title for c in CONTINUED) else None
        head = next((o for o in reversed(out) if base is not None and o.band and _title_key(o.title) == base), None)
        if head is not None and t.rows and head.rows and t.rows[0] != head.rows[0]:
            later = out[out.index(head) + 1:]
            head = next((o for o in reversed(later) if not o.band and o.rows and o.rows[0] == t.rows[0]
                         and len(o.rows[0]) == len(t.rows[0])), None) \
                or (head if len(t.rows[0]) == len(head.rows[0]) else None)
            if head is None:
                out.append(t)
                continue
        if head is None and out and t.rows and out[-1].rows and t.rows[0] == out[-1].rows[0] \
                and len(t.rows[0]) == len(out[-1].rows[0]) and (base is not None or not t.band):
            head = out[-1]
        if head is None:
            out.append(t)
            continue
        rows = t.rows
        k = 0
        while k < len(rows) and k < len(head.rows) and rows[k] == head.rows[k]:
            k += 1   # the header rows a continuation repeats
        head.rows = head.rows + rows[k:]
        head.pages = head.pages + [n for n in t.pages if n not in head.pages]
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


_REMARK_MARK = re.compile(r"\s*†$")
_SPACES = re.compile(r"[ \u00a0]{2,}|\u00a0")   # a bilingual pair's no-break spaces (grid.PAIR_GAP): one space


def comparable(s: str | None) -> str:
    """A cell's text with line wrapping and spaces next to CJK characters removed, and the
    mark of a remark in a sources appendix (a final †, playaids/workshop.py) dropped."""
    return _REMARK_MARK.sub("", _SPACE_BY_CJK.sub("", _SPACES.sub(" ", join_lines(s))))
