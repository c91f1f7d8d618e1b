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
