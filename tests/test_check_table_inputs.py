"""check-table inputs (issue 16): any encoding (a BOM, or detected by charset-normalizer), .xlsx
workbooks (openpyxl), a paste on standard input, `not a table` for anything else (exit 2),
--accept for intended differences, the normalisations the report applied, and the pages of a
PDF that hold a table."""
import os
import io
import sys

import pytest

from playaids import export
from playaids.checker import readers
from playaids.repository import Repository

ROOT = Repository.builtin()
@pytest.fixture(scope="module")
def fleet():
    return ROOT.table("okinawa", "fleet-damage")


def csv_text(t, lang="ja"):
    return export.to_csv(t, lang)


@pytest.mark.parametrize("encoding,named", [
    ("utf-16", "UTF-16"), ("utf-8-sig", "UTF-8 with BOM"), ("euc_jp", "EUC-JP"), ("shift_jis", "Shift-JIS"),
])
def test_any_encoding_is_read_and_named(cli_in, tmp_path, fleet, encoding, named):
    text = csv_text(fleet).replace("–", "-")   # no dash in Shift-JIS: a hyphen is the same no-effect mark
    p = tmp_path / "t.csv"
    p.write_bytes(text.encode(encoding, errors="strict" if "utf" in encoding else "replace"))
    r = cli_in("check-table", "okinawa", "fleet-damage", p)
    out = r.stdout.decode()
    assert f"(csv, {named};" in out, out
    assert r.returncode in (0, 1) and "equal" in out.splitlines()[-1] or "differences" in out


def test_shift_jis_table_equals_its_source(cli_in, tmp_path, fleet):
    p = tmp_path / "t.csv"
    p.write_bytes(csv_text(fleet, "en").encode("utf-8"))
    assert cli_in("check-table", "okinawa", "fleet-damage", p).returncode == 0
    # 擊 (the seed's old form) is not in Shift-JIS: the publisher's modern 撃 is the same character
    sj = csv_text(fleet).replace("–", "-").replace("擊", "撃").encode("cp932")
    p.write_bytes(sj)
    r = cli_in("check-table", "okinawa", "fleet-damage", p)
    assert r.returncode == 0, r.stdout.decode()
    assert b"Shift-JIS" in r.stdout


@pytest.mark.parametrize("content,why", [
    (b"", "the file is empty"),
    (b"  \n\n", "the file is empty"),
    (bytes(range(256)) * 8, "binary data"),
    ("ピケット駆逐艦\n高速空母群\n".encode(), "one column of text"),
])
def test_not_a_table_exits_2_with_one_line(cli_in, tmp_path, content, why):
    p = tmp_path / "paste.txt"
    p.write_bytes(content)
    r = cli_in("check-table", "okinawa", "fleet-damage", p)
    assert r.returncode == 2
    err = r.stderr.decode()
    assert err.count("\n") == 1 and "not a table: " in err and why in err, err
    assert "Traceback" not in err


def test_stdin_paste(cli_in, monkeypatch, fleet):
    data = csv_text(fleet, "en").replace(",", "\t").encode()
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data)))
    r = cli_in("check-table", "okinawa", "fleet-damage", "-")
    assert r.returncode == 0, r.stderr
    assert b"file: <stdin> (text;" in r.stdout


def test_stdin_not_a_table(cli_in, monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"\x00\x01\x02garbage")))
    r = cli_in("check-table", "okinawa", "fleet-damage", "-")
    assert r.returncode == 2 and r.stderr.decode().startswith("<stdin>: not a table: binary data")


def _xlsx(path, rows, title="Sheet1"):
    import openpyxl

    wb = openpyxl.Workbook()
    ws = wb.active
    ws.title = title
    for r in rows:
        ws.append(r)
    wb.save(path)


def test_xlsx_workbook(cli_in, tmp_path, fleet):
    import csv

    rows = list(csv.reader(io.StringIO(csv_text(fleet, "en"))))
    # numbers as a spreadsheet stores them: 1.0 is the column "1"
    rows[0] = [rows[0][0]] + [float(c) for c in rows[0][1:]]
    rows[2][3] = "2X"   # Picket destroyers D x 3: the source has 2D
    p = tmp_path / "fleet.xlsx"
    _xlsx(p, rows, "Fleet")
    raw = readers.read(p)[0]
    assert raw.kind == "xlsx" and raw.rows[0][1] == "1" and raw.where[2] == "Fleet!3:3"
    r = cli_in("check-table", "okinawa", "fleet-damage", p)
    out = r.stdout.decode()
    assert r.returncode == 1
    assert 'cell "Picket destroyers: D (damaged)" × "3": expected "2D", found "2X" (Fleet!D3)' in out   # A1 style (issue 24)
    _xlsx(p, rows, "Fleet damage")   # a sheet name with a space is quoted, as a formula writes it
    assert "(\'Fleet damage\'!D3)" in cli_in("check-table", "okinawa", "fleet-damage", p).stdout.decode()
    rows[0].append("10")   # a column the source lacks: named by its letter
    _xlsx(p, rows, "Fleet")
    assert "(Fleet!K:K)" in cli_in("check-table", "okinawa", "fleet-damage", p).stdout.decode()


def test_xlsx_damaged_or_too_big(cli_in, tmp_path, monkeypatch, fleet):
    p = tmp_path / "t.xlsx"
    p.write_bytes(b"PK\x03\x04 not really a zip")
    r = cli_in("check-table", "okinawa", "fleet-damage", p)
    assert r.returncode == 2 and b"not a readable .xlsx workbook" in r.stderr
    _xlsx(p, [["a", "b"], ["1", "2"]])
    from playaids.checker import xlsx

    monkeypatch.setattr(xlsx, "MAX_UNZIPPED", 100)
    r = cli_in("check-table", "okinawa", "fleet-damage", p)
    assert r.returncode == 2 and b"unpacks to more than" in r.stderr


def _mutated(tmp_path, fleet):
    lines = csv_text(fleet).splitlines()
    # ピケット駆逐艦 S x 1 (source –) printed "x"; ピケット駆逐艦 D x 1 (source D) printed "y"
    lines[1] = lines[1].replace(",–,", ",x,", 1)
    lines[2] = lines[2].replace(",D,", ",y,", 1)
    p = tmp_path / "t.csv"
    p.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return p


def test_accept_marks_intended_differences(cli_in, tmp_path, fleet):
    p = _mutated(tmp_path, fleet)
    assert cli_in("check-table", "okinawa", "fleet-damage", p).returncode == 1
    acc = tmp_path / "accept.yaml"
    acc.write_text('- row: ピケット駆逐艦 S\n  column: "１"\n  why: x is the publisher\'s no-effect mark\n'
                   "- row: ピケット駆逐艦 D\n  found: y\n  why: y is their damaged\n", encoding="utf-8")
    r = cli_in("check-table", "okinawa", "fleet-damage", p, "--accept", acc)
    out = r.stdout.decode()
    assert r.returncode == 0, out
    assert "2 differences (2 cell; all accepted)" in out
    assert "accepted: x is the publisher's no-effect mark" in out


def test_accept_partly_fails_and_names_stale_entries(cli_in, tmp_path, fleet):
    p = _mutated(tmp_path, fleet)
    acc = tmp_path / "accept.yaml"
    acc.write_text("- row: ピケット駆逐艦 S\n  why: intended\n- row: 戦艦\n  why: no such row any more\n",
                   encoding="utf-8")
    r = cli_in("check-table", "okinawa", "fleet-damage", p, "--accept", acc, "--format", "json")
    import json

    doc = json.loads(r.stdout)
    assert r.returncode == 1 and doc["ok"] is False
    assert [d.get("accepted") for d in doc["differences"]] == ["intended", None]
    assert doc["unused_accepts"] == [3]


@pytest.mark.parametrize("text,fragment", [
    ("- why: no target\n", "accept.yaml:1:3: entry 1: give why, and at least one of row, column, found"),
    ("- row: a\n", "entry 1: give why"),
    ("- row: a\n  why: b\n  colum: c\n", "accept.yaml:1:3: entry 1: Additional properties are not allowed"),
    ("- row: a\n  why: b\n  kind: celll\n", "entry 1.kind: 'celll' is not one of"),
    ("row: a\n", "document: {'row': 'a'} is not of type 'array'"),
])
def test_accept_file_errors(cli_in, tmp_path, fleet, text, fragment):
    p = _mutated(tmp_path, fleet)
    acc = tmp_path / "accept.yaml"
    acc.write_text(text, encoding="utf-8")
    r = cli_in("check-table", "okinawa", "fleet-damage", p, "--accept", acc)
    err = r.stderr.decode()
    assert r.returncode == 2 and fragment in err and err.count("\n") == 1, err


def test_report_names_the_normalisations_it_applied(cli_in, tmp_path, fleet):
    full = str.maketrans("0123456789", "０１２３４５６７８９")
    lines = csv_text(fleet).splitlines()
    lines[0] = lines[0].translate(full)                       # column labels in full-width digits
    assert "攻擊部隊" in csv_text(fleet)                       # the seed prints the old form in this table
    text = "\n".join(lines).replace("攻擊部隊", "攻撃部隊")     # a publisher's modern form
    p = tmp_path / "t.csv"
    p.write_text(text + "\n", encoding="utf-8")
    r = cli_in("check-table", "okinawa", "fleet-damage", p)
    out = r.stdout.decode()
    assert r.returncode == 0, out
    assert "equal after normalising: full-width digits, letters and signs (9), old character forms (擊 = 撃) (2)" in out
    p.write_text(csv_text(fleet), encoding="utf-8")
    assert "normalising" not in cli_in("check-table", "okinawa", "fleet-damage", p).stdout.decode()


def _pdf_text_then_table(path, fleet):
    from reportlab.lib.pagesizes import A4
    from reportlab.platypus import PageBreak, Paragraph, SimpleDocTemplate, Table, TableStyle
    from reportlab.lib.styles import getSampleStyleSheet

    import csv

    rows = list(csv.reader(io.StringIO(csv_text(fleet, "en"))))
    table = Table(rows)
    table.setStyle(TableStyle([("GRID", (0, 0), (-1, -1), 0.5, "black")]))
    doc = SimpleDocTemplate(str(path), pagesize=A4)
    doc.build([Paragraph("Fleet damage: see the next page.", getSampleStyleSheet()["Normal"]), PageBreak(), table])


def test_pdf_page_without_a_table_names_the_pages_that_hold_one(cli_in, tmp_path, fleet):
    p = tmp_path / "rules.pdf"
    _pdf_text_then_table(p, fleet)
    r = cli_in("check-table", "okinawa", "fleet-damage", p, "--page", "1")
    assert r.returncode == 2
    assert r.stderr.decode().strip().endswith("not a table: page 1 holds no ruled table; tables on page 2 (use --page)")
    assert cli_in("check-table", "okinawa", "fleet-damage", p, "--page", "2").returncode == 0


def test_pdf_decompression_bomb_and_page_count_are_capped(cli_in, tmp_path, monkeypatch, fleet):
    import zlib

    from playaids import pdfread

    monkeypatch.setattr(pdfread, "MAX_UNPACKED", 4 * 1024 * 1024)   # the same check, on a smaller bomb
    sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "bench"))
    import hostile_shapes

    bomb = tmp_path / "bomb.pdf"   # a page whose content unpacks to 6 MiB of zeros
    bomb.write_bytes(hostile_shapes.bomb_pdf("plain", unpacked=6 << 20))
    r = cli_in("check-table", "okinawa", "fleet-damage", bomb)
    assert r.returncode == 2
    assert r.stderr.decode().strip() == f"{bomb}: PDF too big to read: its compressed streams unpack to more than 4 MiB"

    p = tmp_path / "rules.pdf"
    _pdf_text_then_table(p, fleet)
    monkeypatch.setattr(pdfread, "MAX_PAGES", 1)
    r = cli_in("check-table", "okinawa", "fleet-damage", p)
    assert r.returncode == 2 and "2 pages: give --page N" in r.stderr.decode()
    assert cli_in("check-table", "okinawa", "fleet-damage", p, "--page", "2").returncode == 0


@pytest.mark.parametrize("ext,text,fragment", [
    ("csv", "a,b\n1,2\n3,4\n5,6\n7,8\n9,10\n", "more than 10 cells"),
    ("txt", "a  b\n1  2\n3  4\n5  6\n7  8\n9  10\n", "more than 10 cells"),
    ("tsv", "a\tb\n1\t2\n3\t4\n5\t6\n7\t8\n9\t10\n", "more than 10 cells"),
    ("md", "|a|b|\n|---|---|\n|1|2|\n|3|4|\n", "more than 5 cells in Markdown: export the table as CSV"),
    ("json", "[[1, 2], [3, 4], [5, 6]]", "more than 4 values"),
    ("yaml", "- [1, 2]\n- [3, 4]\n- [5, 6]\n", "more than 4 values"),
])
def test_cell_counts_are_capped_before_memory_runs_out(cli_in, tmp_path, monkeypatch, ext, text, fragment):
    monkeypatch.setattr(readers, "MAX_CELLS", 10)
    monkeypatch.setattr(readers, "MAX_MD_CELLS", 5)
    monkeypatch.setattr(readers, "MAX_VALUES", 4)
    p = tmp_path / f"t.{ext}"
    p.write_text(text, encoding="utf-8")
    r = cli_in("check-table", "okinawa", "fleet-damage", p)
    assert r.returncode == 2 and fragment in r.stderr.decode(), r.stderr
