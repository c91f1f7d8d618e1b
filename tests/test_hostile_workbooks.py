"""Issue 25 item 5: an .xlsx is read as its XML streams in (checker/xlsx.py), every bound counted
as the bytes arrive: rows as the sheet holds them (no whole pass for a missing <dimension>),
cells, text kept, each part's unpacked size whatever the zip's directory claims. And it reads
what openpyxl read: numbers, dates, booleans, rich and phonetic text, chart sheets skipped."""
import datetime
import io
import sys
import time

import pytest

from conftest import ROOT

sys.path.insert(0, str(ROOT / "bench"))
import hostile_shapes as hs  # noqa: E402
from test_hostile_bounds import one_line, run_capped  # noqa: E402

from playaids.checker import readers, xlsx  # noqa: E402


def _openpyxl_rows(data: bytes):
    """What the reader this one replaced gave: openpyxl's values, read-only, as text."""
    import openpyxl

    def text(v):
        if v is None:
            return ""
        if isinstance(v, float) and v.is_integer():
            return str(int(v))
        return v.isoformat() if hasattr(v, "isoformat") else str(v)

    wb = openpyxl.load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    out = []
    for ws in wb.worksheets:
        ws.reset_dimensions()
        rows = [(n, [text(v) for v in row]) for n, row in enumerate(ws.iter_rows(values_only=True), 1)]
        rows = [(n, r) for n, r in rows if any(c.strip() for c in r)]
        out.append((ws.title, [r for _, r in rows], [n for n, _ in rows]))
    return out


def _ours(data: bytes):
    return xlsx.read("t.xlsx", data, lambda c, n: readers._too_many("t.xlsx", c, n), readers.MAX_CELLS)


def test_every_kind_of_cell_reads_as_openpyxl_read_it():
    import openpyxl
    from openpyxl.cell.rich_text import CellRichText, TextBlock
    from openpyxl.cell.text import InlineFont

    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = "Mixed 1"
    ws.append(["text", 1, 1.5, 2.0, True, False, None, "=1+1", -3, 1e20, 0.1])
    ws.append([datetime.datetime(2024, 2, 29, 13, 5), datetime.date(1900, 1, 5), datetime.time(7, 30),
               datetime.timedelta(hours=30)])
    ws["A3"] = CellRichText(["rich ", TextBlock(InlineFont(b=True), "bold")])
    ws["B5"] = "after an empty row"
    ws["C8"] = "日本語 ３～１０"
    ws["E9"].value, ws["E9"].number_format = 45000, "yyyy/mm/dd"
    ws["F9"].value, ws["F9"].number_format = 1.25, "[h]:mm:ss"
    ws["D9"].value, ws["D9"].number_format = 42, "0.00%"
    second = wb.create_sheet("Second's")
    for i in range(30):
        second.append([i, f"r{i}", i * 0.5])
    buf = io.BytesIO()
    wb.save(buf)
    data = buf.getvalue()
    assert _ours(data) == _openpyxl_rows(data)
    assert _ours(data)[0][1][0][:6] == ["text", "1", "1.5", "2", "True", "False"]
    # a phonetic reading (Excel's ruby for Japanese) is not the cell's text; the 1904 calendar
    data = hs.rewrite_zip(data, {
        "xl/sharedStrings.xml": lambda d: d.replace(b"<t>text</t>", "<r><t>te</t></r><r><t>xt</t></r><rPh sb='0' "
                                                    "eb='1'><t>よみ</t></rPh>".encode(), 1),
        "xl/workbook.xml": lambda d: d.replace(b"<workbookPr", b'<workbookPr date1904="1"', 1)})
    assert _ours(data) == _openpyxl_rows(data)
    assert _ours(data)[0][1][1][0] == "2028-03-01T13:05:00"


def test_a_chart_sheet_holds_no_table(tmp_path, cli_in):
    import openpyxl

    wb = openpyxl.Workbook()
    for row in cli_in("table", "okinawa", "fleet-damage", "--format", "csv").stdout.decode().splitlines():
        wb.active.append(row.split(","))
    wb.create_chartsheet("Chart")
    wb.save(tmp_path / "t.xlsx")
    r = cli_in("check-table", "okinawa", "fleet-damage", tmp_path / "t.xlsx")
    assert r.returncode == 0, r.stdout + r.stderr


@pytest.mark.slow
def test_a_million_rows_without_a_dimension_are_refused_at_the_cap(tmp_path):
    """openpyxl parsed the whole sheet looking for its <dimension> (a million rows: killed at 120 s)."""
    f = hs.xlsx(tmp_path / "rows.xlsx", ([i, i + 1] for i in range(100_000)))
    t0 = time.perf_counter()
    r = run_capped("check-table", "okinawa", "fleet-damage", f)
    assert "more than 20,000 rows: not a table a rulebook prints" in one_line(r)
    assert time.perf_counter() - t0 < 30   # ~1 s idle: the rest of the 100,000 rows is never parsed


def test_a_workbook_has_its_own_cell_cap(tmp_path, cli_in, monkeypatch):
    f = hs.xlsx(tmp_path / "wide.xlsx", ([j for j in range(60)] for _ in range(10)))
    monkeypatch.setattr(readers, "MAX_XLSX_CELLS", 500)
    assert "more than 500 cells" in one_line(cli_in("check-table", "okinawa", "fleet-damage", f))


@pytest.mark.slow
def test_text_is_bounded_as_it_streams_whatever_the_zip_claims(tmp_path, cli_in, monkeypatch):
    # one 30 MB cell (a 30 kB file): refused once 24 MiB have come in, never held whole
    f = hs.xlsx(tmp_path / "cell.xlsx", [["x" * (30 << 20)]])
    assert "more than 24 MiB of text" in one_line(run_capped("check-table", "okinawa", "fleet-damage", f))
    # shared strings past their cap: refused by their size; the same claiming 1 kB fails its CRC
    monkeypatch.setattr(xlsx, "MAX_PART", 1 << 20)
    f = hs.xlsx(tmp_path / "strings.xlsx", [[0, 1]], strings=("word " * 20 for _ in range(20_000)))
    assert "shared strings unpack to more than 1 MiB" in one_line(cli_in("check-table", "okinawa", "fleet-damage", f))
    lying = hs.xlsx_lying_size(tmp_path / "lying.xlsx", f)
    assert "not a readable .xlsx workbook" in one_line(cli_in("check-table", "okinawa", "fleet-damage", lying))


def test_no_entity_is_expanded(tmp_path, cli_in):
    f = hs.xlsx(tmp_path / "t.xlsx", [["a", 1]])
    laughs = (b'<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;">]>'
              b'<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData><row r="1">'
              b'<c r="A1" t="inlineStr"><is><t>&b;</t></is></c></row></sheetData></worksheet>')
    (tmp_path / "e.xlsx").write_bytes(hs.rewrite_zip(f.read_bytes(), {"xl/worksheets/sheet1.xml": lambda d: laughs}))
    assert "not a readable .xlsx workbook (a DOCTYPE in its XML)" in one_line(
        cli_in("check-table", "okinawa", "fleet-damage", tmp_path / "e.xlsx"))
