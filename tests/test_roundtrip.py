"""Every table of every game, rendered in ja, en and both, reads back cell for cell."""
import pytest

from playaids import load
from roundtrip import assert_round_trip

ROOT = load.DEFAULT_DATA
CASES = [(g, t) for g in load.game_ids(ROOT) for t in load.table_ids(ROOT, g)]


@pytest.fixture(scope="module")
def games():
    return {}


@pytest.mark.parametrize("game_id,table_id", CASES)
@pytest.mark.parametrize("lang", ["ja", "en", "both"])
def test_card_reads_back(game_id, table_id, lang, tmp_path, games):
    if game_id not in games:
        games[game_id] = load.load_game(ROOT, game_id, with_tables=False)
    table = load.load_table(ROOT, game_id, table_id)
    assert_round_trip(table, games[game_id], lang, tmp_path)


def test_fixture_round_trip_letter(tmp_path, fixture_data):
    game = load.load_game(fixture_data, "demo-game")
    for lang in ("ja", "en", "both"):
        assert_round_trip(game.tables["results"], game, lang, tmp_path, paper="letter")
