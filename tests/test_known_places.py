"""Places are known (issue 21): every place a setup or a scenario names resolves against the
game's map data, or is an error at its line with the places it may have meant; never
`unchecked`, which is kept for facts the rules do not give."""
from __future__ import annotations

import shutil

import pytest

from conftest import ROOT, run_in
from playaids import setupreader
from playaids.engine import api, setupfile
from playaids.repository import Repository

DATA = Repository(ROOT / "data")


def _setup_file(tmp_path, game, scenario, seed, edit):
    setup = api.generate(DATA, game, scenario, seed)
    edit(setup)
    path = tmp_path / "s.yaml"
    path.write_text(setupfile.dump(setup), encoding="utf-8")
    return path


def _move(unit, to):
    def edit(setup):
        next(p for p in setup.placements if p.unit == unit).at = to
    return edit


@pytest.mark.parametrize("game,scenario,unit,to,words", [
    ("macarthur-bataan", "solitaire", "p-35", "del-carmenn", "unknown place 'del-carmenn' (did you mean "
                                                             "'del-carmen'"),
    ("macarthur-bataan", "historical", "p-35", "", "missing: give a place or hex"),
    ("macarthur-bataan", "historical", "p-35", "  ", "missing: give a place or hex"),
    ("okinawa", "campaign", "tokusetsu-1st-regiment", "hex-2918", "unknown place 'hex-2918' (did you mean "
                                                                  "'hex-2819'"),
    ("okinawa", "campaign", "tokusetsu-1st-regiment", "281", "hex 281 is not a hex number of this map (4 digits)"),
    ("rgi-macarthur", "korea", "un-pusan", "pusan-perimeter#8", "pusan-perimeter has 7 slots (#1-#7)"),
    ("rgi-macarthur", "korea", "un-pusan", "Seul", "unknown place 'Seul' (did you mean 'seoul'"),
])
def test_a_misspelt_or_blank_place_in_a_setup_exits_2_at_its_line(capsys, tmp_path, game, scenario, unit, to, words):
    if game == "rgi-macarthur":
        unit = next(u.id for u in DATA.scenario(game, scenario).units
                    if isinstance(u.at, dict) and u.at.get("zone") == "pusan-perimeter")
    path = _setup_file(tmp_path, game, scenario, 1, _move(unit, to))
    code, out = run_in(capsys, "verify", path)
    assert code == 2, out
    setup = setupreader.load(path)
    i = next(i for i, p in enumerate(setup.placements) if p.unit == unit)
    line = setup.where("placements", i, "at")[1]
    assert f"{path}:{line}: placement {i + 1} " in out and words in out, out
    assert "unchecked: needs membership" not in out


def test_a_known_place_passes_and_a_hex_without_a_grid_is_left_to_the_rules(capsys, tmp_path):
    path = _setup_file(tmp_path, "okinawa", "campaign", 1, lambda s: None)
    assert run_in(capsys, "verify", path)[0] == 0
    # MacArthur's hex numbers are printed on the map, not in the rules: a number is no typo
    path = _setup_file(tmp_path, "macarthur-bataan", "historical", 1, _move("trucks", "2819"))
    code, out = run_in(capsys, "verify", path)
    assert code == 0 and "unknown place" not in out, out


@pytest.fixture
def data_copy(tmp_path):
    for game in ("rgi-macarthur", "okinawa"):
        shutil.copytree(ROOT / "data" / game, tmp_path / game)
    return tmp_path


@pytest.mark.parametrize("file,old,new,error", [
    ("scenarios/new-guinea.yaml", "at: uberi", 'at: ""', "units.0: missing: give a place or hex"),
    ("scenarios/new-guinea.yaml", "at: uberi", "at: [ubeli]", "units.0: unknown place 'ubeli' (did you mean 'uberi'"),
    ("scenarios/new-guinea.yaml", "at: uberi", "at: {zone: port-moresby-adjacnt}",
     "unknown place 'port-moresby-adjacnt' (did you mean 'port-moresby-adjacent'"),
    ("scenarios/new-guinea.yaml", "at: uberi", "at: {within: 1, of: [kokoda, bunna]}",
     "unknown place 'bunna' (did you mean 'buna'"),
])
@pytest.mark.sample
def test_a_misspelt_or_blank_place_in_a_scenario_fails_data_validate(capsys, data_copy, file, old, new, error):
    path = data_copy / "rgi-macarthur" / file
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    code, out = run_in(capsys, "--data", data_copy, "--no-builtin", "data", "validate")
    assert code == 2 and error in out and f"{file}:" in out, out
    line = next(i for i, t in enumerate(path.read_text(encoding="utf-8").splitlines(), 1) if new in t)
    assert f"{file}:{line}:" in out


@pytest.mark.sample
def test_a_turn_record_naming_no_scenario_of_the_game_fails_data_validate(capsys, data_copy):
    path = data_copy / "okinawa" / "turns.yaml"
    text = path.read_text(encoding="utf-8")
    # a scenario of the record that no scenario file has, and no event names
    path.write_text(text.replace("  - id: scenario-4\n", "  - id: scenario-44\n", 1), encoding="utf-8")
    code, out = run_in(capsys, "--data", data_copy, "--no-builtin", "data", "validate")
    assert code == 2 and "scenario-44" in out and "turns.yaml:" in out, out


@pytest.mark.sample
@pytest.mark.parametrize("old,new", [("count: 1,", "count: 1.0,"), ("count: 1,", "count: 3.0,")])
def test_a_decimal_count_in_a_scenario_fails_data_validate_and_never_reaches_generation(capsys, data_copy, old, new):
    """One validator for every file kind (issue 21): 3.0 is no whole number in a scenario either."""
    path = data_copy / "rgi-macarthur" / "scenarios" / "new-guinea.yaml"
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    code, out = run_in(capsys, "--data", data_copy, "--no-builtin", "data", "validate")
    assert code == 2 and "new-guinea.yaml:" in out and "count: " in out and "is not a whole number" in out, out
    code, out = run_in(capsys, "--data", data_copy, "--no-builtin", "scenario", "rgi-macarthur", "new-guinea",
                         "--seed", "1")
    assert code == 2 and "new-guinea.yaml:" in out, out
