"""Bilingual grids (issue 22): a short Japanese/English pair may go on one line ("平地　Clear"),
but a column never mixes such pairs with stacked ones, nor does the header row."""
import pdfplumber
import pytest

from playaids.render import cards, grid
from playaids.render.page import PageSpec
from playaids.repository import Repository

REPO = Repository.builtin()
TABLES = [(g, t) for g in REPO.game_ids() for t in REPO.table_ids(g)]


def _groups(texts):
    width = max(len(r) for r in texts)
    yield [(0, j) for j in range(width)]
    for j in range(width):
        yield [(i, j) for i in range(1, len(texts))]


@pytest.mark.parametrize("game,table", TABLES)
def test_a_column_is_side_by_side_whole_or_stacked_whole(game, table):
    t = REPO.table(game, table)
    for g in grid.drawn_grids(t):
        texts, strings = grid.grid_texts(g), grid.grid_strings(g, "both", joined=True)
        for group in _groups(texts):
            forms = {grid.PAIR_SPACE in strings[i][j] for i, j in group
                     if j < len(texts[i]) and grid._bilingual(texts[i][j]) and strings[i][j] is not None}
            assert len(forms) <= 1, (table, group[0], [strings[i][j] for i, j in group if j < len(strings[i])])


def test_the_crt_modifiers_stack_every_label_when_one_must(tmp_path):
    """MacArthur's die-roll modifiers: 'Enemy on 4+ sides / attacking together with' cannot share
    a line with its Japanese, so no label of that column does ('*ユニット' over '* unit')."""
    table = REPO.table("macarthur-bataan", "crt")
    path = tmp_path / "crt.pdf"
    path.write_bytes(cards.render(table, REPO.game("macarthur-bataan", with_tables=False), PageSpec(lang="both")))
    with pdfplumber.open(path) as pdf:
        lines = [ln["text"] for p in pdf.pages for ln in p.extract_text_lines()]
    assert "*ユニット" in [ln.strip() for ln in lines] and not any(ln.startswith("*ユニット * unit") for ln in lines)
