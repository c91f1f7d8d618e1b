"""Chart sets (issue 14): each game's tables on a few dense sheets, one PDF per game, language
and paper. Sheets are data (every table on exactly one), the layout packs them, and every
table reads back from the sheet PDF at the box the layout drew it in."""
import dataclasses
import os
import shutil

import pdfplumber
import pytest

from playaids import pdfread, preflight
from playaids.errors import DataError
from playaids.render import chartsheet
from playaids.render.page import PageSpec
from playaids.repository import DEFAULT_DATA, Repository
from roundtrip import expected_grid

ROOT = Repository.builtin()
GAMES = ("macarthur-bataan", "okinawa", "amigos-insurrectors", "rgi-macarthur", "asl-chapter-g")
# issue 14: a third of the pages the one-table cards took (English, A4)
MOST_PAGES = {"macarthur-bataan": 9, "okinawa": 11, "amigos-insurrectors": 9, "rgi-macarthur": 5}

_MADE: dict = {}


def chart_set(gid, lang, paper="a4", tmp=None):
    """(path, boxes) of a game's chart set, rendered once per test session."""
    key = (gid, lang, paper)
    if key not in _MADE:
        game = ROOT.game(gid)
        pdf, boxes = chartsheet.render_with_boxes(game, ROOT.sheets(gid), game.tables,
                                                  PageSpec(paper=paper, lang=lang))
        path = tmp / f"{gid}.charts.{lang}.{paper}.pdf"
        path.write_bytes(pdf)
        _MADE[key] = (path, boxes, pdf)
    return _MADE[key]


@pytest.fixture(scope="module")
def made(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("charts")
    return lambda gid, lang, paper="a4": chart_set(gid, lang, paper, tmp)


@pytest.mark.parametrize("gid", GAMES)
def test_every_table_sits_on_exactly_one_sheet(gid):
    sheets = ROOT.sheets(gid)
    placed = [t for s in sheets for t in s.tables]
    assert sorted(placed) == ROOT.table_ids(gid)
    assert len(sheets) >= 1 and all(s.title.ja and s.title.en for s in sheets)


def _game_copy(tmp_path, gid="rgi-macarthur"):
    root = tmp_path / "data"
    shutil.copytree(DEFAULT_DATA / gid, root / gid)
    return root


@pytest.mark.parametrize("change,message,line", [
    (("combat-dice", "combat-dise"), "no table 'combat-dise' in rgi-macarthur (did you mean 'combat-dice'?)", 6),
    (("[campaign-decks,", "[campaign-decks, damage,"), "table 'damage' is already on sheet 'movement-combat'", 9),
    ((", retreat]", "]"), "table on no sheet: retreat", 4),
    (("- id: campaigns", "- id: movement-combat"), "sheet id 'movement-combat' is used twice", 7),
    (("tables: [campaign-decks", "tabels: [campaign-decks"), "unknown key 'tabels'", 9),
])
@pytest.mark.sample
def test_a_broken_sheets_file_is_an_error_at_its_line(tmp_path, change, message, line):
    root = _game_copy(tmp_path)
    path = root / "rgi-macarthur" / "sheets.yaml"
    text = path.read_text(encoding="utf-8")
    assert change[0] in text
    path.write_text(text.replace(change[0], change[1], 1), encoding="utf-8")
    with pytest.raises(DataError) as e:
        Repository.of(root).sheets("rgi-macarthur")
    assert message in str(e.value) and f"sheets.yaml:{line}" in str(e.value), str(e.value)
    _, errors = Repository.of(root).validate_all()
    assert any(message in str(x) for x in errors)


def test_a_game_without_a_sheets_file_gets_one_sheet_of_all_its_tables(fixture_data):
    sheets = Repository.of(fixture_data).sheets("demo-game")
    assert [s.tables for s in sheets] == [tuple(Repository.of(fixture_data).table_ids("demo-game"))]


@pytest.mark.slow
@pytest.mark.parametrize("gid", sorted(MOST_PAGES))
def test_a_chart_set_takes_a_third_of_the_cards_pages(made, gid):
    path, _, _ = made(gid, "en")
    with pdfplumber.open(path) as pdf:
        assert len(pdf.pages) <= MOST_PAGES[gid]


@pytest.mark.slow
def test_a_set_takes_one_orientation_when_it_costs_a_page_at_most(made):
    """Amigos' English A4 set: pages 1-4 portrait and 5-8 landscape before (a printer cannot
    impose such a set as one booklet: issue 22); one orientation now, in as many pages."""
    path, _, _ = made("amigos-insurrectors", "en")
    with pdfplumber.open(path) as pdf:
        turned = {p.width > p.height for p in pdf.pages}
        assert len(turned) == 1 and len(pdf.pages) <= 8, [(p.width, p.height) for p in pdf.pages]


def _cell_sizes(path, boxes) -> set:
    """The sizes of the text inside the grids' boxes on a chart set."""
    with pdfplumber.open(path) as pdf:
        return {round(c["size"], 1) for b in boxes
                for c in pdf.pages[b.page - 1].crop((b.x0, b.top, b.x1, b.bottom)).chars if c["text"].strip()}


@pytest.mark.slow
def test_a_bilingual_set_takes_the_closest_type_only_where_it_saves_a_page(made):
    """RGI's bilingual Letter set took 4 pages at 8 pt, twice the English (issue 22: at most
    ~1.5x): 3 at 7 pt. On A4 7 pt saves none: the set keeps its 8 pt."""
    path, boxes, _ = made("rgi-macarthur", "both", "letter")
    with pdfplumber.open(path) as pdf:
        assert len(pdf.pages) == 3
    assert _cell_sizes(path, boxes) == {7.0}
    path, boxes, _ = made("rgi-macarthur", "both", "a4")
    with pdfplumber.open(path) as pdf:
        assert len(pdf.pages) == 3
    assert 8.0 in _cell_sizes(path, boxes)


@pytest.mark.slow
def test_a_pair_on_one_line_has_a_gap_of_near_an_em_between_its_languages(made):
    """MacArthur's terrain chart sets '平地 Clear' on one line: the ideographic space was set as a
    word space, 2 pt, and the languages read as run together (rv40 review); near an em now."""
    path, _, _ = made("macarthur-bataan", "both", "letter")
    gaps = []
    with pdfplumber.open(path) as pdf:
        for page in pdf.pages:
            chars = [c for c in page.chars if c["text"].strip()]
            for a, b in zip(chars, chars[1:]):
                if a["text"] == "地" and b["text"] == "C" and abs(a["top"] - b["top"]) < 2:
                    gaps.append((b["x0"] - a["x1"]) / b["size"])
    assert gaps and min(gaps) >= 0.75, gaps


def _read_back(path, boxes):
    """Each (table, grid) read from the sheet PDF inside its boxes; pieces of a grid cut over
    columns or pages joined, their repeated header row dropped."""
    found: dict = {}
    with pdfplumber.open(path) as pdf:
        # no text under 7 pt anywhere on the sheet (issue 14: cell text shrinks to 7 pt, no further)
        smallest = min(c["size"] for p in pdf.pages for c in p.chars if c["text"].strip())
        assert smallest >= 7.0 - 0.01, f"{path.name}: text at {smallest:.2f} pt"
        for b in boxes:
            page = pdf.pages[b.page - 1].crop((b.x0, b.top, b.x1, b.bottom))
            tables = page.extract_tables(pdfread.TABLE_SETTINGS)
            assert len(tables) == 1, (b, len(tables))
            rows = [[pdfread.comparable(c) if c is not None else None for c in r] for r in tables[0]]
            key = (b.table, b.grid)
            found[key] = found[key] + rows[1:] if key in found else rows
    return found


# make test: every game in English on A4, Okinawa's (the longest) in Japanese only; CI (.ci/run,
# PLAYAIDS_FULL=1): every game in every language on every paper
MATRIX = [(g, lang, paper) for g in GAMES for lang in ("en", "ja", "both") for paper in ("a4", "letter", "a3", "tabloid")] \
    if os.environ.get("PLAYAIDS_FULL") else \
    [(g, "en", "a4") for g in GAMES if g != "okinawa"] + [("okinawa", "ja", "a4"),
                                                          # a column lifted and placed again after a piece
                                                          # (Amigos' US objectives were placed twice, the
                                                          # Stand-Up Fight chits' rest never)
                                                          ("amigos-insurrectors", "ja", "letter")]


@pytest.mark.sample
@pytest.mark.parametrize("gid,lang,paper", MATRIX)
def test_every_table_reads_back_from_the_sheet_with_no_text_under_7pt(made, gid, lang, paper):
    path, boxes, _ = made(gid, lang, paper)
    found = _read_back(path, boxes)
    game = ROOT.game(gid)
    for table in game.tables.values():
        for name, grid in (("grid", table.grid), ("modifiers", table.modifiers)):
            if grid is None or not grid.columns:
                continue
            exp = expected_grid(grid, lang)
            got = found.get((table.id, name))
            assert got is not None, f"{table.id} {name} not drawn"
            # a merged cell reads back as its text then empty (None) cells
            got = [[c if c != "" or e is not None else None for c, e in zip(g, x)] for g, x in zip(got, exp)]
            assert got == exp, f"{gid} {table.id} {name} {lang}: read back differs"


@pytest.mark.slow
@pytest.mark.sample
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_preflight_passes(made, lang):
    """One game here; CI's two full builds run the preflight over every chart set in every
    language and paper, plain and with bleed, crop marks and grayscale (.ci/run)."""
    path, _, _ = made("rgi-macarthur", lang)
    assert not [f.line() for f in preflight.check(path)]


def test_same_data_gives_the_same_bytes(made):
    _, _, pdf = made("rgi-macarthur", "en")
    game = ROOT.game("rgi-macarthur")
    again = chartsheet.render(game, ROOT.sheets("rgi-macarthur"), game.tables, PageSpec(lang="en"))
    assert again == pdf


@pytest.mark.slow
def test_a_footer_too_long_gives_the_game_in_japanese_not_a_cut_word(made):
    """RGI's bilingual A4 set: 'ダグラス・マッカーサー将軍の主要作戦 / Major Campaigns of General
    Douglas MacArthur · ...' ended in 「キャンペーン・チ…」; the game's Japanese title alone now."""
    path, _, _ = made("rgi-macarthur", "both")
    with pdfplumber.open(path) as pdf:
        feet = [(p.extract_text() or "").splitlines()[-1] for p in pdf.pages]
    assert all("…" not in f and f.startswith("ダグラス・マッカーサー将軍の主要作戦") for f in feet), feet


@pytest.mark.slow
def test_each_page_names_its_game_and_sheet_in_the_footer(made):
    path, _, _ = made("macarthur-bataan", "en")
    titles = [s.title.en for s in ROOT.sheets("macarthur-bataan")]
    with pdfplumber.open(path) as pdf:
        feet = [(p.extract_text() or "").splitlines()[-1] for p in pdf.pages]
    assert all("MacArthur" in f for f in feet)
    named = [sorted((t for t in titles if t in f), key=f.index) for f in feet]
    assert all(named)
    # sheets in data order; a sheet begins under the one before where that page has room
    # (issue 22: fewer, fuller pages), and the footer names every sheet on its page
    assert list(dict.fromkeys(t for n in named for t in n)) == titles
    assert any(len(n) > 1 for n in named)


@pytest.mark.slow
@pytest.mark.parametrize("paper,size", [("a3", (842, 1191)), ("tabloid", (792, 1224))])
def test_large_papers_redo_the_layout(made, paper, size):
    path, boxes, _ = made("macarthur-bataan", "en", paper)
    small, _, _ = made("macarthur-bataan", "en")
    with pdfplumber.open(path) as pdf, pdfplumber.open(small) as a4:
        assert sorted(round(x) for x in (pdf.pages[0].width, pdf.pages[0].height)) == sorted(size)
        assert len(pdf.pages) < len(a4.pages)


@pytest.mark.slow
def test_build_only_charts_writes_the_chart_sets_and_no_other_aid(cli_in, tmp_path, fixture_data):
    out = tmp_path / "out"
    r = cli_in("--data", fixture_data, "--no-builtin", "build", "--out", out, "--only", "charts", "--lang", "en")
    assert r.returncode == 0, r.stderr
    pdfs = sorted(p.relative_to(out).as_posix() for p in out.rglob("*.pdf"))
    assert "demo-game/charts.en.a4.pdf" in pdfs
    assert not [p for p in pdfs if "summary" in p or "turns/" in p or "setups/" in p or "glossary" in p]


@pytest.mark.slow
def test_paired_rows_are_ruled_heavier_and_the_seeds_column_heading_sits_over_the_grid(made):
    """Okinawa 5.3: the fleet damage table prints a sunk and a damaged line per fleet under
    one heading over the hit columns (命中ナンバー): five pairs, four heavier rules between."""
    for lang, heading in (("en", "Number of hits"), ("ja", "命中ナンバー")):
        path, boxes, _ = made("okinawa", lang)
        box = next(b for b in boxes if b.table == "fleet-damage")
        with pdfplumber.open(path) as pdf:
            page = pdf.pages[box.page - 1]
            heavy = {round(e["top"]) for e in page.edges if e["orientation"] == "h" and e.get("linewidth", 0) >= 1.4
                     and box.top + 3 < e["top"] < box.bottom - 3 and box.x0 <= e["x0"] + 1}
            above = page.crop((box.x0, box.top - 16, box.x1, box.top + 1)).extract_text() or ""
        assert len(heavy) == 4, sorted(heavy)
        assert heading.replace(" ", "") in above.replace(" ", "")


@pytest.mark.slow
def test_a_table_of_the_schemas_most_columns_is_drawn_its_words_cut(cli_in, tmp_path, fixture_data):
    """A user's table of 40 wide columns (the schema's most): no layout takes its words whole,
    even turned at 7 pt, so they are cut by character (issue 25 item 12: whatever the schema
    accepts is drawn; this was 'too wide for A4 paper'). Every cell is drawn, inside the page."""
    import yaml

    root = tmp_path / "data"
    shutil.copytree(fixture_data / "demo-game", root / "demo-game")
    doc = {"id": "huge", "title": {"ja": "巨大表", "en": "Huge"}, "rule": "7.3",
           "columns": [str(i) for i in range(1, 41)], "rows": [{"label": "A", "cells": ["XXXXXXXXXXXX"] * 40}]}
    (root / "demo-game" / "tables" / "huge.yaml").write_text(yaml.safe_dump(doc, allow_unicode=True), encoding="utf-8")
    r = cli_in("--data", root, "--no-builtin", "build", "--out", tmp_path / "out", "--only", "charts", "--lang", "en")
    assert r.returncode == 0, r.stderr
    for pdf in (tmp_path / "out" / "demo-game" / "charts" / "huge.en.a4.pdf", tmp_path / "out" / "demo-game" / "charts.en.a4.pdf"):
        assert not [f.line() for f in preflight.check(pdf)], pdf
        with pdfplumber.open(pdf) as p:
            assert sum(c["text"] == "X" for page in p.pages for c in page.chars) == 40 * 12


@pytest.mark.slow
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_long_bilingual_sheet_title_never_overprints_the_game_title(made, paper):
    """ASL, both languages, portrait: '洞窟・駄載砲チャート / Caves and animal-pack guns chart'
    and the game's two-language title do not fit one line: the game title is left to the
    footer (CI's full build found them overprinted)."""
    path, _, _ = made("asl-chapter-g", "both", paper)
    assert not [f.line() for f in preflight.check(path)]


@pytest.mark.slow
def test_a_bilingual_sheet_composes_its_titles_and_draws_every_glyph(made):
    """Issue 22: the footer once drew the raw 'ja\\nen' sheet title (a .notdef box between the
    languages), and a heading read '射撃戦闘表 Fire Combat Table：/：修正 / Modifiers'."""
    from playaids.render import cards

    path, _, _ = made("okinawa", "both")
    findings = [f.what for f in preflight.check(path)]
    assert not [w for w in findings if "no glyph" in w or "before its start" in w or "kinsoku" in w], findings
    table = ROOT.table("okinawa", "fire-combat")
    assert cards.heading(table, PageSpec(lang="both")) == "射擊戦闘表：修正 / Fire Combat Table: Modifiers"
    assert cards.heading(table, PageSpec(lang="both"), cont=True) == \
        "射擊戦闘表：修正（続き） / Fire Combat Table: Modifiers (continued)"
    with pdfplumber.open(path) as pdf:
        feet = [(p.extract_text() or "").splitlines()[-1] for p in pdf.pages]
    assert "地上戦闘チャート / Ground combat chart" in feet[0]


@pytest.mark.sample
@pytest.mark.parametrize("gid,lang", [("amigos-insurrectors", "en"), ("macarthur-bataan", "ja"),
                                      ("rgi-macarthur", "en"), ("okinawa", "ja")])
def test_a_continued_piece_follows_its_start_and_the_shading_key_is_printed_once_a_sheet(made, gid, lang):
    """The sets the issue found a '(continued)' piece in before its start (page, column, top)."""
    from playaids.render import cards

    path, _, _ = made(gid, lang)
    with pdfplumber.open(path) as pdf:
        lines = [preflight.kinsoku.page_lines(p) for p in pdf.pages]
        wide = [preflight.wide_boxes(p) for p in pdf.pages]
    assert preflight.continued_before_start(lines, str(path), wide) == []
    key = (cards.DOUBTFUL_KEY_EN if lang == "en" else cards.DOUBTFUL_KEY_JA)[:12]
    sheets = ROOT.sheets(gid)
    noted = sum(any(ROOT.table(gid, t).cell_notes() for t in s.tables) for s in sheets)
    assert sum(ln.text.startswith(key) for page in lines for ln in page) == noted


@pytest.mark.slow
def test_the_modifiers_label_goes_over_with_its_grid(tmp_path, cli_in):
    """Okinawa's Allied Air Strike Table was cut at page 3's foot under its "Modifiers" label,
    the grid alone on page 4, where check-table read it as rows of the table it continues."""
    pdf = tmp_path / "charts.en.a4.pdf"
    assert cli_in("charts", "okinawa", "--lang", "en", "-o", pdf).returncode == 0
    with pdfplumber.open(pdf) as doc:
        for page in doc.pages:
            words = page.extract_words()
            for w in (w for w in words if w["text"] == "Modifiers"):
                below = [v for v in words if 0 < v["top"] - w["bottom"] < 20 and abs(v["x0"] - w["x0"]) < 150]
                assert below, f"p. {page.page_number}: 'Modifiers' at the foot of a column, its grid elsewhere"
    r = cli_in("check-table", "okinawa", "allied-air-strike", pdf)
    assert r.returncode == 0 and "equal, 15 rows" in r.stdout.decode(), r.stdout.decode()


@pytest.mark.slow
def test_a_sheets_last_page_is_balanced_so_the_next_sheet_finds_its_room(made):
    """MacArthur's bilingual Letter set: the Forces sheet ended on page 8 with its Japanese
    Forces piece down the left column, the right column empty, and the Victory sheet began
    under it: page 8 50 % used (the full build's preflight). The last page of a sheet is
    balanced: its columns end as evenly as they can."""
    path, _, _ = made("macarthur-bataan", "both", "letter")
    assert not [f.line() for f in preflight.check(path)]


def test_balancing_packs_a_last_page_into_the_lowest_height_that_holds_it():
    """chartsheet._balanced: the page's blocks repacked into a shorter height whose columns end
    higher; a short last page, or one no shorter height holds, is left as it was."""
    from reportlab.platypus import Spacer

    spec = PageSpec(paper="a4", lang="en")
    game = ROOT.game("rgi-macarthur", with_tables=False)
    maker = chartsheet._Maker(spec, game)
    table = ROOT.table("rgi-macarthur", "retreat")

    def block(h):
        s = Spacer(100, h)
        s.wrap(100, 1e6)
        return chartsheet._Block(table, 1, 100.0, [s])

    blocks = [block(300), block(300), block(300)]   # three whole blocks, none can be cut
    page = chartsheet._fill_page(list(blocks), 2, 100.0, 1000.0, maker, 0.0)
    assert chartsheet._bottom(page) == pytest.approx(606.0)   # two in the first column, one in the second
    balanced = chartsheet._balanced(blocks, page, 2, 100.0, 1000.0, maker, 0.0)
    assert chartsheet._bottom(balanced) == pytest.approx(606.0)   # no shorter page holds three of 300
    two = [block(500), block(100)]
    page = chartsheet._fill_page(list(two), 2, 100.0, 1000.0, maker, 0.0)
    assert chartsheet._bottom(page) == pytest.approx(500.0)
    assert chartsheet._balanced(two, page, 2, 100.0, 1000.0, maker, 0.0) == page
    short = [block(100), block(100)]
    page = chartsheet._fill_page(list(short), 2, 100.0, 1000.0, maker, 0.0)
    assert chartsheet._balanced(short, page, 2, 100.0, 1000.0, maker, 0.0) is page   # a short page: as it was


@pytest.mark.slow
def test_a_set_whose_last_page_would_hold_a_few_lines_is_set_closer(tmp_path):
    """Amigos' English A4 set with the print shop's grayscale: laid out at the usual leading its
    ninth page would hold a few lines (the Japanese set was the case until its notes' lists were
    set an item a line). A set whose last page would hold a few lines is set closer (notes'
    leading, the gap between blocks) when that saves the page."""
    game = ROOT.game("amigos-insurrectors")
    spec = PageSpec(paper="a4", lang="en", grayscale=True, bleed_mm=3.0, crop_marks=True)
    first = chartsheet._chosen([(s, [game.tables[t] for t in s.tables], s.title.en) for s in ROOT.sheets(game.id)],
                               chartsheet._Maker(dataclasses.replace(spec, margin_mm=chartsheet.MARGIN_MM), game),
                               dataclasses.replace(spec, margin_mm=chartsheet.MARGIN_MM))
    assert len(first) == 9   # the usual setting: a ninth page of a few lines
    path = tmp_path / "amigos-insurrectors.charts.en.a4.pdf"
    path.write_bytes(chartsheet.render(game, ROOT.sheets("amigos-insurrectors"), game.tables, spec))
    assert not [f.line() for f in preflight.check(path)]
    with pdfplumber.open(path) as pdf:
        assert len(pdf.pages) == 8


def _text_block(maker, lines: int):
    """A block of a spacer (its band) and a text of `lines` lines, as a chart sheet's notes."""
    from reportlab.platypus import Spacer

    from playaids.render.lines import Lines

    table = ROOT.table("rgi-macarthur", "retreat")
    flows = [Spacer(100, 20)] * (1 + bool(table.key)) + [
        Lines("x", chartsheet.TEXT, lines=[f"line {k}" for k in range(lines)], leading=maker.leading, after=0.0)]
    for f in flows:
        f.wrap(100, 1e6)
    return chartsheet._Block(table, 1, 100.0, flows)


def test_text_cut_at_a_column_end_leaves_no_widow_and_no_orphan():
    """Issue 22: no piece of notes continued for one or two lines ("units made an amphibious
    operation. (Rule 10.8)" alone under its band: a reader finds a '(continued)' holding a
    sentence's tail), none left behind for one line: the cut moves up, or the text goes on
    whole, and a note of six lines or fewer is never cut (issue 22: 「合 (ルール 10.8)」 alone under
    its band was a page saved by cutting anywhere; no such last resort is left)."""
    maker = chartsheet._Maker(PageSpec(lang="en"), ROOT.game("rgi-macarthur", with_tables=False))
    line = chartsheet.TEXT * maker.leading
    block = _text_block(maker, 10)
    head = sum(chartsheet._h(f) + chartsheet._after(f) for f in block.flows[:-1])
    part, rest = chartsheet._split(block, head + 9 * line + 1, maker, whole_grids=True)   # room for 9 lines
    assert len(part.flows[-1].lines) == 7 and len(rest.flows[-1].lines) == 3
    part, rest = chartsheet._split(block, head + 8 * line + 1, maker, whole_grids=True)   # room for 8 lines
    assert len(part.flows[-1].lines) == 7 and len(rest.flows[-1].lines) == 3
    part, rest = chartsheet._split(block, head + 1 * line + 1, maker, whole_grids=True)   # room for 1 line
    assert part is None and rest is block
    part, rest = chartsheet._split(block, head + 5 * line + 1, maker, whole_grids=True)   # a fair cut: as it was
    assert len(part.flows[-1].lines) == 5 and len(rest.flows[-1].lines) == 5
    short = _text_block(maker, 6)
    part, rest = chartsheet._split(short, head + 4 * line + 1, maker, whole_grids=True)   # room for 4 of its 6
    assert part is None and rest is short


def test_a_bilingual_note_is_never_cut_into_an_english_tail():
    """A pair set side by side (ja | en) is cut between its lines only when it is long and each
    language keeps two lines on each side: the Corregidor note's English went on alone under a
    '(continued)' band, its Japanese ended above (issue 22)."""
    from playaids.render.lines import Paired

    size = 8.0
    lead = size * 1.15
    uneven = Paired((), size, rows=[(["ja"] * 3, ["en"] * 9, False)])
    assert uneven.split(300, 5 * lead + 0.1) == []          # the cut would leave English alone
    even = Paired((), size, rows=[(["ja"] * 9, ["en"] * 10, False)])
    head, rest = even.split(300, 5 * lead + 0.1)
    assert [len(x) for x in head.rows[0][:2]] == [5, 5] and [len(x) for x in rest.rows[0][:2]] == [4, 5]
    short = Paired((), size, rows=[(["ja"] * 5, ["en"] * 6, False)])
    assert short.split(300, 4 * lead + 0.1) == []            # six lines: it goes on whole


def test_a_bilingual_note_set_one_language_under_the_other_is_never_cut():
    """In a column too narrow for ja | en side by side, a note is its Japanese, then its English:
    any cut leaves one language alone under the '(continued)' band (MacArthur's 10.2.7 went on in
    English only), so it goes on whole, however long."""
    maker = chartsheet._Maker(PageSpec(lang="both"), ROOT.game("rgi-macarthur", with_tables=False))
    line = chartsheet.TEXT * maker.leading
    block = _text_block(maker, 14)
    head = sum(chartsheet._h(f) + chartsheet._after(f) for f in block.flows[:-1])
    part, rest = chartsheet._split(block, head + 9 * line + 1, maker, whole_grids=True)
    assert part is None and rest is block
    english = chartsheet._Maker(PageSpec(lang="en"), ROOT.game("rgi-macarthur", with_tables=False))
    part, rest = chartsheet._split(_text_block(english, 14), head + 9 * line + 1, english, whole_grids=True)
    assert len(part.flows[-1].lines) == 9 and len(rest.flows[-1].lines) == 5   # one language: cut
