"""Ids on the command line (issue 24): a mistyped game, table, scenario or command names the
closest known ones; `data validate` on a game folder says to give its parent; counts read right."""
import pytest

from playaids.errors import did_you_mean


def _line(r):
    assert r.returncode == 2, r.stdout
    line = r.stderr.decode().strip()
    assert "\n" not in line
    return line


@pytest.mark.parametrize("args, says", [
    (["table", "okinawa", "fleet-damge"], "unknown table of okinawa 'fleet-damge'; did you mean fleet-damage"),
    (["table", "okinowa", "fleet-damage"], "unknown game 'okinowa'; did you mean okinawa?"),
    (["scenario", "okinawa", "campain"], "unknown scenario of okinawa 'campain'; did you mean campaign?"),
    (["turns", "macarthur-bataan", "historicl"], "did you mean historical?"),
    (["list", "okinawa", "--units", "campain"], "did you mean campaign?"),
    (["check-table", "okinawa", "kamikaze-hit", "-"], "did you mean kamikaze-hits?"),
    (["build", "asl-chapter", "--out", "unused"], "unknown game 'asl-chapter'; did you mean asl-chapter-g?"),
    (["verfy", "x.yaml"], "Did you mean 'verify'?"),
    (["coverage", "okinaw"], "unknown game 'okinaw'; did you mean okinawa?"),   # was "okinaw has no coverage ledger"
    (["build", "okinawa", "--only", "chart"], "'chart' is not one of 'charts', 'odds', 'summaries', 'turns', "
                                              "'setups', 'ccss'; did you mean charts? (playaids build)"),
    (["data", "schema", "tabel"], "; did you mean table? (playaids data schema)"),
    (["coverage", "okinawa", "--status", "uncheked"], "did you mean unchecked or checked?"),
])
def test_a_mistyped_id_names_the_closest(args, says, cli_in):
    assert says in _line(cli_in(*args))


def test_no_suggestion_when_nothing_is_close(cli_in):
    line = _line(cli_in("table", "okinawa", "zzzz"))
    assert "did you mean" not in line and "(known: allied-air-defense" in line
    line = _line(cli_in("table", "okinawa", "fleet-damage", "--format", "zzz"))
    assert line == ("playaids: Invalid value for '--format': 'zzz' is not one of 'csv', 'json', 'md', 'xlsx', "
                    "'pdf', 'png'. (playaids table); see --help")


def test_did_you_mean_ignores_case_and_ranks():
    assert did_you_mean("Fleet-Damage", ["fleet-damage", "fleet-targets"])[0] == "fleet-damage"
    assert did_you_mean("crt", ["victory-matrix", "chits"]) == []


def test_validate_on_a_game_folder_says_to_give_its_parent(tmp_path, cli_in):
    from tests.conftest import ROOT

    line = _line(cli_in("data", "validate", ROOT / "data" / "okinawa"))
    assert line == (f"{ROOT / 'data' / 'okinawa'}: is a game folder: give the folder that holds it "
                    f"(playaids data validate {ROOT / 'data'})")
    assert _line(cli_in("data", "validate", tmp_path)).endswith("no game folder here (a game is a folder holding game.yaml)")


def test_one_game_is_singular(tmp_path, cli_in):
    import shutil

    from tests.conftest import ROOT

    shutil.copytree(ROOT / "data" / "rgi-macarthur", tmp_path / "rgi-macarthur")
    r = cli_in("data", "validate", tmp_path)
    assert r.returncode == 0 and r.stdout.decode() == "1 game valid: rgi-macarthur\n"


def test_counted_words():
    from playaids.words import count

    assert [count(1, "game"), count(2, "game"), count(0, "PDF"), count(1, "finding")] == \
        ["1 game", "2 games", "0 PDFs", "1 finding"]
