"""Issue 15: one scenario list per game - every command takes the ids `list GAME --scenarios` prints."""
import pytest

from conftest import run_cli
from playaids.repository import Repository

ROOT = Repository.builtin()
GAMES = ["macarthur-bataan", "rgi-macarthur", "amigos-insurrectors", "okinawa"]


@pytest.mark.sample
@pytest.mark.parametrize("gid", GAMES)
def test_turn_record_has_exactly_the_scenario_ids(gid):
    listed = run_cli("list", gid, "--scenarios", "--format", "ids")
    assert listed.returncode == 0
    ids = listed.stdout.decode().split()
    assert ids == ROOT.scenario_ids(gid)
    assert sorted(s.id for s in ROOT.turns(gid).scenarios) == sorted(ids)


@pytest.mark.slow
def test_turns_accepts_historical(tmp_path):
    # the failure the issue names: turn records used `standard`
    r = run_cli("turns", "macarthur-bataan", "historical", "--lang", "en", "-o", tmp_path / "t.pdf")
    assert r.returncode == 0, r.stderr
    r = run_cli("turns", "rgi-macarthur", "bataan-retreat", "--lang", "en", "--format", "svg", "-o", tmp_path / "t.svg")
    assert r.returncode == 0, r.stderr


@pytest.mark.parametrize("gid", GAMES)
def test_a_scenario_has_one_name_on_every_aid(gid):
    """A reviewer found Okinawa's setup sheet naming "Scenario 1: The Battle Begins" and its
    turn record "Scenario 1: the opening of the death struggle": the turn record and the
    scenario file give each scenario the same name, in each language."""
    for span in ROOT.turns(gid).scenarios:
        title = ROOT.scenario(gid, span.id).title
        assert (span.name.ja, span.name.en) == (title["ja"], title["en"]), span.id
