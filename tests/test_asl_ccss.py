"""`playaids ccss`: the Cave-Complex Setup Sheet (G11.32, page G18), read back with pdfplumber."""
from __future__ import annotations

import pytest
import io

import pdfplumber

from conftest import FIXTURES
from playaids.games.asl_chapter_g import geometry as geo
from playaids.repository import Repository

ASL = FIXTURES / "asl"


def _pages(data: bytes) -> list:
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        return [(p.extract_words(keep_blank_chars=False), p.chars, p.width, p.height) for p in pdf.pages]


@pytest.mark.slow
def test_blank_form_has_every_hex_id_the_legend_and_blanks(cli, tmp_path):
    out = tmp_path / "blank.pdf"
    r = cli("ccss", "--board", "25", "--lang", "en", "--paper", "a4", "-o", out)
    assert r.returncode == 0, r.stderr
    pages = _pages(out.read_bytes())
    words, _, w, h = pages[0]
    assert w > h  # landscape
    ids = {x["text"] for x in words}
    board = {h.local for h in geo.board_hexes("25")}
    assert len(board) == 346 and board <= ids
    text = " ".join(x["text"] for x in words)
    for k in "ABCD":
        assert f"OBA battery {k}:" in text
    assert "Notes" in text and "Board: 25" in text
    rest = " ".join(x["text"] for p in pages[1:] for x in p[0])
    for name in ("Anti-Tank Ditch", "Cave-complex boundary", "Pillbox", "Roadblock", "Removed Fortification",
                 "Cloaking boxes", "ID: ____"):
        assert name in rest


@pytest.mark.slow
def test_blank_form_is_deterministic_and_letter_japanese(cli, tmp_path):
    a, b = tmp_path / "a.pdf", tmp_path / "b.pdf"
    for f in (a, b):
        assert cli("ccss", "--lang", "ja", "--paper", "letter", "-o", f).returncode == 0
    assert a.read_bytes() == b.read_bytes()
    words, _, w, h = _pages(a.read_bytes())[0]
    assert (round(w), round(h)) == (792, 612)
    text = "".join(x["text"] for x in words)
    assert "OBA中隊A：" in text and "特記事項" in text and "GG10" in text


@pytest.mark.slow
def test_filled_form_draws_caves_and_complexes(cli, tmp_path):
    out = tmp_path / "filled.pdf"
    r = cli("ccss", ASL / "caves-legal.yaml", "--lang", "en", "-o", out)
    assert r.returncode == 0, r.stderr
    pages = _pages(out.read_bytes())
    words, chars, _, _ = pages[0]
    red = {c["text"] for c in chars if c.get("non_stroking_color") and
           tuple(round(v, 2) for v in c["non_stroking_color"]) == (0.82, 0.0, 0.0)}
    black_ids = {x["text"] for x in words}
    assert {"A", "B"} <= red  # Primary Cave A and complex AB in red
    assert {"C", "D", "E"} <= black_ids  # cave B sits next to the complex id AB: merged in words
    assert "E: Upper-Cliff cave (G11.113)" in " ".join(x["text"] for x in words)
    boxes = " ".join(x["text"] for p in pages[1:] for x in p[0])
    assert "ID: A" in boxes and "ID: AB" in boxes and "4-4-7 (infantry)" in boxes


def test_ccss_rejects_other_games(cli, tmp_path):
    f = tmp_path / "s.yaml"
    f.write_text("game: okinawa\nscenario: free-variant\n")
    r = cli("ccss", f, "-o", tmp_path / "x.pdf")
    assert r.returncode == 2 and b"asl-chapter-g" in r.stderr and not (tmp_path / "x.pdf").exists()


@pytest.mark.slow
def test_scale_bars_measure_100_mm_and_4_in_on_every_paper_and_bleed():
    """The sheet with hexes carries a 100 mm and a 4 in bar (#8) that print at their length."""
    from playaids.games.asl_chapter_g import ccss
    from playaids.render.page import PageSpec

    for spec in (PageSpec(paper="a4", lang="en"), PageSpec(paper="letter", lang="ja", bleed_mm=3, crop_marks=True)):
        with pdfplumber.open(io.BytesIO(ccss.render(Repository.builtin(), spec))) as pdf:
            page = pdf.pages[0]
            widths = [ln["x1"] - ln["x0"] for ln in page.lines if abs(ln["top"] - ln["bottom"]) < 0.01]
            assert any(abs(w - 100 * 72 / 25.4) < 0.05 for w in widths), spec
            assert any(abs(w - 4 * 72) < 0.05 for w in widths), spec
            words = {w["text"] for w in page.extract_words()}
            assert {"mm", "in"} <= words


@pytest.mark.slow
def test_the_ids_of_the_board_edges_half_hexes_print_beside_the_frame():
    """Columns A and GG and rows 0 and 10 of B, D ... are cut by the board's edge: their ids go
    just outside the frame beside the printed half (in the half, 7 pt would touch its edges)."""
    from playaids.games.asl_chapter_g import ccss
    from playaids.render.page import PageSpec

    with pdfplumber.open(io.BytesIO(ccss.render(Repository.builtin(), PageSpec(lang="en"), "25"))) as pdf:
        page = pdf.pages[0]
        frame = max((r for r in page.rects if r["height"] > 200), key=lambda r: r["width"])
        board = {h.local for h in geo.board_hexes("25")}
        words = {w["text"]: w for w in page.extract_words() if w["text"] in board}
        assert set(words) == board
        for name, w in words.items():
            h = geo.parse_hex(name, "25")
            assert 0 < w["x0"] and w["x1"] < page.width
            if h.col == 0:
                assert w["x1"] < frame["x0"], name
            elif h.col == geo.COLUMNS - 1:
                assert w["x0"] > frame["x1"], name
            elif geo.half_hex(h):
                assert w["bottom"] < frame["top"] if h.row == 0 else w["top"] > frame["bottom"], name
            else:
                assert frame["x0"] < w["x0"] and w["x1"] < frame["x1"] and frame["top"] < w["top"] < frame["bottom"], name
