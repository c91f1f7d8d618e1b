"""Chart-card rendering time: one card in a warm process, and every card of a game.

Run: .venv/bin/python bench/bench_cards.py [GAME]   (target: one card <= 50 ms warm)
"""
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from playaids import repository  # noqa: E402
from playaids.render import cards  # noqa: E402
from playaids.render.page import PageSpec  # noqa: E402


def main(game_id="macarthur-bataan", table_id="crt"):
    root = repository.open_data()
    game = root.game(game_id)
    table = game.tables.get(table_id) or next(iter(game.tables.values()))
    spec = PageSpec(lang="ja")
    cards.render(table, game, spec)  # warm: fonts registered, modules imported
    n = 20
    t0 = time.perf_counter()
    for _ in range(n):
        cards.render(table, game, spec)
    one = (time.perf_counter() - t0) / n
    t0 = time.perf_counter()
    count = 0
    for t in game.tables.values():
        for lang in ("ja", "en", "both"):
            cards.render(t, game, PageSpec(lang=lang))
            count += 1
    every = time.perf_counter() - t0
    print(f"| benchmark | value |\n|---|---|")
    print(f"| one card ({game_id}/{table.id}, ja, warm) | {one * 1000:.1f} ms (target <= 50 ms) |")
    print(f"| all {count} cards of {game_id} (ja, en, both) | {every:.2f} s |")


if __name__ == "__main__":
    main(*sys.argv[1:])
