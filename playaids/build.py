"""`playaids build`: every aid of every game into OUT/<game>/."""
from __future__ import annotations

from pathlib import Path

from playaids import atomic, load
from playaids.render import cards
from playaids.render.page import PageSpec


def build(root, out: Path, games, langs, papers, grayscale=False) -> str:
    ids = games or load.game_ids(root)
    count = 0
    for gid in ids:
        game = load.load_game(root, gid)
        for t in game.tables.values():
            for paper in papers:
                for lang in langs:
                    spec = PageSpec(paper=paper, lang=lang, grayscale=grayscale)
                    path = out / gid / "charts" / f"{t.id}.{lang}.{paper}.pdf"
                    atomic.write_bytes(path, cards.render(t, game, spec))
                    count += 1
    from playaids import docbuild  # turn records, rule summaries, glossaries (issue 5)

    written, unchanged = docbuild.build(root, out, ids, langs, papers, grayscale)
    count += written
    return f"built {count} files for {len(ids)} games in {out}" + (f" ({unchanged} documents unchanged)" if unchanged else "")
