"""Issue 25 item 12: what the schema accepts is drawn (wrapped, cut, split over pages) or refused
by the schema in one line. A 3,990-character cell (the schema allows 4,000) was a ReportLab
LayoutError, then a refusal at render time; a word wider than any column was 'too wide even at
7 pt'; a 3,990-character sheet or game title was drawn off the trim box. Every drawn case
passes the print preflight. The chart sets' cases are in the slow tier (a chart set is laid
out on every orientation and column count, then read back); bench/bench_long_text.py runs
every text of a table this way."""
import shutil

import pytest
import yaml

from conftest import ROOT
from test_hostile_bounds import one_line


def _okinawa(tmp_path, edit, name="tables/fleet-damage.yaml"):
    shutil.copytree(ROOT / "data" / "okinawa", tmp_path / "okinawa")
    f = tmp_path / "okinawa" / name
    doc = yaml.safe_load(f.read_text(encoding="utf-8"))
    edit(doc)
    f.write_text(yaml.safe_dump(doc, allow_unicode=True), encoding="utf-8")
    return ["--data", tmp_path, "--no-builtin"]


def _text(pdf) -> str:
    import pdfplumber

    with pdfplumber.open(pdf) as p:
        return "".join(c["text"] for page in p.pages for c in page.chars)


def _clean(cli_in, pdf):
    r = cli_in("preflight", pdf)
    assert r.returncode == 0, r.stdout.decode() + r.stderr.decode()


@pytest.mark.sample
@pytest.mark.parametrize("text,lang", [("長い" * 1995, "ja"), ("x" * 3990, "en")])
def test_a_cell_taller_than_a_page_is_drawn_over_pages(tmp_path, cli_in, text, lang):
    """Japanese breaks anywhere; a word of 3,990 letters is cut by character in a column of the
    page's width at most (it was 'too wide for A4 even turned')."""
    data = _okinawa(tmp_path, lambda d: d["rows"][1]["cells"].__setitem__(3, text))
    assert cli_in(*data, "data", "validate").returncode == 0
    card = tmp_path / f"fleet-damage.{lang}.a4.pdf"
    r = cli_in(*data, "table", "okinawa", "fleet-damage", "--lang", lang, "-o", card)
    assert r.returncode == 0, r.stderr
    drawn = _text(card)
    assert drawn.count(text[0]) >= text.count(text[0])   # every character drawn (the title adds none)
    _clean(cli_in, card)


@pytest.mark.slow
def test_the_chart_set_draws_a_cell_taller_than_a_page(tmp_path, cli_in):
    data = _okinawa(tmp_path, lambda d: d["rows"][1]["cells"].__setitem__(3, "長い" * 1995))
    pdf = tmp_path / "charts.ja.a4.pdf"
    r = cli_in(*data, "charts", "okinawa", "--lang", "ja", "-o", pdf)
    assert r.returncode == 0, r.stderr
    assert _text(pdf).count("長い") >= 1995
    _clean(cli_in, pdf)


@pytest.mark.slow
def test_a_header_taller_than_a_page_is_drawn_not_repeated(tmp_path, cli_in):
    data = _okinawa(tmp_path, lambda d: d.__setitem__("corner", "見出し" * 1330))
    card = tmp_path / "fleet-damage.ja.a4.pdf"
    r = cli_in(*data, "table", "okinawa", "fleet-damage", "--lang", "ja", "-o", card)
    assert r.returncode == 0, r.stderr
    # every 見 drawn, once (a page turn may fall inside a 見出し: the footer comes between)
    assert _text(card).count("見") == 1330
    _clean(cli_in, card)


@pytest.mark.parametrize("name,edit,says", [
    ("game.yaml", lambda d: d.__setitem__("title", {"ja": "沖" * 161, "en": "Okinawa"}), "title.ja: 161 characters"),
    ("sheets.yaml", lambda d: d["sheets"][1].__setitem__("title", {"ja": "表", "en": "x" * 3990}),
     "sheets.1.title.en: 3990 characters, at most 160"),
    ("tables/fleet-damage.yaml", lambda d: d.__setitem__("column_group", {"ja": "命" * 200, "en": "Hits"}),
     "column_group.ja: 200 characters, at most 160"),
    ("tables/fleet-damage.yaml", lambda d: d.__setitem__("missing", {"ja": "欠" * 1001, "en": "Missing"}),
     "missing.ja: 1001 characters, at most 1000"),
])
@pytest.mark.sample
def test_a_heading_longer_than_a_band_is_refused_by_the_schema(tmp_path, cli_in, name, edit, says):
    data = _okinawa(tmp_path, edit, name)
    line = one_line(cli_in(*data, "data", "validate"))
    assert says in line and name.split("/")[-1] in line, line


@pytest.mark.slow
def test_titles_of_160_characters_stay_inside_the_trim(tmp_path, cli_in):
    """The most the schema allows, as one word: the sheet's head breaks it into lines, the card's
    title and the footer too (each was drawn off the trim box at 3,990)."""
    data = _okinawa(tmp_path, lambda d: d["sheets"][1].__setitem__("title", {"ja": "表" * 160, "en": "x" * 160}),
                    "sheets.yaml")
    game = tmp_path / "okinawa" / "game.yaml"
    doc = yaml.safe_load(game.read_text(encoding="utf-8"))
    doc["title"] = {"ja": "沖" * 160, "en": "y" * 160}
    game.write_text(yaml.safe_dump(doc, allow_unicode=True), encoding="utf-8")
    for lang in ("en", "ja"):
        pdf = tmp_path / f"charts.{lang}.a4.pdf"
        r = cli_in(*data, "charts", "okinawa", "--lang", lang, "-o", pdf)
        assert r.returncode == 0, r.stderr
        _clean(cli_in, pdf)
    assert _text(tmp_path / "charts.en.a4.pdf").count("x") >= 160
    card = tmp_path / "fleet-damage.en.a4.pdf"
    assert cli_in(*data, "table", "okinawa", "fleet-damage", "--lang", "en", "-o", card).returncode == 0
    _clean(cli_in, card)


@pytest.mark.slow
def test_a_table_printing_more_than_a_card_can_hold_is_refused(tmp_path, cli_in):
    """40 columns x 400 rows of 40 characters fit the schema and a 2 MiB file: 640,000 characters,
    a card of 401 pages and 38 s of CPU. A table prints at most 40,000 characters a language
    (the data's largest, MacArthur's CRT, 4,465)."""
    def big(d):
        d["columns"] = [str(i) for i in range(1, 41)]
        d["rows"] = [{"label": f"行{i}", "cells": ["損害を受けた艦" * 6] * 40} for i in range(30)]
        d.pop("row_groups", None)
    data = _okinawa(tmp_path, big)
    line = one_line(cli_in(*data, "data", "validate"))
    assert "fleet-damage.yaml:1:1: 50," in line and "characters to print in Japanese, more than the 40,000" in line
