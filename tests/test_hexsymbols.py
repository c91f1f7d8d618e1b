"""Map symbols a legend draws (`draw:` on a label): the CCSS legend's cave, complex boundary and
tunnel (G18) as drawings on its card, their words read back; an unknown symbol is an error at
its line."""
import shutil

import pdfplumber
import pytest

from playaids.errors import DataError
from playaids.render import cards
from playaids.render.page import PageSpec
from playaids.repository import Repository
from roundtrip import assert_round_trip

ROOT = Repository.builtin()


def _rows_with_red_dashes(pdf_path):
    """The rows of the card's table whose label cell holds a red stroke (the dashed boundary)."""
    with pdfplumber.open(pdf_path) as pdf:
        page = pdf.pages[0]
        table = page.find_tables()[0]
        red = [e for e in page.lines + page.curves
               if e.get("stroking_color") and tuple(e["stroking_color"])[:3] == (1, 0, 0)]
        out = []
        for k, row in enumerate(table.rows):
            x0, top, x1, bottom = row.cells[0]
            if any(x0 <= e["x0"] and e["x1"] <= x1 and top <= e["top"] and e["bottom"] <= bottom for e in red):
                out.append(k)
        return out, table.extract()


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_the_ccss_legend_card_draws_the_boundary_and_reads_back(tmp_path, lang):
    game = ROOT.game("asl-chapter-g", with_tables=False)
    table = ROOT.table("asl-chapter-g", "ccss-legend")
    pdf = assert_round_trip(table, game, lang, tmp_path)   # every cell's words as the data gives them
    rows, cells = _rows_with_red_dashes(pdf)
    names = [" ".join(r[1].split()) for r in cells]   # a name wrapped in its cell reads as one line
    assert [names[k] for k in rows] == [{"ja": "複合洞窟の境界線", "en": "Cave-complex boundary"}[lang]]


def test_a_grayscale_card_draws_the_boundary_black(tmp_path):
    table = ROOT.table("asl-chapter-g", "ccss-legend")
    path = tmp_path / "g.pdf"
    path.write_bytes(cards.render(table, ROOT.game("asl-chapter-g", with_tables=False),
                                  PageSpec(lang="en", paper="a4", grayscale=True)))
    assert _rows_with_red_dashes(path)[0] == []


def test_an_unknown_symbol_is_an_error_at_its_line(tmp_path, fixture_data):
    root = tmp_path / "data"
    shutil.copytree(fixture_data, root)
    path = root / "demo-game" / "tables" / "results.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace('- label: "4"', '- label: {text: "4", draw: panji}'), encoding="utf-8")
    with pytest.raises(DataError) as e:
        Repository.of(root).table("demo-game", "results")
    assert "results.yaml:10" in str(e.value) and "draw" in str(e.value), str(e.value)
