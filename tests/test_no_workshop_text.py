"""What a player reads carries no workshop text (issue 13): no "garbled", "symbol lost", seed
file names or line numbers in any printed string of a table (grids, legends, notes, titles,
keys); those belong to the source notes, printed in Sources and reconstructions."""
import re

import pytest

from playaids.repository import Repository

ROOT = Repository.builtin()
WORKSHOP = re.compile(r"garbled|symbol lost|extraction|\bl\. ?\d|\.txt\b|\bseed\b|欠落|文字化け")


def _printed(table):
    texts = [table.title, table.missing, table.key]
    for g in (table.grid, table.modifiers):
        if g is None:
            continue
        texts += [g.corner, *g.columns]
        for r in g.rows:
            texts += [r.label, *[c for c in r.cells if c is not None]]
    texts += [e.code for e in table.legend] + [e.text for e in table.legend] + [n.text for n in table.notes]
    return [s for t in texts if t is not None for s in (t.ja, t.en)]


@pytest.mark.sample
@pytest.mark.parametrize("game", ROOT.game_ids())
def test_printed_table_text_has_no_workshop_words(game):
    found = []
    for tid in ROOT.table_ids(game):
        for s in _printed(ROOT.table(game, tid)):
            if m := WORKSHOP.search(s):
                found.append(f"{tid}: {m.group()!r} in {s[:80]!r}")
    assert not found, found


def _as_printed(table):
    """Every string a card or chart sheet prints of a table, as the renderers print it."""
    from playaids.render import cards, grid
    from playaids.render.page import PageSpec

    out = []
    for lang in ("ja", "en"):
        out.append(cards.heading(table, PageSpec(lang=lang)))
        if table.key:
            out.append(cards.key_text(table, lang))
        for g in grid.drawn_grids(table):
            out += [s for row in grid.grid_strings(g, lang) for s in row if s]
        out += [cards.legend_text(e, lang) for e in table.legend]
        out += [cards.note_text(n, lang) for n in cards.player_notes(table)]
    return out


@pytest.mark.parametrize("game", ROOT.game_ids())
def test_no_makers_remark_reaches_a_player(game):
    """Issue 22: the designer's Q&A, translator's, Consim and BG remarks, ids stay off the aids
    (the lexicon of playaids/workshop.py, the one the preflight reads pages with)."""
    from playaids import workshop

    found = [f"{tid}: {hit} in {s[:80]!r}" for tid in ROOT.table_ids(game)
             for s in _as_printed(ROOT.table(game, tid)) if (hit := workshop.find(s))]
    assert not found, found


def test_the_remarks_go_to_the_sources_appendix():
    from playaids.render import cards, grid, sources

    table = ROOT.table("amigos-insurrectors", "leader-abilities")
    cell = grid.grid_strings(table.grid, "en")[1][2]
    assert cell.startswith("In one combat, cancels 1 hit suffered from the enemy.")
    assert grid.grid_strings(table.grid, "ja")[1][2].startswith("一回の戦闘において、敵側から")
    remarks = dict(sources.remarks(table))
    assert "(translator's note: not each combat round)" in remarks[
        "† (H) × Effect, a remark not printed on the aids (marked † there)"]
    # issue 22: the cell the remark was taken out of carries its mark, and the card says what it means
    assert [row[2] for row in grid.grid_strings(table.grid, "en") if row[2] and row[2].endswith(" †")]
    assert cards.marked(table) and not cards.marked(ROOT.table("okinawa", "fleet-damage"))
    seq = ROOT.table("amigos-insurrectors", "combat-sequence")
    assert not any("I'm sorry" in n.text.en for n in cards.player_notes(seq))
    assert any("I'm sorry if the references are unclear" in r for _, r in sources.entries(seq))
