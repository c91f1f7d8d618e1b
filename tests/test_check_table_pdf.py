"""The chart cards this project renders check equal against their own data, read back from
the PDF with pdfplumber: every table of one game in ja and en, and a modifiers grid."""
import pytest

from playaids.checker import Glossary, check_file
from playaids.render import cards
from playaids.render.page import PageSpec
from playaids.repository import Repository

ROOT = Repository.builtin()
GAME = "rgi-macarthur"
TABLES = ROOT.table_ids(GAME)


@pytest.fixture(scope="module")
def game():
    return ROOT.game(GAME, with_tables=False)


@pytest.mark.sample(6)
@pytest.mark.parametrize("table_id", TABLES)
@pytest.mark.parametrize("lang", ["ja", "en"])
def test_card_checks_equal(table_id, lang, game, tmp_path):
    table = ROOT.table(GAME, table_id)
    if not table.grid.columns:
        pytest.skip("no grid in the source (missing:)")
    pdf = tmp_path / f"{table_id}-{lang}.pdf"
    pdf.write_bytes(cards.render(table, game, PageSpec(lang=lang)))
    cmp = check_file(table, pdf, Glossary(game.glossary))
    assert cmp.equal, [d.as_dict() for d in cmp.differences]
    assert cmp.found.raw.kind == "pdf" and cmp.grid_name == "main"
    assert len(cmp.found.rows) == len(table.grid.rows)
    assert cmp.lang == lang or all(c.ja == c.en for c in table.grid.columns)


def test_modifiers_grid_on_a_page(tmp_path):
    game = ROOT.game("okinawa", with_tables=False)
    table = ROOT.table("okinawa", "kamikaze-hits")
    pdf = tmp_path / "kamikaze-hits.pdf"
    pdf.write_bytes(cards.render(table, game, PageSpec(lang="ja", paper="letter")))
    main = check_file(table, pdf, page=1, index=1)
    mods = check_file(table, pdf, page=1, index=2)
    assert (main.grid_name, main.equal) == ("main", True)
    assert (mods.grid_name, mods.equal) == ("modifiers", True)
    assert [r.label for r in mods.found.rows] == ["ピケット駆逐艦", "英国空母群"]


def _piece(page, rows, title="", band=False):
    from playaids.pdfread import PdfTable

    return PdfTable(page, 1, [list(r) for r in rows], title, band, [page])


def test_a_block_cut_between_its_grids_keeps_the_modifiers_apart():
    """Okinawa's Allied Air Strike Table on the English A4 chart set: the grid ends a page, the
    die-roll modifiers open the next under the band '(continued)'. They were joined to the grid
    as 7 extra rows (check-table on our own chart set: 7 false differences)."""
    from playaids.pdfread import join_continued

    grid = [["Dice roll", "Sakishima", "Amami"], ["0", "0 / 0", "0 / 0"], ["1", "0 / 0", "0 / 5"]]
    mods = [["Die-roll modifiers", "DRM"], ["B-29 participating", "+1"]]
    band = "Allied Air Strike Table Rule 5.1 · Dice 2d6"
    cont = "Allied Air Strike Table (continued) Rule 5.1 · Dice 2d6"
    out = join_continued([_piece(3, grid, band, True), _piece(4, mods, cont, True)])
    assert [t.rows for t in out] == [grid, mods] and out[1].title == cont
    # the grid itself continued (its header repeated) is joined, the header once
    out = join_continued([_piece(3, grid[:2], band, True), _piece(4, [grid[0], grid[2]], cont, True)])
    assert [t.rows for t in out] == [grid] and out[0].pages == [3, 4]
    # the modifiers grid begun under the table's grid and continued: joined to the modifiers
    more = [mods[0], ["Evasion marker on the target", "-#"]]
    out = join_continued([_piece(3, grid, band, True), _piece(3, mods, "Modifiers"), _piece(4, more, cont, True)])
    assert [t.rows for t in out] == [grid, mods + more[1:]]
