"""Excel workbooks (.xlsx) read as their XML streams: each worksheet's rows, as values (a
formula's cached result, a date as ISO text), in one pass with expat.

openpyxl (which wrote the workbooks the tests read) cost too much on a hostile workbook
(issue 25 item 5): in read-only mode it parses a whole worksheet once just to look for its
<dimension> (a 10 MB workbook of a million rows ran past two minutes), about 10 µs a cell, and
holds a cell's text whole (one 190 MB cell: 427 MB). Here every bound is counted as the bytes
stream in: rows and cells (the readers' caps), elements, the text kept (24 MiB a workbook,
shared strings included), each part's unpacked size (zipfile holds a part to the size its
directory claims; a longer stream fails its CRC).
"""
from __future__ import annotations

import io
import posixpath
import re
import zipfile
from xml.parsers import expat

from playaids.errors import DataError

MAX_UNZIPPED = 200 * 1024 * 1024   # every part together
MAX_PART = 24 * 1024 * 1024        # a part that is not a worksheet (shared strings, styles, workbook)
MAX_TEXT = 24 * 1024 * 1024        # characters of text kept, shared strings and inline text together
CHUNK = 1 << 16

MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
PKG_REL = "http://schemas.openxmlformats.org/package/2006/relationships"
_CELL_REF = re.compile(r"([A-Z]{1,3})(\d+)$")


class _Stop(Exception):
    """A bound was reached: carries the one-line reason."""


def read(path, data: bytes, too_many, max_cells: int) -> list[tuple[str, list[list[str]], list[int]]]:
    """(sheet name, rows of cell text, each row's number) of every worksheet, in workbook
    order; `too_many(cells, rows)` raises when the readers' caps are passed (`max_cells`, the
    cap of cells, also bounds a worksheet's XML elements)."""
    try:
        z = zipfile.ZipFile(io.BytesIO(data))
    except zipfile.BadZipFile:
        raise DataError(path, "not a readable .xlsx workbook (not a zip file)") from None
    with z:
        infos = {i.filename: i for i in z.infolist()}
        if sum(i.file_size for i in infos.values()) > MAX_UNZIPPED:
            raise DataError(path, f"the workbook unpacks to more than {MAX_UNZIPPED >> 20} MiB")
        book = _Book(path, z, infos, too_many, 4 * max_cells)
        try:
            return book.sheets()
        except _Stop as e:
            raise DataError(path, str(e)) from None
        except (zipfile.BadZipFile, expat.ExpatError, KeyError, ValueError, EOFError, OSError) as e:
            raise DataError(path, f"not a readable .xlsx workbook ({type(e).__name__})") from None


class _Book:
    def __init__(self, path, z: zipfile.ZipFile, infos: dict, too_many, max_elements: int):
        self.path, self.z, self.infos, self.too_many = path, z, infos, too_many
        self.max_elements = max_elements
        self.text = 0   # characters kept so far

    # -- parts ------------------------------------------------------------------------------
    def _parse(self, name: str, start=None, end=None, chars=None, limit: int | None = None) -> None:
        """Stream part `name` through expat (namespaces resolved, no DOCTYPE: no entity can
        expand), at most `limit` bytes unpacked."""
        info = self.infos.get(name)
        if info is None:
            raise KeyError(name)
        limit = MAX_PART if limit is None else limit
        if info.file_size > limit:
            what = "shared strings" if name.lower().endswith("sharedstrings.xml") else posixpath.basename(name)
            raise _Stop(f"the workbook's {what} unpack to more than {limit >> 20} MiB")
        p = expat.ParserCreate(namespace_separator=" ")
        p.buffer_text = True

        def doctype(*_):
            raise _Stop("not a readable .xlsx workbook (a DOCTYPE in its XML)")
        p.StartDoctypeDeclHandler = doctype
        if start:
            p.StartElementHandler = start
        if end:
            p.EndElementHandler = end
        if chars:
            p.CharacterDataHandler = chars
        with self.z.open(info) as f:
            while chunk := f.read(CHUNK):
                p.Parse(chunk, False)
            p.Parse(b"", True)

    def _rels(self, name: str) -> dict[str, tuple[str, str]]:
        """Relationship id -> (type, target part) of part `name`."""
        folder, base = posixpath.split(name)
        rels = posixpath.join(folder, "_rels", base + ".rels")
        out: dict = {}
        if rels not in self.infos:
            return out

        def start(tag, a):
            if tag == f"{PKG_REL} Relationship" and a.get("TargetMode") != "External":
                target = a.get("Target", "")
                target = target.lstrip("/") if target.startswith("/") else posixpath.normpath(
                    posixpath.join(folder, target))
                out[a.get("Id")] = (a.get("Type", ""), target)
        self._parse(rels, start)
        return out

    def _main(self) -> str:
        main = [t for _, (kind, t) in self._rels("").items() if kind.endswith("/officeDocument")]
        return main[0] if main else "xl/workbook.xml"

    def sheets(self):
        wb = self._main()
        rels = self._rels(wb)
        order, date1904 = [], [False]

        def start(tag, a):
            if tag == f"{MAIN} sheet":
                order.append((a.get("name", ""), a.get(f"{REL} id")))
            elif tag == f"{MAIN} workbookPr":
                date1904[0] = a.get("date1904", "0").lower() in ("1", "true")
        self._parse(wb, start)
        targets = {k: t for k, (kind, t) in rels.items()}
        strings = [t for kind, t in rels.values() if kind.endswith("/sharedStrings")]
        styles = [t for kind, t in rels.values() if kind.endswith("/styles")]
        self.strings = self._strings(strings[0]) if strings and strings[0] in self.infos else []
        self.dates = self._date_styles(styles[0]) if styles and styles[0] in self.infos else {}
        self.date1904 = date1904[0]
        out = []
        for title, rid in order:
            kind, target = rels.get(rid, ("", ""))
            if not kind.endswith("/worksheet") or targets.get(rid) not in self.infos:
                continue   # a chart sheet or a dialog sheet holds no cells
            out.append((title, *self._sheet(target)))
        return out

    # -- shared strings and styles ------------------------------------------------------------
    def _keep(self, n: int) -> None:
        self.text += n
        if self.text > MAX_TEXT:
            raise _Stop(f"the workbook holds more than {MAX_TEXT >> 20} MiB of text: not a table a rulebook prints")

    def _strings(self, name: str) -> list[str]:
        """The shared strings: each <si>'s text runs, its phonetic reading (<rPh>) left out."""
        out: list[str] = []
        parts: list[str] = []
        state = {"t": False, "rph": 0}

        def start(tag, a):
            if tag == f"{MAIN} si":
                parts.clear()
            elif tag == f"{MAIN} rPh":
                state["rph"] += 1
            elif tag == f"{MAIN} t" and not state["rph"]:
                state["t"] = True

        def end(tag):
            if tag == f"{MAIN} si":
                out.append("".join(parts))
            elif tag == f"{MAIN} rPh":
                state["rph"] -= 1
            elif tag == f"{MAIN} t":
                state["t"] = False

        def chars(s):
            if state["t"]:
                self._keep(len(s))
                parts.append(s)
        self._parse(name, start, end, chars)
        return out

    def _date_styles(self, name: str) -> dict[int, bool]:
        """Cell style index -> True for a date or time format, False for a duration ([h]:mm),
        decided by openpyxl's own tests (imported only for a workbook with number formats)."""
        formats: dict[int, str] = {}
        xfs: list[int] = []
        depth = {"xfs": False}

        def start(tag, a):
            if tag == f"{MAIN} numFmt":
                try:
                    formats[int(a.get("numFmtId", "-1"))] = a.get("formatCode", "")
                except ValueError:
                    pass
            elif tag == f"{MAIN} cellXfs":
                depth["xfs"] = True
            elif tag == f"{MAIN} xf" and depth["xfs"]:
                try:
                    xfs.append(int(a.get("numFmtId", "0")))
                except ValueError:
                    xfs.append(0)

        def end(tag):
            if tag == f"{MAIN} cellXfs":
                depth["xfs"] = False
        self._parse(name, start, end)
        if not any(xfs):   # every cell General: no date (and no openpyxl to import)
            return {}
        from openpyxl.styles.numbers import builtin_format_code, is_date_format, is_timedelta_format

        out = {}
        for i, fid in enumerate(xfs):
            code = formats[fid] if fid in formats else builtin_format_code(fid)
            if is_date_format(code):
                out[i] = not is_timedelta_format(code)
        return out

    # -- a worksheet ------------------------------------------------------------------------
    def _sheet(self, name: str) -> tuple[list[list[str]], list[int]]:
        """The rows holding text, and their numbers. The handlers are the hot loop (a few
        µs a cell): plain locals, no dictionary per cell."""
        rows: list[list[str]] = []
        numbers: list[int] = []
        row: dict[int, str] = {}
        parts: list[str] = []
        too_many, value, columns = self.too_many, self._value, {}
        main_c, main_v, main_t, main_row, main_rph = (f"{MAIN} c", f"{MAIN} v", f"{MAIN} t", f"{MAIN} row",
                                                      f"{MAIN} rPh")
        cap = self.max_elements
        elements = cells = number = col = style = rph = 0
        kind, text, inside = "n", None, None

        def start(tag, a):
            nonlocal elements, number, col, style, rph, kind, text, inside
            elements += 1
            if elements > cap:
                raise _Stop(f"a worksheet of more than {cap:,} XML elements: not a table a rulebook prints")
            if tag == main_c:
                ref = a.get("r")
                letters = ref.rstrip("0123456789") if ref else None
                if letters:
                    if letters not in columns:
                        columns[letters] = _column(letters)
                    col = columns[letters]
                else:
                    col += 1
                kind, text = a.get("t", "n"), None
                st = a.get("s")
                style = int(st) if st and st.isdigit() else -1
            elif tag == main_v or (tag == main_t and kind == "inlineStr" and not rph):
                inside = tag
                parts.clear()
            elif tag == main_row:
                r = a.get("r")
                number = int(r) if r and r.isdigit() else number + 1
                col = 0
                row.clear()
                too_many(cells, number)
            elif tag == main_rph:   # a phonetic reading: not the cell's text
                rph += 1

        def end(tag):
            nonlocal cells, rph, text, inside
            if tag == main_c:
                row[col] = value(text, kind, style)
            elif tag == inside:
                text = (text or "") + "".join(parts) if tag == main_t else "".join(parts)
                inside = None
            elif tag == main_row:
                if row:
                    width = max(row)
                    cells += width
                    too_many(cells, number)
                    texts = [row.get(j, "") for j in range(1, width + 1)]
                    if any(t.strip() for t in texts):
                        rows.append(texts)
                        numbers.append(number)
            elif tag == main_rph:
                rph -= 1

        def chars(s):
            if inside:
                self._keep(len(s))
                parts.append(s)
        self._parse(name, start, end, chars, limit=MAX_UNZIPPED)
        return rows, numbers

    def _value(self, text: str | None, kind: str, style: int) -> str:
        """A cell's text as openpyxl gives it (values only): a number without a trailing .0, a
        date or time in ISO form, TRUE/FALSE as True/False, an error as its code."""
        if text is None:
            return ""
        if kind == "s":
            try:
                return self.strings[int(text)]
            except (ValueError, IndexError):
                return ""
        if kind in ("inlineStr", "str", "e"):
            return text
        if kind == "b":
            return "True" if text.strip() in ("1", "true") else "False"
        if kind == "d":
            return _iso_text(text)
        try:   # as openpyxl casts it
            number = float(text) if any(c in text for c in ".Ee") else int(text)
        except ValueError:
            return text
        if style in self.dates:
            return _from_serial(number, self.date1904, self.dates[style])
        if isinstance(number, float) and number.is_integer():
            return str(int(number))
        return str(number)


def _column(letters: str) -> int:
    n = 0
    for ch in letters:
        n = n * 26 + ord(ch) - 64
    return n


def _from_serial(value, date1904: bool, clock: bool) -> str:
    """An Excel serial date as openpyxl reads it, in ISO form (a duration, `clock` false, as
    days and a time); a serial past the calendar is #VALUE!, as openpyxl has it."""
    from openpyxl.utils.datetime import MAC_EPOCH, WINDOWS_EPOCH, from_excel

    try:
        v = from_excel(value, MAC_EPOCH if date1904 else WINDOWS_EPOCH, timedelta=not clock)
    except (OverflowError, ValueError):
        return "#VALUE!"
    return str(v) if not clock else v.isoformat()


def _iso_text(text: str) -> str:
    import datetime

    try:
        return datetime.datetime.fromisoformat(text.strip().rstrip("Z")).isoformat()
    except ValueError:
        return text
