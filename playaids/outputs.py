"""What an output file's extension means (issue 24): the format follows `-o FILE`'s extension, an
extension the command cannot write is refused (naming the formats it writes), never written
in another format under that name; PNG images of a PDF's pages; a table as a workbook."""
from __future__ import annotations

import io
import re
import sys
import zipfile
from pathlib import Path

from playaids import atomic
from playaids.errors import PlayaidsError

# spellings of one format
ALIASES = {"markdown": "md", "yml": "yaml", "htm": "html", "txt": "text"}
# every format some command writes: an extension naming one of them is never taken for another
KNOWN = {"csv", "json", "jsonl", "md", "pdf", "png", "svg", "html", "xlsx", "yaml", "text", "diff"}
DPI = 150
MAX_DPI = 600   # a Tabloid page at 600 dpi is 6,600 x 10,200 pixels (200 MB of RGB)


def _is_stdout(out) -> bool:
    return not out or str(out) == "-"


def extension(out) -> str:
    """The format the -o file's extension names ('' for standard output or no extension)."""
    if _is_stdout(out):
        return ""
    suffix = Path(str(out)).suffix.lower().lstrip(".")
    return ALIASES.get(suffix, suffix)


def format_for(fmt: str | None, out, choices, default: str, command: str) -> str:
    """The format to write: the -o file's extension (`-o crt.xlsx` is a workbook), --format when
    the name has no extension or one no command writes (`--format md -o notes.text`), else
    `default`. An extension of a format `command` does not write, or one --format contradicts,
    is refused."""
    ext = extension(out)
    if not ext:
        return fmt or default
    if ext in choices:
        if fmt and fmt != ext:
            raise PlayaidsError(f"{out}: the name says {ext} but --format says {fmt}; make them agree")
        return ext
    if fmt and ext not in KNOWN:
        return fmt
    suffix = Path(str(out)).suffix or "(no extension)"
    names = [f".{c}" if c != "text" else ".txt" for c in choices]
    listed = ", ".join(names[:-1]) + f" or {names[-1]}" if len(names) > 1 else names[0]
    raise PlayaidsError(f"{out}: {command} writes {listed} files, not {suffix}")


def one_stdout(*outs) -> None:
    """At most one output on standard output: two would be interleaved into one stream."""
    on_stdout = [name for name, out in outs if out is not None and str(out) == "-"]
    if len(on_stdout) > 1:
        raise PlayaidsError(f"{' and '.join(on_stdout)} both name standard output (-); give one of them a file")


def png_pages(pdf: bytes, dpi: int = DPI) -> list[bytes]:
    """Each page of a PDF as a PNG at `dpi` (PDFium, white background, byte-identical for the
    same PDF)."""
    import pypdfium2

    doc = pypdfium2.PdfDocument(pdf)
    try:
        out = []
        for page in doc:
            image = page.render(scale=dpi / 72).to_pil()
            buf = io.BytesIO()
            image.save(buf, "PNG", dpi=(dpi, dpi))
            out.append(buf.getvalue())
        return out
    finally:
        doc.close()


def png_names(out, pages: int) -> list[Path]:
    """`card.png` for one page, `card-1.png`, `card-2.png` ... for several."""
    p = Path(str(out))
    if pages == 1:
        return [p]
    return [p.with_name(f"{p.stem}-{k}{p.suffix}") for k in range(1, pages + 1)]


def emit_pdf(pdf: bytes, out, fmt: str, dpi: int = DPI) -> list[Path]:
    """A PDF command's output: the PDF, or with fmt 'png' an image per page (every page is
    rendered before any file is written). Returns the files written."""
    if fmt != "png":
        atomic.emit(pdf, out)
        return [] if _is_stdout(out) else [Path(str(out))]
    images = png_pages(pdf, dpi)
    if _is_stdout(out):
        if len(images) > 1:
            raise PlayaidsError(f"{len(images)} pages: give -o FILE.png (FILE-1.png ... are written)")
        if sys.stdout.isatty():
            raise PlayaidsError("png output needs -o FILE (or a pipe)")
        sys.stdout.buffer.write(images[0])
        sys.stdout.buffer.flush()
        return []
    names = png_names(out, len(images))
    for name, image in zip(names, images):
        atomic.write_bytes(name, image)
    return names


_FIXED = "2000-01-01T00:00:00Z"   # the one date of every output (page.fixed_epoch)


def workbook(rows: list[list[str]], sheet: str) -> bytes:
    """`rows` as an .xlsx workbook of one sheet (openpyxl), byte-identical for the same rows:
    the save time openpyxl stamps and the zip entries' times are the fixed date."""
    from openpyxl import Workbook

    wb = Workbook()
    ws = wb.active
    ws.title = re.sub(r"[\[\]:*?/\\]", "-", sheet)[:31] or "table"
    for row in rows:
        ws.append(row)
    for col in ws.columns:   # wide enough for the longest cell (Excel's units)
        width = max((len(str(c.value or "")) for c in col), default=8)
        ws.column_dimensions[col[0].column_letter].width = min(60, max(8, width + 2))
    raw = io.BytesIO()
    wb.save(raw)
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(raw.getvalue())) as src, \
            zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            data = src.read(info.filename)
            if info.filename == "docProps/core.xml":
                data = re.sub(rb"(<dcterms:(?:created|modified)[^>]*>)[^<]*", rb"\g<1>" + _FIXED.encode(), data)
            dst.writestr(zipfile.ZipInfo(info.filename, date_time=(2000, 1, 1, 0, 0, 0)), data,
                         compress_type=zipfile.ZIP_DEFLATED)
    return out.getvalue()
