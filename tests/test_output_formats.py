"""Every -o extension means its format or is refused (issue 24): PNG pages of every printable
aid, xlsx tables, HTML summaries and glossaries, two outputs on standard output refused."""
import io

import pytest
from openpyxl import load_workbook
from PIL import Image

from playaids import export
from playaids.repository import open_data


def _refused(r, *names):
    assert r.returncode == 2, r.stderr
    line = r.stderr.decode().strip()
    assert "\n" not in line and all(n in line for n in names), line
    return line


@pytest.mark.parametrize("args, name, writes", [
    (["table", "okinawa", "fleet-damage"], "crt.txt", ".csv, .json, .md, .xlsx, .pdf or .png"),
    (["turns", "okinawa", "campaign"], "t.html", ".pdf, .svg or .png"),
    (["summary", "okinawa"], "s.md", ".pdf, .html or .png"),
    (["glossary", "okinawa"], "g.xlsx", ".md, .csv, .pdf, .html or .png"),
    (["ccss", "--board", "25"], "c.svg", ".pdf or .png"),
    (["charts", "okinawa"], "c.svg", ".pdf or .png"),
    (["scenario", "okinawa", "campaign", "--seed", "1"], "s.pdf", ".yaml or .json"),
    (["scenario", "okinawa", "campaign", "--seed", "1", "--count", "2"], "s.json", ".jsonl or .yaml"),
    (["check-table", "okinawa", "fleet-damage", "-"], "r.pdf", ".txt, .json, .diff or .html"),
])
def test_an_extension_the_command_cannot_write_is_refused(args, name, writes, tmp_path, cli_in):
    r = cli_in(*args, "-o", tmp_path / name)
    _refused(r, f"{name}:", f"writes {writes} files, not .{name.split('.')[-1]}")
    assert not (tmp_path / name).exists()


def test_the_sheet_is_a_pdf_or_png(tmp_path, cli_in):
    r = cli_in("scenario", "okinawa", "campaign", "--seed", "1", "-o", tmp_path / "s.yaml", "--sheet", tmp_path / "s.svg")
    _refused(r, "scenario --sheet writes .pdf or .png files")
    assert not (tmp_path / "s.yaml").exists()


def test_two_outputs_on_standard_output_are_refused(cli_in):
    r = cli_in("scenario", "macarthur-bataan", "historical", "--seed", "1", "--sheet", "-")
    _refused(r, "-o and --sheet both name standard output")
    assert r.stdout == b""
    r = cli_in("scenario", "macarthur-bataan", "historical", "--seed", "1", "-o", "-", "--sheet", "-")
    _refused(r, "standard output")


def test_a_table_as_a_workbook(tmp_path, cli_in):
    out = tmp_path / "crt.xlsx"
    r = cli_in("table", "okinawa", "fleet-damage", "--lang", "ja", "-o", out)
    assert r.returncode == 0, r.stderr
    first = out.read_bytes()
    ws = load_workbook(out).active
    assert ws.title == "fleet-damage"
    rows = [[c if c is not None else "" for c in row] for row in ws.iter_rows(values_only=True)]
    table = open_data().table("okinawa", "fleet-damage")
    assert rows == export.grid_rows(table.grid, "ja")
    assert rows[0][1:4] == ["1", "2", "3"] and rows[1][3] == "S"   # hits 3: picket destroyers sunk (5.3)
    assert cli_in("table", "okinawa", "fleet-damage", "--lang", "ja", "-o", out).returncode == 0
    assert out.read_bytes() == first   # byte-identical: no save time in the workbook
    r = cli_in("check-table", "okinawa", "fleet-damage", out)
    assert r.returncode == 0 and "equal" in r.stdout.decode()


def _size(path):
    with Image.open(path) as im:
        return im.size


def test_png_one_page_keeps_the_name_and_follows_dpi(tmp_path, cli_in):
    out = tmp_path / "card.png"
    assert cli_in("table", "macarthur-bataan", "crt", "-o", out).returncode == 0
    w, h = _size(out)   # A4 (595.28 x 841.89 pt) at the default 150 dpi, PDFium rounding up
    assert abs(w - 595.28 * 150 / 72) < 1.01 and abs(h - 841.89 * 150 / 72) < 1.01, (w, h)
    assert cli_in("table", "macarthur-bataan", "crt", "-o", out, "--dpi", "72").returncode == 0
    w, h = _size(out)
    assert abs(w - 595.28) < 1.01 and abs(h - 841.89) < 1.01, (w, h)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["card.png"]


@pytest.mark.parametrize("args", [
    ["turns", "okinawa", "campaign"],
    ["summary", "okinawa"],
    ["glossary", "okinawa"],
    ["ccss", "--board", "25"],
    ["charts", "rgi-macarthur"],
])
@pytest.mark.slow
def test_png_several_pages_are_numbered(args, tmp_path, cli_in):
    pdf, png = tmp_path / "aid.pdf", tmp_path / "aid.png"
    assert cli_in(*args, "-o", pdf, "--paper", "letter").returncode == 0
    r = cli_in(*args, "-o", png, "--paper", "letter", "--dpi", "50")
    assert r.returncode == 0, r.stderr
    from pypdfium2 import PdfDocument

    pages = len(PdfDocument(pdf.read_bytes()))
    names = sorted(p.name for p in tmp_path.glob("aid*.png"))
    assert names == ([f"aid-{k}.png" for k in range(1, pages + 1)] if pages > 1 else ["aid.png"])
    w, h = sorted(_size(tmp_path / names[0]))   # Letter, portrait or landscape
    assert abs(w - 612 * 50 / 72) < 1.01 and abs(h - 792 * 50 / 72) < 1.01, (w, h)


@pytest.mark.slow
def test_a_chart_set_as_pdf_and_png(tmp_path, cli_in):
    """The chart set has a command of its own (`build` writes it with the cards): a PDF whose
    tables check-table reads, or an image a page."""
    pdf = tmp_path / "charts.pdf"
    assert cli_in("charts", "okinawa", "--lang", "en", "-o", pdf).returncode == 0
    r = cli_in("check-table", "okinawa", "fleet-damage", pdf)
    assert r.returncode == 0 and "equal, 10 rows × 9 columns" in r.stdout.decode()
    r = cli_in("charts", "amigos-insurrectors", "--lang", "ja", "--paper", "a3", "-o", tmp_path / "c.png", "--dpi", 30)
    assert r.returncode == 0, r.stderr
    names = sorted(p.name for p in tmp_path.glob("c*.png"))
    assert names and all(n.startswith("c-") for n in names) or names == ["c.png"]
    assert min(abs(_size(tmp_path / names[0])[0] - x * 30 / 72) for x in (842, 1191)) < 1   # A3, either way


def test_the_setup_sheet_as_png(tmp_path, cli_in):
    r = cli_in("scenario", "okinawa", "campaign", "--seed", "1", "-o", tmp_path / "s.yaml",
               "--sheet", tmp_path / "sheet.png", "--dpi", "40")
    assert r.returncode == 0, r.stderr
    assert sorted(p.name for p in tmp_path.glob("sheet*.png"))[0] in ("sheet.png", "sheet-1.png")


def test_html_summary_and_glossary(tmp_path, cli_in):
    assert cli_in("summary", "okinawa", "--lang", "en", "-o", tmp_path / "s.html").returncode == 0
    html = (tmp_path / "s.html").read_text(encoding="utf-8")
    assert html.startswith("<!DOCTYPE html>") and "Okinawa" in html
    for lang, has, lacks in (("ja", "五十音順", "(A–Z)"), ("en", "(A–Z)", "五十音順"), ("both", "(A–Z)", "\x00")):
        out = tmp_path / f"g.{lang}.html"
        assert cli_in("glossary", "okinawa", "--lang", lang, "-o", out).returncode == 0
        text = out.read_text(encoding="utf-8")
        assert has in text and lacks not in text, lang
    both = (tmp_path / "g.both.html").read_text(encoding="utf-8")
    assert "五十音順" in both


def test_scenario_count_as_a_yaml_stream(tmp_path, cli_in):
    out = tmp_path / "three.yaml"
    assert cli_in("scenario", "okinawa", "campaign", "--seed", "1", "--count", "3", "-o", out).returncode == 0
    assert out.read_text(encoding="utf-8").count("---\n") == 3
    r = cli_in("verify", out)
    assert r.returncode == 0 and f"{out} #3: legal" in r.stdout.decode()
    one = tmp_path / "one.json"
    assert cli_in("scenario", "okinawa", "campaign", "--seed", "1", "-o", one).returncode == 0
    import json

    assert json.loads(one.read_text(encoding="utf-8"))["seed"] == 1
    assert cli_in("verify", one).returncode == 0


@pytest.mark.slow
def test_png_to_standard_output_only_for_one_page(tmp_path):
    from tests.conftest import run_cli

    r = run_cli("table", "macarthur-bataan", "crt", "--format", "png", "--dpi", "30")
    assert r.returncode == 0 and Image.open(io.BytesIO(r.stdout)).size == (249, 351)
    r = run_cli("turns", "okinawa", "campaign", "--format", "png", "--dpi", "30")
    assert r.returncode == 2 and b"pages: give -o FILE.png" in r.stderr


def test_the_readme_table_of_extensions_is_what_each_command_writes(tmp_path, cli_in):
    """The README's `-o extensions` table names, for each command, exactly the extensions its
    refusal names (an odd extension: exit 2, one line)."""
    import re

    from tests.conftest import ROOT

    text = (ROOT / "README.md").read_text(encoding="utf-8")
    rows = dict(re.findall(r"^\| (`[a-z-]+`(?:, `[a-z-]+`)?) \| (.+) \|$", text, re.M))
    args = {"table": ["okinawa", "fleet-damage"], "turns": ["okinawa"], "summary": ["okinawa"],
            "glossary": ["okinawa"], "ccss": ["--board", "25"], "charts": ["okinawa"],
            "odds": ["okinawa", "kamikaze-hits"], "scenario": ["okinawa", "campaign"],
            "check-table": ["okinawa", "fleet-damage", "-"]}
    seen = set()
    for names, exts in rows.items():
        readme = re.sub(r"\([^)]*\)", "", exts.split(";")[0])   # `--count` and `--sheet` are tested above
        for name in re.findall(r"`([a-z-]+)`", names):
            seen.add(name)
            line = _refused(cli_in(name, *args[name], "-o", tmp_path / "x.zzz"), "x.zzz")
            said = set(re.findall(r"\.[a-z]+", line.split(" writes ", 1)[1].split(" files")[0]))
            want = set(re.findall(r"\.[a-z]+", readme)) | ({".md", ".csv"} if name == "glossary" else set())
            assert said == want, (name, said, want)
    assert seen == set(args)
