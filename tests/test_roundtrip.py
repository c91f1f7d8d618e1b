"""Every table of every game, rendered as a card in both languages (the widest cells: Japanese
over English), reads back cell for cell (make test: every fourth table of the list; CI,
PLAYAIDS_FULL=1: every table). Japanese and English alone are read back from the chart sets
(tests/test_chart_sets.py: the same grid drawing, packed on the sheet), and here for the
fixture on Letter."""
import os

import pytest

from playaids.repository import Repository
from roundtrip import assert_round_trip

ROOT = Repository.builtin()
CASES = [(g, t) for g in ROOT.game_ids() for t in ROOT.table_ids(g)]
CASES = CASES if os.environ.get("PLAYAIDS_FULL") else CASES[::4]


@pytest.fixture(scope="module")
def games():
    return {}


@pytest.mark.sample
@pytest.mark.parametrize("game_id,table_id", CASES)
@pytest.mark.parametrize("lang", ["both"])
def test_card_reads_back(game_id, table_id, lang, tmp_path, games):
    if game_id not in games:
        games[game_id] = ROOT.game(game_id, with_tables=False)
    table = ROOT.table(game_id, table_id)
    assert_round_trip(table, games[game_id], lang, tmp_path)


def test_fixture_round_trip_letter(tmp_path, fixture_data):
    game = Repository.of(fixture_data).game("demo-game")
    for lang in ("ja", "en", "both"):
        assert_round_trip(game.tables["results"], game, lang, tmp_path, paper="letter")
