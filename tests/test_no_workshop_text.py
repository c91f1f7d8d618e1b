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


@pytest.mark.parametrize("game", ROOT.game_ids())
def test_printed_table_text_has_no_workshop_words(game):
    found = []
    for tid in ROOT.table_ids(game):
        for s in _printed(ROOT.table(game, tid)):
            if m := WORKSHOP.search(s):
                found.append(f"{tid}: {m.group()!r} in {s[:80]!r}")
    assert not found, found
