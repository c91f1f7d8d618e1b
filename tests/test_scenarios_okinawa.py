"""Okinawa scenarios (seed 004, 18.x): every scenario generates for seeds 0..999 and verifies clean;
mutations break the rule they name; the hex geometry assumption of map.yaml agrees with the rules'
own hex rows."""
from __future__ import annotations

import pytest

from scenariohelp import Game, mutated, place
from playaids.engine.verify import violations_only

OK = Game("okinawa")
SCENARIOS = ["campaign", "historical-variant", "free-variant", "scenario-1", "scenario-2", "scenario-3",
             "scenario-4"]


def test_all_scenarios_present():
    assert sorted(OK.scenarios) == sorted(SCENARIOS)


@pytest.mark.sample
@pytest.mark.parametrize("sid", SCENARIOS)
def test_every_seed_generates_a_legal_setup(sid):
    for seed in range(300):  # the hypothesis properties draw further seeds
        setup = OK.generate(sid, seed)
        bad = OK.violations(setup)
        assert not bad, (sid, seed, [v.line() for v in bad])


def _one(sid, seed=7):
    return mutated(OK.generate(sid, seed))


def _units_at(setup, uid):
    return [p for p in setup.placements if p.unit == uid]


# --- stacking (9.41): 2 units a hex, HQ and AT guns free -------------------------------------------

def test_third_unit_in_a_hex_breaks_941():
    s = _one("scenario-4")
    hexes = {p.at for p in s.placements}
    target = sorted(hexes)[0]
    for uid in ("ib-21", "ib-22", "mg-bn-17"):
        for p in _units_at(s, uid):
            p.at = target
    found = violations_only(OK.verify(s))
    assert any(v.rule == "9.41" and v.check == "stacking" and f"hex {target}" == v.where for v in found)


def test_hq_and_at_gun_stack_free_941():
    s = _one("scenario-4")
    # two ordinary units plus the HQ and the AT gun in one line hex: legal
    for uid in ("ib-21", "ib-22"):
        s.placements = [p for p in s.placements if p.unit != uid]
    others = [p for p in s.placements if OK.scenarios["scenario-4"].unit(p.unit).type == "unit"]
    s.placements = [p for p in s.placements if p not in others]
    place(s, "japan", "ib-21", "2742")
    place(s, "japan", "ib-22", "2742")
    for p in s.placements:
        if p.unit in ("hq-32nd-army", "at-gun-bn-3"):
            p.at = "2742"
    found = [v for v in OK.verify(s) if v.rule == "9.41"]
    assert found == []


# --- free variant (18.321) -------------------------------------------------------------------------

def test_duplicate_key_point_breaks_18321d():
    s = _one("free-variant")
    kps = s.choices["key-points"]
    s.choices["key-points"] = kps[:7] + [kps[0]]
    found = violations_only(OK.verify(s))
    assert any(v.rule == "18.321d" and v.check == "distinct" and kps[0] in v.message for v in found)


def test_hq_point_outside_the_chosen_key_points_breaks_18321d():
    s = _one("free-variant")
    outside = next(k for k in OK.scenarios["free-variant"].element("key-points")["from"]
                   if k not in s.choices["key-points"])
    s.choices["hq-point"] = outside
    found = violations_only(OK.verify(s))
    assert any(v.rule == "18.321d" and v.where == "choices.hq-point" and outside in v.message for v in found)


def test_position_next_to_any_key_point_is_legal_even_if_not_chosen():
    # 18.321e: 「全ての重要地点の上か、或いはその重要地点に隣接させて」 - any of the 11 key points of
    # 18.321c, not only the 8 chosen in secret (18.321d): Nakagusuku 3227 and Yoza-dake 1946 left unchosen
    s = _one("free-variant")
    s.choices["key-points"] = ["ridge-4004", "ridge-2909", "maeda", "chinen-ridge", "yaeju-dake", "naha", "shuri",
                               "kadena-airfield"]
    s.choices["hq-point"] = "shuri"
    for i, hexno in enumerate(("3227", "1946")):
        place(s, "japan", "boeitai-okinawa", hexno)
        _units_at(s, "position-free")[i].at = hexno
    assert not [v for v in OK.verify(s) if v.rule == "18.321e" and v.check == "near-key-point"
                and v.where.endswith(("at 3227)", "at 1946)"))]


def test_position_far_from_every_key_point_breaks_18321e_without_naming_the_secret():
    s = _one("free-variant")
    place(s, "japan", "boeitai-okinawa", "1230")
    pos = _units_at(s, "position-free")[0]
    pos.at = "1230"
    found = OK.verify(s)
    # Naha, Shuri and the airfields have no hex in map.yaml: whether 1230 is next to them cannot be known
    assert any(v.rule == "18.321e" and v.status == "unchecked" and "naha" in v.message for v in found)
    from playaids.engine.model import Place
    saved = {k: OK.map.places[k] for k in ("naha", "shuri", "yomitan-airfield", "kadena-airfield")}
    for k, h in (("naha", "1535"), ("shuri", "2333"), ("yomitan-airfield", "3010"), ("kadena-airfield", "3015")):
        OK.map.places[k] = Place(k, {"en": k}, "key-point", (h,))
    try:
        bad = [v for v in OK.verify(s) if v.rule == "18.321e" and v.status == "violation" and "1230" in v.where]
        assert bad and not any(k in bad[0].message for k in s.choices["key-points"])
    finally:
        OK.map.places.update(saved)


def test_position_on_a_chosen_key_point_is_legal():
    s = _one("free-variant")
    assert not [v for v in OK.verify(s) if v.rule == "18.321e"]


def test_minefield_on_a_landing_hex_breaks_18321e():
    s = _one("free-variant")
    _units_at(s, "minefield-free-real")[0].at = "landing-7th-infantry"
    found = violations_only(OK.verify(s))
    assert any(v.rule == "18.321e" and v.check == "forbidden" for v in found)


# --- historical variant (18.23) --------------------------------------------------------------------

def test_togushi_as_second_beach_breaks_1823():
    s = _one("historical-variant")
    s.choices["second-beach"] = "togushi"
    found = violations_only(OK.verify(s))
    assert [v.rule for v in found] == ["18.23"]
    assert "togushi" in found[0].message


def test_three_divisions_or_a_repeat_break_1823a():
    s = _one("historical-variant")
    s.choices["second-landing-divisions"] = ["1st-marine", "1st-marine"]
    assert any(v.rule == "18.23a" and v.check == "distinct" for v in violations_only(OK.verify(s)))
    s.choices["second-landing-divisions"] = ["1st-marine", "7th-infantry"]
    assert any(v.rule == "18.23a" and "7th-infantry" in v.message for v in violations_only(OK.verify(s)))


# --- hex lines (18.521c, 18.621, 18.721) -----------------------------------------------------------

def test_unit_north_of_its_line_breaks_the_rule():
    s = _one("scenario-3")
    _units_at(s, "ib-11")[0].at = "2032"  # column 20: the line is at 2033
    found = violations_only(OK.verify(s))
    assert [(v.rule, v.check) for v in found] == [("18.621", "line")]


def test_scenario_2_line_runs_along_column_20():
    s = _one("scenario-2")
    p = _units_at(s, "ib-12")[0]
    for at, legal in (("2029", True), ("2030", True), ("2031", True), ("2028", False)):
        p.at = at
        bad = [v for v in violations_only(OK.verify(s)) if v.rule == "18.521c"]
        assert (not bad) == legal, (at, bad)


def test_scenario_4_line_and_us_north_of_it():
    s = _one("scenario-4")
    _units_at(s, "ib-21")[0].at = "1536"  # on the diagonal 1235-3144 (Meiji bridge)
    assert not [v for v in violations_only(OK.verify(s)) if v.rule == "18.721"]
    _units_at(s, "ib-21")[0].at = "1535"
    assert [v.rule for v in violations_only(OK.verify(s))] == ["18.721"]
    s = _one("scenario-4")
    place(s, "us", "us-7th-infantry", "1536")  # on the Japanese line: not north of it
    assert any(v.rule == "18.722" for v in violations_only(OK.verify(s)))


# --- markers (9.61) --------------------------------------------------------------------------------

def test_two_positions_in_one_hex_break_961b():
    s = _one("scenario-3")
    pos = _units_at(s, "position-line")
    pos[1].at = pos[0].at
    found = violations_only(OK.verify(s))
    assert any(v.rule == "9.61b" and v.check == "stacking" for v in found)


def test_position_without_a_unit_breaks_961a():
    s = _one("scenario-3")
    occupied = {p.at for p in s.placements if OK.scenarios["scenario-3"].unit(p.unit).type != "position"}
    empty = next(h for h in ("1634", "1734", "1834", "1933", "2033", "2132", "2233", "2333", "2434", "2533",
                             "2634", "2734", "2835") if h not in occupied) if len(occupied) < 14 else None
    pos = _units_at(s, "position-line")[0]
    if empty is None:  # every line hex is held: empty one
        s.placements = [p for p in s.placements if not (p.at == pos.at and p is not pos)]
    else:
        pos.at = empty
    found = violations_only(OK.verify(s))
    assert any(v.rule == "9.61a" for v in found)


def test_campaign_fixed_places():
    s = _one("campaign")
    assert [p.at for p in _units_at(s, "tokusetsu-1st-regiment")] == ["hex-2819"]
    _units_at(s, "tokusetsu-1st-regiment")[0].at = "2820"
    assert [v.rule for v in violations_only(OK.verify(s))] == ["18.12c"]
    s = _one("campaign")
    p = _units_at(s, "boeitai-ie")[0]
    p.at = "4539"  # 6 hexes from the ridge hex 4533
    assert [v.rule for v in violations_only(OK.verify(s))] == ["18.12b"]
    p.at = "4538"  # 5 hexes: allowed
    assert violations_only(OK.verify(s)) == []


def test_ie_units_fill_the_ridge_hex_then_its_neighbours():
    s = _one("campaign")
    at = {}
    for p in s.placements:
        if p.unit in ("airfield-bn-50", "imb44-1-2-bn", "boeitai-ie"):
            at[p.at] = at.get(p.at, 0) + p.count
    assert at["ie-ridge"] == 2 and sum(at.values()) == 5
    assert all(OK.map.grid.distance(h, "4533") == 1 for h in at if h != "ie-ridge")


# --- hex geometry (map.yaml grid: odd columns half a hex lower) ------------------------------------

def _contiguous(hexes):
    g = OK.map.grid
    return [g.distance(a, b) for a, b in zip(hexes, hexes[1:])]


def test_rule_hex_rows_are_contiguous_under_the_grid_assumption():
    # 18.15a landing hexes, in beach order
    assert set(_contiguous("2111 2112 2113 2214 2215 2315 2316 2417 2418 2419 2519 2520 2521".split())) == {1}
    # 18.621 scenario 3 start line
    assert set(_contiguous("1634 1734 1834 1933 2033 2132 2233 2333 2434 2533 2634 2734 2835".split())) == {1}
    # 18.521c scenario 2 line up to the diagonal
    assert set(_contiguous(["1928", "2029", "2030", "2130", "2231", "2330"])) == {1}
    # 18.17a / 18.321c Chinen ridge hexes are adjacent to each other
    assert _contiguous(["2742", "2842", "2843"]) == [1, 1]
    assert OK.map.grid.distance("2742", "2843") == 1


def test_diagonals_are_straight_hex_rows():
    g = OK.map.grid
    for a, b in (("2228", "3032"), ("2028", "3033"), ("2330", "2933"), ("1235", "3144")):
        ca, cb = int(a[:2]), int(b[:2])
        assert g.distance(a, b) == cb - ca, (a, b)  # one hex per column: a straight diagonal
    # 9.21d: 1536 (Meiji bridge) and 1737 are both on the inlet's south bank; the 1235-3144 row passes both
    line = OK.scenarios["scenario-4"].constraints[-2]["line"]
    assert "1536" in line and "1737" in line


def test_distance_examples():
    g = OK.map.grid
    assert g.distance("4533", "4533") == 0
    assert g.distance("4533", "4538") == 5
    assert g.distance("4533", "4539") == 6
    assert sorted(g.neighbours("2742")) == ["2642", "2643", "2741", "2743", "2842", "2843"]


# --- issue 21 findings: facing (9.61c), hexes past a line's ends (18.622, 18.722) ---------------

@pytest.mark.parametrize("sid", SCENARIOS)
def test_generated_positions_face_a_hexside_961c(sid):
    s = _one(sid)
    positions = [p for p in s.placements if OK.scenarios[sid].unit(p.unit).type == "position"]
    assert positions and all(p.extra.get("facing") in ("N", "S") for p in positions)
    ie = [p for p in positions if "ie" in OK.scenarios[sid].unit(p.unit).tags]
    assert all(p.extra["facing"] == "S" for p in ie)  # the US lands on Ie Shima's south beach (18.15c)


def test_position_without_or_with_a_bad_facing_breaks_961c():
    s = _one("scenario-3")
    pos = _units_at(s, "position-line")[0]
    del pos.extra["facing"]
    assert [(v.rule, v.check) for v in violations_only(OK.verify(s))] == [("9.61c", "position-facing")]
    for facing, legal in (("SW", True), ("nw", True), ("up", False), (pos.at, False), ("9999", False)):
        pos.extra["facing"] = facing
        assert (not violations_only(OK.verify(s))) == legal, facing
    col, row = int(pos.at[:2]), int(pos.at[2:])
    pos.extra["facing"] = f"{col:02d}{row - 1:02d}"  # the hex north of it: adjacent
    assert not violations_only(OK.verify(s))


@pytest.mark.parametrize("sid, hexno", [("scenario-3", "3227"), ("scenario-3", "4017"), ("scenario-4", "4017")])
def test_us_hex_past_the_line_ends_is_unchecked_not_failed(sid, hexno):
    # Nakagusuku 3227 and village 4017 lie outside the columns of the start lines (16-28, 12-31):
    # the line does not say which side they are on, and the map is not in the seed
    s = _one(sid)
    place(s, "us", "us-1st-marine", hexno)
    found = [v for v in OK.verify(s) if v.check == "line" and hexno in v.message]
    assert [v.status for v in found] == ["unchecked"]
    assert not violations_only(OK.verify(s))


def test_us_hex_south_of_the_line_still_fails_18622():
    s = _one("scenario-3")
    place(s, "us", "us-1st-marine", "2040")
    assert [(v.rule, v.check) for v in violations_only(OK.verify(s))] == [("18.622", "line")]


def test_scenario_3_rolls_for_southern_positions_before_play_1863b():
    rolls = {OK.generate("scenario-3", seed).draws["southern-positions"] for seed in range(40)}
    assert rolls == {1, 2, 3, 4, 5, 6}


def test_free_variant_parent_formation_within_15_hexes_18321a():
    s = _one("free-variant")
    place(s, "japan", "division-62", "2331")
    place(s, "japan", "division-62", "2345")  # 14 hexes south: legal
    assert not violations_only(OK.verify(s))
    place(s, "japan", "division-62", "4004")
    bad = violations_only(OK.verify(s))
    assert bad and {(v.rule, v.check) for v in bad} == {("18.321a", "distance")}


def test_boeitai_next_to_us_stacks_with_regular_army_942():
    s = _one("scenario-4")
    s.placements = [p for p in s.placements if p.unit not in ("boeitai", "naval-full", "mg-bn-17")]
    taken = {p.at for p in s.placements}
    line = next(h for h in ("2039", "2139", "2240", "2340", "2441", "2541", "2642", "1938", "1838") if h not in taken)
    north = f"{line[:2]}{int(line[2:]) - 1:02d}"
    place(s, "japan", "boeitai", line)
    place(s, "japan", "boeitai", "2046", count=2)
    place(s, "japan", "mg-bn-17", "2047")
    place(s, "japan", "naval-full", "2048")
    place(s, "us", "us-7th-infantry", north)  # adjacent to the line hex, north of it
    assert not [v for v in violations_only(OK.verify(s)) if v.check != "boeitai-stacked"]
    assert [(v.rule, v.check) for v in violations_only(OK.verify(s))] == [("9.42", "boeitai-stacked")]
    _units_at(s, "naval-full")[0].at = line  # the navy is not regular army
    assert [v.check for v in violations_only(OK.verify(s))] == ["boeitai-stacked"]
    _units_at(s, "mg-bn-17")[0].at = line
    assert not [v for v in OK.verify(s) if v.check == "boeitai-stacked"]


def test_position_with_an_outpost_breaks_1812c():
    s = _one("campaign")
    place(s, "japan", "outposts", "2630")
    assert not violations_only(OK.verify(s))
    pos = _units_at(s, "position-62")[0]
    pos.count -= 1
    place(s, "japan", "position-62", "2630", facing="N")
    assert [(v.rule, v.check) for v in violations_only(OK.verify(s))] == [("18.12c", "position-not-on")]


@pytest.mark.parametrize("hexno, legal", [("1834", True), ("1835", False), ("1836", False), ("2035", True)])
def test_27th_in_reserve_4_hexes_north_of_the_front_18722(hexno, legal):
    s = _one("scenario-4")
    place(s, "us", "us-27th-infantry", hexno)
    bad = [v for v in violations_only(OK.verify(s)) if v.rule == "18.722"]
    assert (not bad) == legal, bad


def test_attached_units_with_or_adjacent_to_a_parent_formation_18321b():
    s = _one("free-variant")
    found = [v for v in OK.verify(s) if v.check == "with-or-adjacent"]
    assert [v.status for v in found] == ["unchecked"]  # no formation counter placed: not passed silently
    s.placements = [p for p in s.placements if p.unit not in ("tank-unit", "tokusetsu-1st-regiment", "boeitai-okinawa")]
    place(s, "japan", "division-62", "2331")
    for uid, hexno in (("imb-44", "2345"), ("division-24", "2740"), ("sea-raiding-5th", "2540"),
                       ("naval-base-force", "1640")):  # every parent formation placed, far from 2334
        place(s, "japan", uid, hexno)
    s.placements = [p for p in s.placements if p.unit != "utoshi-detachment"]
    place(s, "japan", "utoshi-detachment", "2345")
    place(s, "japan", "tank-unit", "2332")            # adjacent
    place(s, "japan", "tokusetsu-1st-regiment", "2331")  # with it
    place(s, "japan", "boeitai-okinawa", "2330", count=7)
    assert not [v for v in OK.verify(s) if v.check == "with-or-adjacent"]
    _units_at(s, "tank-unit")[0].at = "2334"          # 3 hexes away
    found = [(v.rule, v.status, v.where) for v in OK.verify(s) if v.check == "with-or-adjacent"]
    assert found == [("18.321b", "violation", f"placements.{len(s.placements) - 3} (tank-unit at 2334)")]



def test_scenario_2_divisions_start_next_to_the_japanese_18522():
    s = _one("scenario-2")
    line = {p.at for p in s.placements if p.unit == "ib-12"}.pop()   # a Japanese unit on the line
    north = f"{line[:2]}{int(line[2:]) - 1:02d}"
    place(s, "us", "us-7th-infantry", north)                        # adjacent, north of it
    assert not violations_only(OK.verify(s))
    place(s, "us", "us-96th-infantry", "2020")                      # nowhere near the front
    assert [(v.rule, v.check) for v in violations_only(OK.verify(s))] == [("18.522", "division-adjacent")]


def test_scenario_3_boeitai_besides_shuri_are_boeitai_to_942():
    """18.621b removes 5 of the 11 Boeitai (18.12c, 18.13): the 2 besides the 4 at Shuri have an
    entry of their own, so 9.42 sees them (as 'other Japanese units' it could not, rv39)."""
    s = _one("scenario-3")
    mine = [p for p in s.placements if p.unit == "boeitai-other"]
    assert sum(getattr(p, "count", 1) or 1 for p in mine) == 2
    assert not [v for v in OK.verify(s) if v.check == "boeitai-stacked"]
    for p in mine:   # both Boeitai alone on a hex no other unit holds, a US unit next to it
        p.at = "2045"
    place(s, "us", "us-7th-infantry", "2044")
    assert {(v.rule, v.check) for v in violations_only(OK.verify(s)) if v.check == "boeitai-stacked"} == \
        {("9.42", "boeitai-stacked")}
    _units_at(s, "ib-23")[0].at = "2045"   # with a regular army unit: none
    assert not [v for v in violations_only(OK.verify(s)) if v.check == "boeitai-stacked"]
