"""Read the tables of a file into rows of strings: CSV/TSV, JSON/YAML, Markdown, plain text
pasted from a rulebook, and PDF pages. Libraries do the parsing; this is the glue.

`read(path, page=None)` returns every table the file holds, in order (none for a file with
no table). A file that cannot be read is a DataError (one line, exit 2).
"""
from __future__ import annotations

import csv
import io
import json
import re
import unicodedata
from dataclasses import dataclass
from pathlib import Path

from playaids.errors import DataError

MAX_BYTES = 20 * 1024 * 1024
MAX_CELLS = 1_200_000            # of any file (a million-cell table reads; memory stays under 300 MB)
MAX_XLSX_CELLS = 200_000         # of a workbook: its XML costs ~5 µs a cell (1.2 M took 13 s)
STDIN = "-"


@dataclass
class RawTable:
    """A table as read: rows of cell strings (ragged rows padded), where each row came from."""

    rows: list[list[str]]
    where: list[str]
    kind: str
    name: str | None = None          # "main" / "modifiers" for our own exports
    header_rows: int | None = None   # known for our own exports, else detected
    label_col: int | None = None
    encoding: str | None = None      # how a text file was decoded, when not UTF-8
    sheet: str | None = None         # a worksheet's name, quoted as in a formula: positions in A1 style
    numbers: list[int] | None = None  # the worksheet row of each row
    title: str = ""                  # a PDF table's heading band or the text above it
    origin: str = ""                 # where in the file: `p. 6, table 2`, a worksheet's name

    def __post_init__(self):
        rows = [[("" if c is None else str(c)) for c in r] for r in self.rows]
        width = max((len(r) for r in rows), default=0)
        if rows and not any(c.strip() for r in rows for c in r):
            rows, self.where, self.numbers = [], [], None   # nothing but empty cells: no table
        self.rows = [r + [""] * (width - len(r)) for r in rows]

    def column_where(self, c: int) -> str:
        """Where column c (0-based) is: `Sheet!B:B` in a workbook, else `column 2`."""
        if self.sheet is not None:
            letter = column_letter(c + 1)
            return f"{self.sheet}!{letter}:{letter}"
        return f"column {c + 1}"

    def cell_where(self, r: int, c: int) -> str:
        """Where the cell at row r, column c (0-based) is: `Sheet!B4` in a workbook, else its
        row's place and column."""
        if self.sheet is not None and self.numbers and r < len(self.numbers):
            return f"{self.sheet}!{column_letter(c + 1)}{self.numbers[r]}"
        return f"{self.where[r] if r < len(self.where) else ''}, column {c + 1}"

    @property
    def width(self) -> int:
        return len(self.rows[0]) if self.rows else 0


def column_letter(n: int) -> str:
    """Excel's name of column n (1-based): 1 A, 26 Z, 27 AA."""
    out = ""
    while n:
        n, k = divmod(n - 1, 26)
        out = chr(65 + k) + out
    return out


def sheet_ref(title: str) -> str:
    """A worksheet's name as a formula writes it: quoted unless letters, digits and _ alone."""
    if re.fullmatch(r"[A-Za-z_][A-Za-z0-9_.]*", title):
        return title
    return "'" + title.replace("'", "''") + "'"


EXTENSIONS = {
    ".csv": "csv", ".tsv": "tsv", ".tab": "tsv", ".json": "json", ".yaml": "yaml", ".yml": "yaml",
    ".md": "md", ".markdown": "md", ".txt": None, ".text": None, ".pdf": "pdf", ".xlsx": "xlsx",
}
SUPPORTED = tuple(sorted(EXTENSIONS))


ONE_COLUMN = "one column of text (columns are split by commas, tabs or two spaces)"


MAX_ROWS = 20_000               # a 1M-row column took 966 MB; 110k rows as an HTML report 868 MB


def _too_many(path, cells: int, rows: int = 0, most: int | None = None) -> None:
    most = MAX_CELLS if most is None else most
    if cells > most:
        raise DataError(path, f"more than {most:,} cells: not a table a rulebook prints")
    if rows > MAX_ROWS:
        raise DataError(path, f"more than {MAX_ROWS:,} rows: not a table a rulebook prints")


class NotATable(DataError):
    """The file reads, but holds nothing shaped like a table (exit 2)."""

    def __init__(self, path, why: str):
        super().__init__(path, f"not a table: {why}")


def kind_of(path: Path, data: bytes) -> str:
    """The reader for `path`: by extension, by content for .txt, unknown ones and stdin."""
    kind = EXTENSIONS.get(path.suffix.lower()) if str(path) not in (STDIN, "<stdin>") else None
    if kind:
        return kind
    if data.startswith(b"%PDF"):
        return "pdf"
    if data.startswith(b"PK\x03\x04") and b"xl/" in data[:4096]:
        return "xlsx"
    return sniff(decode(path, data)[0])


_MD_RULE = re.compile(r"^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$")
_SNIFF_LINES = 50


def sniff(text: str) -> str:
    """Guess the format of a text file from its content (its first lines: linear in the size)."""
    s = text.lstrip("\ufeff \t\r\n")
    if s[:1] in "{[":
        if _too_many_values(s):
            return "json"   # read_json refuses it before parsing: never parsed whole here
        try:
            json.loads(s)
            return "json"
        except (ValueError, RecursionError):
            pass
    lines = []
    for ln in io.StringIO(text):
        if ln.strip():
            lines.append(ln.rstrip("\r\n"))
            if len(lines) == _SNIFF_LINES:
                break
    if any(_MD_RULE.match(ln) for ln in lines) and any(ln.lstrip().startswith("|") for ln in lines):
        return "md"
    if lines and sum("\t" in ln for ln in lines) * 2 >= len(lines):
        return "text"
    try:
        dialect = csv.Sniffer().sniff("\n".join(ln[:4096] for ln in lines[:20]), delimiters=",;")
        counts = {len(r) for r in csv.reader(lines[:20], dialect)}
        if len(counts) == 1 and counts.pop() > 1:
            return "csv"
    except csv.Error:
        pass
    return "text"


_BOMS = ((b"\xef\xbb\xbf", "utf-8-sig", "UTF-8 with BOM"), (b"\xff\xfe\x00\x00", "utf-32", "UTF-32"),
         (b"\x00\x00\xfe\xff", "utf-32", "UTF-32"), (b"\xff\xfe", "utf-16", "UTF-16"),
         (b"\xfe\xff", "utf-16", "UTF-16"))
_BINARY = re.compile(rb"[\x00-\x08\x0e-\x1a\x1c-\x1f]")


def decode(path, data: bytes) -> tuple[str, str | None]:
    """The text of a file and the encoding it was read in (None: plain UTF-8): a BOM says it,
    else UTF-8, else what charset-normalizer detects (Shift-JIS, EUC-JP, UTF-16 ...)."""
    for bom, codec, name in _BOMS:
        if data.startswith(bom):
            try:
                return data.decode(codec), name
            except UnicodeDecodeError:
                raise DataError(path, f"the file starts with a {name} mark but is not {name}") from None
    if _BINARY.search(data[:65536]):
        raise NotATable(path, "binary data, not text")
    try:
        return data.decode("utf-8"), None
    except UnicodeDecodeError:
        pass
    try:   # Japanese first: charset-normalizer takes a short CP932 file for cp949 or cp1250
        text = data.decode("cp932")
        if _KANA.search(text):
            return text, "Shift-JIS"
    except UnicodeDecodeError:
        pass
    from charset_normalizer import from_bytes

    best = from_bytes(data).best()
    if best is None:
        raise NotATable(path, "text in no encoding that could be detected (save it as UTF-8)")
    return str(best), _ENCODING_NAMES.get(best.encoding, best.encoding)


# kana, kanji and full-width forms: a file of this tool's tables that decodes as CP932 into them
# is Japanese (charset-normalizer takes a short one of a few kanji for Korean or Central European)
_KANA = re.compile(r"[\u3041-\u30ff\u3400-\u9fff\uff01-\uff5e]")
_ENCODING_NAMES = {"cp932": "Shift-JIS", "shift_jis": "Shift-JIS", "shift_jis_2004": "Shift-JIS",
                   "shift_jisx0213": "Shift-JIS", "euc_jp": "EUC-JP", "euc_jis_2004": "EUC-JP",
                   "euc_jisx0213": "EUC-JP", "iso2022_jp": "ISO-2022-JP",
                   "utf_16": "UTF-16", "utf_16_le": "UTF-16", "utf_16_be": "UTF-16", "cp1252": "Windows-1252",
                   "latin_1": "Latin-1"}


def _read_bytes(path: Path) -> bytes:
    if str(path) == STDIN:   # a paste from the clipboard: `pbpaste | playaids check-table GAME TABLE -`
        import sys

        data = sys.stdin.buffer.read(MAX_BYTES + 1)
        if len(data) > MAX_BYTES:
            raise DataError("<stdin>", f"more than {MAX_BYTES // (1024 * 1024)} MiB")
        return data
    if not path.is_file():
        raise DataError(path, "file not found" if not path.exists() else "not a regular file")
    if path.stat().st_size > MAX_BYTES:
        raise DataError(path, f"file larger than {MAX_BYTES // (1024 * 1024)} MiB")
    return path.read_bytes()


def read(path, page: int | None = None) -> list[RawTable]:
    """Every table the file holds; `-` reads standard input (its format from its content)."""
    path = Path(path)
    data = _read_bytes(path)
    label = "<stdin>" if str(path) == STDIN else path
    if not data.strip():
        raise NotATable(label, "the file is empty")
    kind = kind_of(Path(label), data)
    if page is not None and kind != "pdf":
        raise DataError(label, "--page applies to PDF files only")
    if kind == "pdf":
        tables = read_pdf(label, page, data)
    elif kind == "xlsx":
        tables = read_xlsx(label, data)
    else:
        text, encoding = decode(label, data)
        tables = READERS[kind](text, label)
        for t in tables:
            t.encoding = encoding
    return [t for t in tables if t.rows]


# --- CSV / TSV -------------------------------------------------------------------------

def _csv(text: str, path, dialect) -> list[RawTable]:
    rows, where = [], []
    reader = csv.reader(io.StringIO(text, newline=""), dialect)
    start = 1
    try:
        cells = 0
        for row in reader:
            if any(c.strip() for c in row):
                cells += len(row)
                _too_many(path, cells, len(rows) + 1)
                rows.append(row)
                where.append(f"line {start}")
            start = reader.line_num + 1
    except csv.Error as e:
        raise DataError(path, f"CSV: {e}", reader.line_num) from None
    return [RawTable(rows, where, "csv")]


class _Semicolon(csv.excel):
    delimiter = ";"


def read_csv(text: str, path=None) -> list[RawTable]:
    """Comma-separated (Excel's dialect); semicolons or tabs when no comma splits a row."""
    tables = _csv(text, path, csv.excel)
    if all(len(r) == 1 for t in tables for r in t.rows):
        for dialect in (_Semicolon, csv.excel_tab):
            other = _csv(text, path, dialect)
            if any(len(r) > 1 for t in other for r in t.rows):
                return other
    return tables


def read_tsv(text: str, path=None) -> list[RawTable]:
    tables = _csv(text, path, csv.excel_tab)
    for t in tables:
        t.kind = "tsv"
    return tables


# --- JSON / YAML -----------------------------------------------------------------------

def _text(v) -> str:
    """A value of our export or data format as one string; {ja, en} as `ja<newline>en`."""
    if v is None:
        return ""
    if isinstance(v, bool):
        return str(v).lower()
    if isinstance(v, (int, float, str)):
        return str(v)
    if isinstance(v, dict):
        if "text" in v:
            return _text(v["text"])
        if "ja" in v and "en" in v:
            ja, en = _text(v["ja"]), _text(v["en"])
            return ja if ja == en else f"{ja}\n{en}"
        for k in ("ja", "en", "label", "value"):
            if k in v:
                return _text(v[k])
    raise ValueError(f"not a cell value: {v!r}")


def _span(v, width: int) -> int:
    """How many columns a cell covers: at most the table's columns (a claim of 1e9 is refused,
    not padded to a billion cells)."""
    span = v.get("span", 1) if isinstance(v, dict) else 1
    if isinstance(span, float) and span.is_integer():   # JSON's 1e9
        span = int(span)
    if not isinstance(span, int) or isinstance(span, bool):
        raise ValueError(f"a cell's span is {span!r}, not a number of columns")
    if not 1 <= span <= max(width, 1):
        raise ValueError(f"a cell spans {span} columns; the table has {width}")
    return span


def _grid_doc(doc: dict, name: str) -> RawTable:
    header = [_text(doc.get("corner"))] + [_text(c) for c in doc.get("columns") or []]
    rows, where = [header], ["columns"]
    for i, r in enumerate(doc.get("rows") or []):
        if isinstance(r, dict):
            cells = []
            for c in r.get("cells") or []:
                cells += [_text(c)] + [""] * (_span(c, len(header) - 1) - 1)
            rows.append([_text(r.get("label"))] + cells)
        else:
            rows.append([_text(c) for c in r])
        where.append(f"rows[{i}]" if name == "main" else f"{name}.rows[{i}]")
    return RawTable(rows, where, "json", name=name, header_rows=1, label_col=0)


def tables_of_document(doc, kind: str) -> list[RawTable]:
    """Our export / data file ({columns, rows}), a list of rows, or a list of records."""
    if doc is None:
        return []
    rows = doc.get("rows") if isinstance(doc, dict) else doc
    if isinstance(rows, list) and len(rows) > MAX_ROWS:
        raise ValueError(f"more than {MAX_ROWS:,} rows: not a table a rulebook prints")
    if isinstance(doc, dict) and "columns" in doc and "rows" in doc:
        out = [_grid_doc(doc, "main")]
        if isinstance(doc.get("modifiers"), dict):
            out.append(_grid_doc(doc["modifiers"], "modifiers"))
    elif isinstance(doc, dict) and isinstance(doc.get("rows"), list):
        out = tables_of_document(doc["rows"], kind)
    elif isinstance(doc, list) and doc and all(isinstance(r, dict) for r in doc):
        keys: list = []
        for r in doc:
            keys += [k for k in r if k not in keys]
        rows = [[_text(k) for k in keys]] + [[_text(r.get(k)) for k in keys] for r in doc]
        out = [RawTable(rows, ["keys"] + [f"[{i}]" for i in range(len(doc))], kind)]
    elif isinstance(doc, list) and all(isinstance(r, list) for r in doc):
        rows = [[_text(c) for c in r] for r in doc]
        out = [RawTable(rows, [f"[{i}]" for i in range(len(doc))], kind)]
    else:
        raise ValueError("expected {columns, rows} (a playaids export), a list of rows or a list of records")
    for t in out:
        t.kind = kind
    return out


MAX_MD_CELLS = 60_000
MAX_VALUES = 400_000   # of a JSON or YAML table: parsed objects cost far more than CSV cells


def _values_bound(text: str, path) -> None:
    """Refuse, before parsing, a document with more separators (commas, lines) than a table
    has values: parsing it would cost far more memory than its size."""
    if _too_many_values(text):
        raise DataError(path, f"more than {MAX_VALUES:,} values: not a table a rulebook prints")


def _too_many_values(text: str) -> bool:
    return text.count(",") + text.count("\n") > MAX_VALUES


def read_json(text: str, path=None) -> list[RawTable]:
    _values_bound(text, path)
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as e:
        raise DataError(path, f"JSON: {e.msg}", e.lineno, e.colno) from None
    except RecursionError:
        raise DataError(path, "JSON: nested too deeply to be a table") from None
    except ValueError as e:   # an integer of more than 4,300 digits
        raise DataError(path, "JSON: a number too long to be a table's value") from None
    try:
        return tables_of_document(doc, "json")
    except ValueError as e:
        raise DataError(path, f"JSON: {e}") from None


def read_yaml(text: str, path=None) -> list[RawTable]:
    from playaids import yamlsafe

    _values_bound(text, path)
    doc = yamlsafe.load(path).data if path is not None and str(path) != "<stdin>" else _yaml_text(text)
    try:
        return tables_of_document(doc, "yaml")
    except ValueError as e:
        raise DataError(path, f"YAML: {e}") from None


def _yaml_text(text: str):
    import yaml

    return yaml.safe_load(text)


# --- Markdown --------------------------------------------------------------------------

def _inline_text(token) -> str:
    out = []
    for c in token.children or []:
        if c.type in ("text", "code_inline"):
            out.append(c.content)
        elif c.type in ("softbreak", "hardbreak") or (c.type == "html_inline" and re.fullmatch(r"<br\s*/?>", c.content, re.I)):
            out.append("\n")
    return "".join(out).strip()


def read_md(text: str, path=None) -> list[RawTable]:
    from markdown_it import MarkdownIt

    if text.count("|") > MAX_MD_CELLS:   # markdown-it's tokens cost about 2 kB a cell
        raise DataError(path, f"more than {MAX_MD_CELLS:,} cells in Markdown: export the table as CSV")
    # prose is not parsed: only lines with a | can be table rows (the others become blank
    # lines, so line numbers and table breaks stay)
    text = "\n".join(ln if "|" in ln else "" for ln in text.split("\n"))
    tokens = MarkdownIt("commonmark").enable("table").parse(text)
    tables, rows, where, row, cells = [], [], [], None, 0
    for tok in tokens:
        if tok.type == "table_open":
            rows, where = [], []
        elif tok.type == "tr_open":
            row = []
            where.append(f"line {tok.map[0] + 1}" if tok.map else "")
        elif tok.type == "inline" and row is not None:
            row.append(_inline_text(tok))
        elif tok.type == "tr_close":
            rows.append(row)
            cells += len(row)
            _too_many(path, cells, len(rows))
            row = None
        elif tok.type == "table_close":
            tables.append(RawTable(rows, where, "md"))
    return tables


# --- plain text (pasted from a rulebook) -----------------------------------------------

def _width(s: str) -> int:
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in s)


_FIELD = re.compile(r"\S+(?: \S+)*")


def _fields(line: str) -> list[tuple[int, str]]:
    """(display column, text) of each field of a space-aligned line; the width counted on from
    the last field, so a 60 kB line of 30,000 fields is linear (it took 229 s)."""
    line = line.replace("\u3000", "  ")
    out, at, width = [], 0, 0
    for m in _FIELD.finditer(line):
        width += _width(line[at:m.start()])
        at = m.start()
        out.append((width, m.group(0)))
    return out


def _lines(text: str):
    """(line number, line) of the non-blank lines, without a list of them all."""
    start, n = 0, 0
    while start < len(text):   # by index: no copy of the text (a StringIO holds 4 bytes a character)
        end = text.find("\n", start)
        end = len(text) if end < 0 else end
        n += 1
        ln = text[start:end].rstrip("\r")
        start = end + 1
        if ln.strip():
            yield n, ln


def read_text(text: str, path=None) -> list[RawTable]:
    """Columns split by tabs, or by runs of two or more spaces (aligned by position).
    Two passes over the text (the widest line gives the column starts), so memory holds the
    rows, not every line's fields twice."""
    if next(_lines(text), None) is None:
        return []
    if any("\t" in ln for _, ln in _lines(text)):
        rows, where, cells = [], [], 0
        for n, ln in _lines(text):
            rows.append(ln.split("\t"))
            where.append(f"line {n}")
            cells += len(rows[-1])
            _too_many(path, cells, len(rows))
        return [RawTable(rows, where, "text")]
    widest, most = "", 0
    for _, ln in _lines(text):
        n = len(_FIELD.findall(ln.replace("\u3000", "  ")))
        if n > most:
            widest, most = ln, n
    starts = [p for p, _ in _fields(widest)]
    if len(starts) < 2:
        raise NotATable(path, ONE_COLUMN)
    rows, where = [], []
    for n, ln in _lines(text):
        _too_many(path, (len(rows) + 1) * len(starts), len(rows) + 1)
        f = _fields(ln)
        where.append(f"line {n}")
        if len(f) == len(starts):
            rows.append([t for _, t in f])
            continue
        row = [""] * len(starts)
        for p, t in f:   # a short row: each field goes to the nearest column start
            j = min(range(len(starts)), key=lambda k: (abs(starts[k] - p), k))
            row[j] = f"{row[j]} {t}".strip()
        rows.append(row)
    return [RawTable(rows, where, "text")]


# --- PDF -------------------------------------------------------------------------------

def read_pdf(path, page: int | None = None, data: bytes | None = None) -> list[RawTable]:
    """The ruled tables of one page (1-based), or of every page with the pieces of a table
    split over columns or pages joined, each with its page and title (pdfread.titled_tables)."""
    from playaids import pdfread

    if data is None:
        data = Path(path).read_bytes()
    source = io.BytesIO(data)
    with pdfread.budget():   # streams, glyphs and pages bounded whatever the file claims
        tables = _pdf_tables(path, source, page)
    out = []
    for t in tables:
        pages = "pp. " + "-".join(map(str, (t.pages[0], t.pages[-1]))) if len(t.pages) > 1 else f"p. {t.page}"
        origin = f"{pages}, table {t.index}"
        out.append(RawTable([list(r) for r in t.rows], [f"{origin} row {i + 1}" for i in range(len(t.rows))], "pdf",
                            title=t.title, origin=origin))
    return out


def _pdf_tables(path, source, page):
    from playaids import pdfread

    try:
        if page is not None:
            try:
                tables = pdfread.titled_tables(source, page)
            except IndexError:
                raise DataError(path, f"no page {page} (the PDF has {_pages(source)})") from None
            if not tables:
                raise NotATable(path, f"page {page} holds no ruled table" + _pages_with_tables(source))
        else:
            tables = pdfread.join_continued(pdfread.titled_tables(source))
            if not tables:
                raise NotATable(path, f"no ruled table on any of its {_pages(source)}")
    except DataError:
        raise
    except pdfread.TooBig as e:
        raise DataError(path, f"PDF too big to read: {e}") from None
    except Exception as e:  # pdfminer raises many kinds for a damaged or non-PDF file
        if big := pdfread.too_big(e):
            raise DataError(path, f"PDF too big to read: {big}") from None
        raise DataError(path, f"not a readable PDF ({type(e).__name__})") from None
    return tables


def _pages(source) -> str:
    import pdfplumber

    if isinstance(source, io.BytesIO):
        source.seek(0)
    with pdfplumber.open(source) as pdf:
        n = len(pdf.pages)
    return f"{n} page" + ("s" if n != 1 else "")


def _pages_with_tables(source, limit: int = 200) -> str:
    """`; tables on pages 3, 5` for the hint of a page that holds none."""
    import pdfplumber

    from playaids import pdfread

    if isinstance(source, io.BytesIO):
        source.seek(0)
    found = []
    with pdfread.budget(chars=pdfread.MAX_CHARS), pdfplumber.open(source) as pdf:   # a hint: one page's glyphs
        try:
            for k, p in enumerate(pdfread.pages(pdf), 1):
                if k > limit:
                    break
                if p.find_tables():
                    found.append(k)
        except Exception as e:
            if not pdfread.too_big(e):   # a hint: the pages read so far
                raise
    if not found:
        return "; no page of the PDF holds one"
    return f"; tables on page{'s' if len(found) > 1 else ''} {', '.join(map(str, found))} (use --page)"


# --- spreadsheets ----------------------------------------------------------------------

def read_xlsx(path, data: bytes) -> list[RawTable]:
    """Each worksheet of an Excel workbook (values, not formulas) as a table, read as its XML
    streams in (`checker.xlsx`: the rows as the sheet holds them, not as its <dimension> claims)."""
    from playaids.checker import xlsx

    out = []
    most = min(MAX_CELLS, MAX_XLSX_CELLS)
    for title, rows, numbers in xlsx.read(path, data, lambda cells, n: _too_many(path, cells, n, most), most):
        ref = sheet_ref(title)
        out.append(RawTable(rows, [f"{ref}!{n}:{n}" for n in numbers], "xlsx", encoding=None, sheet=ref,
                            numbers=numbers, title=title, origin=f"sheet {ref}"))
    return out


READERS = {"csv": read_csv, "tsv": read_tsv, "json": read_json, "yaml": read_yaml, "md": read_md,
           "text": read_text}
