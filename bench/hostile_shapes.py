"""Hostile shapes of issue 25, as small generators shared by bench/bench_hostile.py (full size)
and the tests (small size): a small input claiming a large amount of work (a span of 1e9, a
compressed stream under every filter spelling, a page count), and paths that meet."""
from __future__ import annotations

import zlib
from pathlib import Path

# every way a PDF can name the Flate filter (name escapes, the abbreviation, arrays, padding)
FLATE_SPELLINGS = {
    "plain": b"/Filter /FlateDecode",
    "abbreviated": b"/Filter /Fl",
    "escaped": b"/Filter /Flate#44ecode",
    "array": b"/Filter [/ASCIIHexDecode /FlateDecode]",
    "padded": b"/Filter /FlateDecode" + b" " * 600 + b"/Padding (" + b"x" * 500 + b")",
    "indirect": b"/Filter 9 0 R",
}


def flate_bomb(unpacked: int) -> bytes:
    """zlib data unpacking to `unpacked` zero bytes (a 1 GiB one is about 1 MB)."""
    z = zlib.compressobj(9)
    step = b"\0" * (1 << 20)
    out, left = [], unpacked
    while left > 0:
        out.append(z.compress(step[:min(left, len(step))]))
        left -= len(step)
    return b"".join(out) + z.flush()


def pdf(objects: list[bytes], root: int = 1) -> bytes:
    """A PDF with a correct cross-reference table from the bodies of objects 1..n."""
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for i, body in enumerate(objects, 1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % i + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % o for o in offsets)
    out += b"trailer << /Size %d /Root %d 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, root, xref)
    return bytes(out)


def bomb_pdf(spelling: str, unpacked: int = 1 << 30) -> bytes:
    """One page whose content stream, under the filter spelled `spelling`, unpacks to `unpacked` bytes."""
    body = flate_bomb(unpacked)
    if spelling == "array":
        body = body.hex().encode() + b">"
    objs = [b"<< /Type /Catalog /Pages 2 0 R >>",
            b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
            b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R >>",
            b"<< /Length %d " % len(body) + FLATE_SPELLINGS[spelling] + b" >>\nstream\n" + body + b"\nendstream"]
    objs += [b"<< >>"] * 4 + [b"/FlateDecode"]   # object 9: the filter named indirectly
    return pdf(objs)


def dense_pages_pdf(pages: int, glyphs: int) -> bytes:
    """`pages` pages sharing one content stream of `glyphs` glyphs: a small file, much work."""
    line = b"BT /F1 6 Tf 20 %d Td (%s) Tj ET\n"
    content = b"".join(line % (20 + (i % 800), b"x" * 80) for i in range(glyphs // 80))
    packed = zlib.compress(content, 9)
    kids = b" ".join(b"%d 0 R" % (5 + i) for i in range(pages))
    objs = [b"<< /Type /Catalog /Pages 2 0 R >>",
            b"<< /Type /Pages /Kids [" + kids + b"] /Count %d >>" % pages,
            b"<< /Length %d /Filter /FlateDecode >>\nstream\n" % len(packed) + packed + b"\nendstream",
            b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>"]
    objs += [b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 3 0 R "
             b"/Resources << /Font << /F1 4 0 R >> >> >>"] * pages
    return pdf(objs)


def zero_page_pdf() -> bytes:
    return pdf([b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [] /Count 0 >>"])


def span_table(span: str, rows: int = 1) -> str:
    """A fleet-damage export (JSON) whose cells claim `span` columns each."""
    import json

    body = {"columns": [str(i) for i in range(1, 10)],
            "rows": [{"label": f"r{i}", "cells": [{"text": "S", "span": "SPAN"}]} for i in range(rows)]}
    return json.dumps(body).replace('"SPAN"', span)


def deep_json(depth: int) -> str:
    return "[" * depth + "]" * depth


def write(path: Path, data: bytes | str) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(data, str):
        path.write_text(data, encoding="utf-8")
    else:
        path.write_bytes(data)
    return path


def page_count_claim_pdf(claim: int = 10 ** 9) -> bytes:
    """One page whose page tree claims `claim` pages."""
    return pdf([b"<< /Type /Catalog /Pages 2 0 R >>",
                b"<< /Type /Pages /Kids [3 0 R] /Count %d >>" % claim,
                b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] >>"])


# --- workbooks: written as raw zip parts (openpyxl would take minutes for a million rows) ---

_XLSX_PARTS = {
    "[Content_Types].xml": (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
        '<Default Extension="xml" ContentType="application/xml"/>'
        '<Override PartName="/xl/workbook.xml" '
        'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>'
        '<Override PartName="/xl/worksheets/sheet1.xml" '
        'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>'
        '<Override PartName="/xl/sharedStrings.xml" '
        'ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>'
        '</Types>'),
    "_rels/.rels": (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/'
        'officeDocument" Target="xl/workbook.xml"/></Relationships>'),
    "xl/workbook.xml": (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
        '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" '
        'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">'
        '<sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>'),
    "xl/_rels/workbook.xml.rels": (
        '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
        '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/'
        'worksheet" Target="worksheets/sheet1.xml"/>'
        '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/'
        'sharedStrings" Target="sharedStrings.xml"/></Relationships>'),
}
_SHEET_HEAD = ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
               '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>')
_SHEET_TAIL = "</sheetData></worksheet>"


def _col(j: int) -> str:
    s = ""
    j += 1
    while j:
        j, r = divmod(j - 1, 26)
        s = chr(65 + r) + s
    return s


def xlsx(path: Path, rows, strings=(), dimension: str | None = None) -> Path:
    """A workbook of one sheet whose rows are the lists of `rows` (an iterable: numbers are
    numbers, str cells inline strings), the shared strings `strings` (an iterable of str,
    streamed into the part), the sheet's <dimension> claiming `dimension` if given."""
    import zipfile
    from xml.sax.saxutils import escape

    path.parent.mkdir(parents=True, exist_ok=True)
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED, compresslevel=6) as z:
        for name, text in _XLSX_PARTS.items():
            z.writestr(name, text)
        with z.open("xl/sharedStrings.xml", "w") as f:
            f.write(b'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
                    b'<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">')
            for s in strings:
                f.write(b"<si><t>" + escape(s).encode() + b"</t></si>")
            f.write(b"</sst>")
        with z.open("xl/worksheets/sheet1.xml", "w") as f:
            head = _SHEET_HEAD
            if dimension:
                head = head.replace("<sheetData>", f'<dimension ref="{dimension}"/><sheetData>')
            f.write(head.encode())
            buf = []
            for i, row in enumerate(rows, 1):
                cells = "".join(f'<c r="{_col(j)}{i}"><v>{v}</v></c>' if not isinstance(v, str) else
                                f'<c r="{_col(j)}{i}" t="inlineStr"><is><t>{escape(v)}</t></is></c>'
                                for j, v in enumerate(row))
                buf.append(f'<row r="{i}">{cells}</row>')
                if len(buf) >= 5000:
                    f.write("".join(buf).encode())
                    buf = []
            f.write("".join(buf).encode() + _SHEET_TAIL.encode())
    return path


def xlsx_lying_size(path: Path, source: Path, part: str = "xl/sharedStrings.xml", claim: int = 1024) -> Path:
    """`source` copied with the zip directory (and local header) claiming `part` unpacks to
    `claim` bytes: a reader must not trust the claim."""
    import struct

    data = bytearray(source.read_bytes())
    name = part.encode()
    for sig, size_at in ((b"PK\x01\x02", 24), (b"PK\x03\x04", 22)):   # central, local header
        i = data.find(sig)
        while i >= 0:
            n, = struct.unpack_from("<H", data, i + (28 if sig == b"PK\x01\x02" else 26))
            start = i + (46 if sig == b"PK\x01\x02" else 30)
            if data[start:start + n] == name:
                field = size_at
                if struct.unpack_from("<I", data, i + field)[0] != 0xFFFFFFFF:
                    struct.pack_into("<I", data, i + field, claim)
            i = data.find(sig, i + 4)
    path.write_bytes(bytes(data))
    return path


def rewrite_zip(data: bytes, edits: dict) -> bytes:
    """A copy of zip `data` whose parts named in `edits` are `edits[name](bytes)`."""
    import io
    import zipfile

    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as src, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for info in src.infolist():
            part = src.read(info.filename)
            z.writestr(info.filename, edits[info.filename](part) if info.filename in edits else part)
    return out.getvalue()
