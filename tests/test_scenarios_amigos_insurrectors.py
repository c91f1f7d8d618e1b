"""Scenarios of Amigos & Insurrectors (seed 002): chit draws, objective choices and stacking (8.3);
the unit set-ups themselves are omitted in the seed (18.1-18.3 「(省略)」)."""
import pytest

from conftest import FIXTURES, run_cli
from scenariohelp import Game, checks_of, mutated, place

SCENARIOS = ["campaign", "guerrilla-war", "stand-up-fight"]


@pytest.fixture(scope="module")
def game():
    return Game("amigos-insurrectors")


def test_turn_spans_and_missing_setups(game):
    assert sorted(game.scenarios) == SCENARIOS
    spans = {s: (sc.turns["first"], sc.turns["last"], sc.turns["rule"]) for s, sc in game.scenarios.items()}
    assert spans == {"stand-up-fight": (1, 8, "2.0"), "guerrilla-war": (9, 15, "2.0"), "campaign": (1, 15, "2.0")}
    for sc in game.scenarios.values():
        assert "省略" in sc.missing["ja"]


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_every_seed_generates_a_legal_setup(game, scenario):
    for seed in range(300):  # the hypothesis properties draw further seeds
        setup = game.generate(scenario, seed)
        # the set-ups are omitted (18.x): every unit is of unstated number, none placed (one unchecked line)
        assert [v.check for v in game.verify(setup)] == ["unstated-count"], (scenario, seed)
        assert len(setup.choices["us-advantage"]) == 5 and len(set(setup.choices["us-advantage"])) == 5
        assert len(setup.choices["filipino-advantage"]) == 5


def test_chit_pools_match_the_tables(game):
    pools = {(s, side): game.scenarios[s].element(f"{side}-advantage")["from"]
             for s in SCENARIOS for side in ("us", "filipino")}
    assert pools[("guerrilla-war", "us")] == list(range(1, 10))
    assert pools[("stand-up-fight", "us")] == [1, 2, 3, 4, 6, 7, 8, 9]  # #5 Luna is redrawn on turns 1-2
    assert pools[("stand-up-fight", "filipino")] == list(range(1, 12))
    assert pools[("campaign", "us")] == pools[("stand-up-fight", "us")]


def test_errata_units_of_the_stand_up_fight(game):
    s = game.generate("stand-up-fight", 0)
    assert {(p.unit, p.at, p.count) for p in s.placements} == {
        ("filipino-regulars-area-20", "area-20", 4), ("malvar", "area-20", 1)}
    assert game.generate("guerrilla-war", 0).placements == []


def test_duplicate_and_out_of_range_chits(game):
    s = mutated(game.generate("stand-up-fight", 0))
    s.choices["us-advantage"] = [1, 1, 2, 3, 4]
    found = game.violations(s)
    assert checks_of(found) == {("5.0", "distinct")}
    assert found[0].message == "chosen more than once: 1"
    s.choices["us-advantage"] = [1, 2, 3, 4, 5]   # Luna #5 is not kept at set-up
    assert checks_of(game.violations(s)) == {("5.0", "choose")}
    s.choices["us-advantage"] = [1, 2, 3, 4]
    assert [v.message for v in game.violations(s)] == ["4 chosen, must be 5"]
    s.choices["us-advantage"] = [1, 2, 3, 4, 6]
    s.choices["filipino-advantage"] = [1, 2, 3, 4, 12]
    found = game.violations(s)
    assert checks_of(found) == {("5.0", "choose")} and "12" in found[0].message


def test_objective_choices(game):
    s = mutated(game.generate("guerrilla-war", 0))
    for ok in ([], [10], ["dummy", "dummy"], [3, "dummy"]):
        s.choices["us-objectives"] = ok
        assert game.violations(s) == [], ok
    s.choices["us-objectives"] = [3, 3]
    assert checks_of(game.violations(s)) == {("4.0", "distinct")}
    s.choices["us-objectives"] = [1, 2, 3]
    assert [v.message for v in game.violations(s)] == ["3 chosen, must be 0-2"]
    s.choices["us-objectives"] = [11]
    assert checks_of(game.violations(s)) == {("4.0", "choose")}


def test_us_stacking_and_manila(game):
    s = game.generate("guerrilla-war", 0)
    legal = place(mutated(s), "us", "us-infantry", "area-24", 14)   # Manila: unlimited steps
    place(legal, "us", "us-artillery", "area-24", 3)                 # and artillery
    place(legal, "us", "us-infantry", "area-7", 6)
    place(legal, "us", "us-cavalry", "area-7", 4)                    # 10 steps
    place(legal, "us", "us-artillery", "area-7", 1)
    place(legal, "us", "us-leaders", "area-7", 2)                    # leaders, scouts, gunboats free
    place(legal, "us", "macabebe-scouts", "area-7", 1)
    assert game.violations(legal) == []
    bad = place(mutated(legal), "us", "us-volunteers", "area-7", 1)
    found = game.violations(bad)
    assert checks_of(found) == {("8.3", "stacking")}
    assert [(v.where, v.message) for v in found] == [("area-7", "11 combat steps, limit 10")]
    bad = place(mutated(legal), "us", "us-artillery", "area-7", 1)
    assert checks_of(game.violations(bad)) == {("8.3, 1.2.1", "stacking")}


def test_filipino_stacking(game):
    s = game.generate("stand-up-fight", 0)
    legal = place(mutated(s), "filipino", "filipino-regulars", "area-20", 6)   # 4 + 6 = 10 regular steps
    place(legal, "filipino", "filipino-guerrillas", "area-20", 5)
    place(legal, "filipino", "filipino-artillery", "area-20", 1)
    assert game.violations(legal) == []
    for unit, extra in (("filipino-regulars", 1), ("filipino-guerrillas", 1), ("filipino-artillery", 1)):
        bad = place(mutated(legal), "filipino", unit, "area-20", extra)
        found = game.violations(bad)
        assert checks_of(found) == {("8.3", "stacking")}, unit
        assert found[0].where == "area-20"
    bad = place(mutated(s), "filipino", "filipino-artillery", "area-24", 2)  # no Manila exception
    assert checks_of(game.violations(bad)) == {("8.3", "stacking")}


def test_dropped_errata_unit(game):
    s = mutated(game.generate("stand-up-fight", 0))
    s.placements = [p for p in s.placements if p.unit != "malvar"]
    found = game.violations(s)
    assert checks_of(found) == {("18.1.1, 1.2.3", "count")}
    s = mutated(game.generate("stand-up-fight", 0))
    next(p for p in s.placements if p.unit == "malvar").at = "area-21"
    assert checks_of(game.violations(s)) == {("18.1.1, 1.2.3", "place")}


@pytest.mark.slow
def test_cli_verify_bad_setup_file():
    r = run_cli("verify", FIXTURES / "setups" / "amigos-insurrectors-overstack.yaml")
    out = r.stdout.decode()
    assert r.returncode == 1, out + r.stderr.decode()
    assert "8.3  area-20: 12 regular combat steps, limit 10" in out
    assert "5.0  choices.filipino-advantage: chosen more than once: 7" in out


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_no_artillery_or_leaders_in_the_jungle(game, scenario):
    """12.0 (l. 428, 448): artillery and leaders cannot go into the Jungle Warfare boxes; US combat
    steps, a Macabebe Scout and guerrillas may be there."""
    s = mutated(game.generate(scenario, 0))
    if scenario == "guerrilla-war":   # the US enters the boxes in the Guerrilla War phase only (l. 428)
        place(s, "us", "us-infantry", "jungle-warfare-1", 3)
        place(s, "us", "macabebe-scouts", "jungle-warfare-1", 1)
    place(s, "filipino", "filipino-guerrillas", "jungle-warfare-2", 2)
    assert game.violations(s) == []
    place(s, "us", "us-leaders", "jungle-warfare-1", 1)
    place(s, "filipino", "filipino-artillery", "jungle-warfare-2", 1)
    found = game.violations(s)
    assert checks_of(found) == {("12.0", "forbidden")}
    assert {v.message for v in found} == {"filipino-artillery may not be placed in jungle-warfare",
                                          "us-leaders may not be placed in jungle-warfare"}
    assert {v.ref for v in found if "artillery" in v.message} == {"constraint:no-artillery-or-leaders-in-jungle"}


@pytest.mark.parametrize("unit, limit, rule", [("gunboats", 5, "9.0"), ("poa-markers", 9, "11.0")])
def test_counter_limits_over_the_whole_setup(game, unit, limit, rule):
    """9.0 (l. 284): the US has 5 gunboats; 11.0 (l. 412): 9 POA markers. The omitted set-ups
    (18.1-18.3) say how many start; more than the US has is never legal, wherever they are."""
    s = mutated(game.generate("stand-up-fight", 0))
    # gunboats are never in a land area (l. 163, 281): the sea spaces are on the map only
    where = ["anywhere"] * 3 if unit == "gunboats" else ["area-21", "area-7", "area-43"]
    place(s, "us", unit, where[0], limit - 2)
    place(s, "us", unit, where[1], 2)
    assert game.violations(s) == []
    place(s, "us", unit, where[2], 1)
    found = game.violations(s)
    assert checks_of(found) == {(rule, "count")}
    assert found[0].message.startswith(f"{limit + 1} ") and found[0].message.endswith(f"at most {limit}")


@pytest.mark.parametrize("scenario, units", [("stand-up-fight", 5), ("campaign", 5), ("guerrilla-war", 7)])
def test_guerrilla_units_in_the_jungle(game, scenario, units):
    """12.0 (l. 446-447): at most 5 guerrilla units in the Jungle Warfare display (7 in the
    Guerrilla War); a set-up counts steps, 2 a unit at most (1.2.1): twice the limit may fit."""
    s = mutated(game.generate(scenario, 0))
    place(s, "filipino", "filipino-guerrillas", "jungle-warfare-1", units)
    place(s, "filipino", "filipino-guerrillas", "jungle-warfare-2", units)
    assert game.violations(s) == []
    place(s, "filipino", "filipino-guerrillas", "jungle-warfare-2", 1)
    found = game.violations(s)
    assert [(v.rule, v.message) for v in found] == [("12.0", f"{2 * units + 1} guerrilla combat steps, at most {2 * units}")]
