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
