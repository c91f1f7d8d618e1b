"""MacArthur: The Road to Bataan, historical set-up: generation, verification, mutations."""
import copy

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from conftest import run_cli
from playaids import setupreader
from playaids.engine import api, setupfile
from playaids.engine import verify as ver
from playaids.engine.setupfile import Placement
from playaids.repository import Repository

ROOT = Repository.builtin()
SC = ROOT.scenario("macarthur-bataan", "historical")
MAP = ROOT.map("macarthur-bataan")


def check(setup):
    return ver.verify(setup, SC, MAP, ROOT)


def rules_broken(setup):
    return {(v.rule, v.check) for v in check(setup) if v.status == "violation"}


def legal(seed=3):
    return api.generate(ROOT, "macarthur-bataan", "historical", seed)


@pytest.mark.slow
def test_derived_values_follow_the_tables():
    s = legal(3)
    j, a = s.draws["japanese-chit"], s.draws["allied-chit"]
    matrix = {(1, 1): "C", (2, 5): "A", (6, 1): "D", (5, 2): "B", (7, 5): "C"}  # 17.1, 17.2 example
    for seed in range(200):
        s = legal(seed)
        key = (s.draws["japanese-chit"], s.draws["allied-chit"])
        if key in matrix:
            assert s.derived["victory-letter"] == matrix[key]
        transport = {1: "115", 2: "115", 3: "115", 4: "120", 5: "75", 6: "110", 7: "130"}  # 16.4.4
        assert s.derived["strategic-transport"] == transport[s.draws["japanese-chit"]]
    assert j and a


@pytest.mark.slow
def test_300_seeds_all_verify():
    for seed in range(300):  # the hypothesis properties draw further seeds
        s = legal(seed)
        bad = [v for v in check(s) if v.status == "violation"]
        assert not bad, (seed, bad[0].line())


def test_same_seed_same_setup_bytes():
    assert setupfile.dump(legal(42)) == setupfile.dump(legal(42))
    assert setupfile.dump(legal(42)) != setupfile.dump(legal(43))


def test_convoy_units_follow_the_allied_chit():
    for seed in range(60):
        s = legal(seed)
        units = {p.unit for p in s.placements}
        assert ("b-17-pensacola" in units) == (s.draws["allied-chit"] in (4, 5))  # 16.2.2
        assert ("b-17-polk-coolidge" in units) == (s.draws["allied-chit"] == 5)


def test_out_of_range_chit():
    s = legal()
    s.draws["allied-chit"] = 6
    assert ("16.1", "range") in rules_broken(s)


def test_wrong_derived_value():
    s = legal()
    s.derived["victory-letter"] = "D" if s.derived["victory-letter"] != "D" else "A"
    assert ("17.1", "derived") in rules_broken(s)


def test_duplicate_battery_number():
    s = legal()
    nums = s.choices["corregidor-battery-numbers"]
    nums["Geary II"] = nums["Geary I"]
    assert ("10.2.3", "permutation") in rules_broken(s)


def test_fort_hughes_number_out_of_its_range():
    s = legal()
    nums = s.choices["corregidor-battery-numbers"]
    swap = next(k for k, v in nums.items() if v == 1)
    nums[swap], nums["Ft. Hughes I"] = nums["Ft. Hughes I"], 1
    assert ("10.2.3", "permutation") in rules_broken(s)


def test_wrong_number_of_submarines():
    s = legal()
    s.choices["submarine-beaches"] = s.choices["submarine-beaches"][:2]
    assert ("11.1", "choose") in rules_broken(s)


def test_dropped_unit():
    s = legal()
    s.placements = [p for p in s.placements if p.unit != "b-17"]
    assert ("16.2.1", "count") in rules_broken(s)


def test_forbidden_place_for_b17():
    s = legal()
    for p in s.placements:
        if p.unit == "b-17":
            p.at = "nichols"
    assert ("16.2.1", "place") in rules_broken(s)


def test_free_deployment_lifts_16_2_4():
    s = legal()
    for p in s.placements:
        if p.unit == "91-pa":
            p.at = "manila"
    assert ("16.2.4", "place") in rules_broken(s)
    s.choices["free-deployment"] = True
    assert ("16.2.4", "place") not in rules_broken(s)


def test_stacking_fires_with_counter_values_and_is_unchecked_without():
    s = legal()
    found = check(s)
    assert any(v.status == "unchecked" and v.check == "stacking" for v in found)
    s.placements.append(Placement("allied", "ph-artillery-bn", "corregidor", 0 + 1, {"sp": 30}))
    for p in s.placements:
        p.extra.setdefault("sp", 1)
    s.placements = [p for p in s.placements if not (p.unit == "ph-artillery-bn" and p.at != "corregidor")]
    for p in s.placements:
        if p.unit == "ph-artillery-bn":
            p.count = 3
            p.extra["sp"] = 10
    broken = check(s)
    assert any(v.check == "stacking" and v.status == "violation" and "limit 20" in v.message for v in broken)  # 5.3.2
    for p in s.placements:
        if p.unit == "ph-artillery-bn":
            p.extra["sp"] = 1
    assert not any(v.check == "stacking" for v in check(s))


def test_within_needs_map_hexes():
    s = legal()
    for p in s.placements:
        if p.unit == "41-pa":
            p.at = "nichols"
    found = [v for v in check(s) if v.check == "place"]
    assert found and found[0].status == "unchecked" and "hexes of batangas-beach" in found[0].message


MUTATIONS = ["chit", "derived", "battery", "drop", "place", "subs"]


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10_000), mutation=st.sampled_from(MUTATIONS))
def test_mutated_setups_are_caught(seed, mutation):
    s = legal(seed)
    assert not [v for v in check(s) if v.status == "violation"]
    m = copy.deepcopy(s)
    if mutation == "chit":
        m.draws["japanese-chit"] = 8
        want = "16.4"
    elif mutation == "derived":
        m.derived["operational-transport"] = "99"
        want = "16.4.4"
    elif mutation == "battery":
        nums = m.choices["corregidor-battery-numbers"]
        nums.pop("Way")
        want = "10.2.3"
    elif mutation == "drop":
        m.placements.pop(0)
        want = m.placements and SC.unit(s.placements[0].unit).rule
    elif mutation == "place":
        m.placements[0].at = "takao" if m.placements[0].side == "allied" else "clark"
        want = SC.unit(m.placements[0].unit).rule
    else:
        m.choices["submarine-beaches"] = ["lingayen"] * 4
        want = "11.1"
    assert want in {v.rule for v in check(m) if v.status == "violation"}


@pytest.mark.slow
def test_cli_verify_exit_codes(tmp_path):
    good = tmp_path / "good.yaml"
    r = run_cli("scenario", "macarthur-bataan", "historical", "--seed", "5", "-o", good)
    assert r.returncode == 0, r.stderr
    r = run_cli("verify", good)
    assert r.returncode == 0, r.stdout + r.stderr
    assert b"legal" in r.stdout
    bad = tmp_path / "bad.yaml"
    bad.write_text(good.read_text().replace("allied-chit: ", "allied-chit: 1", 1), encoding="utf-8")
    r = run_cli("verify", bad, "--format", "text")
    assert r.returncode == 1
    assert b"16.1  draws.allied-chit:" in r.stdout


@pytest.mark.parametrize("text,fragment", [
    ("game: nope\nscenario: historical\n", "unknown game 'nope'"),
    ("game: macarthur-bataan\nscenario: nope\n", "unknown scenario of macarthur-bataan 'nope'"),
    ("game: macarthur-bataan\nscenario: historical\nplacements:\n  - {side: allied, unit: p-99, at: clark}\n",
     "bad.yaml:4: placement 1: unknown unit 'p-99'"),
    ("game: macarthur-bataan\nscenario: historical\nplacements:\n  - {side: allied, unit: p-35, count: two, at: x}\n",
     "bad.yaml:4:"),
    ("game: macarthur-bataan\nscenario: historical\ndraws: [1]\n", "bad.yaml:3:8: draws: [1] is not of type 'object' (must be a mapping)"),
    ("game: [\n", "bad.yaml:2:"),
])
@pytest.mark.sample
def test_bad_setup_files(tmp_path, text, fragment):
    f = tmp_path / "bad.yaml"
    f.write_text(text, encoding="utf-8")
    r = run_cli("verify", f)
    err = r.stderr.decode()
    assert r.returncode == 2 and "Traceback" not in err and len(err.strip().splitlines()) == 1, err
    assert fragment in err, err


@pytest.mark.slow
def test_count_writes_json_lines(tmp_path):
    r = run_cli("scenario", "macarthur-bataan", "historical", "--seed", "10", "--count", "5")
    lines = r.stdout.decode().strip().splitlines()
    assert r.returncode == 0 and len(lines) == 5 and '"seed": 14' in lines[-1]


@pytest.mark.slow
def test_setup_sheet_pdf(tmp_path):
    from playaids import pdfread

    sheet = tmp_path / "s.pdf"
    r = run_cli("scenario", "macarthur-bataan", "historical", "--seed", "3", "--sheet", sheet, "--lang", "en",
                "-o", tmp_path / "s.yaml")
    assert r.returncode == 0, r.stderr
    text = pdfread.page_text(sheet)
    s = setupreader.load(tmp_path / "s.yaml")
    assert "SECRET" in text and "Victory letter" in text and s.derived["victory-letter"] in text
    assert "Del Carmen" in text and "Set-up rules checked: none broken" in text


@pytest.mark.slow
@pytest.mark.parametrize("scenario_id", ["main-assault", "solitaire"])
def test_other_scenarios_300_seeds(scenario_id):
    sc = ROOT.scenario("macarthur-bataan", scenario_id)
    from playaids.engine import generate as gen

    for seed in range(300):  # the hypothesis properties draw further seeds
        s = gen.generate(sc, MAP, ROOT, seed)
        bad = [v for v in ver.verify(s, sc, MAP, ROOT) if v.status == "violation"]
        assert not bad, (seed, bad[0].line())


@pytest.mark.slow
def test_main_assault_rules():
    sc = ROOT.scenario("macarthur-bataan", "main-assault")
    from playaids.engine import generate as gen

    seen = set()
    for seed in range(100):
        s = gen.generate(sc, MAP, ROOT, seed)
        assert s.draws["allied-chit"] == 1  # 17.5.1
        roll = s.draws["corregidor-destroyed-roll"]
        assert s.derived["corregidor-batteries-destroyed"] == str(roll // 2)  # 17.5.2
        assert ("northern-deployment" in s.choices) == (s.draws["japanese-chit"] == 1)
        seen.add(roll)
        m = copy.deepcopy(s)
        m.derived["corregidor-batteries-destroyed"] = str(roll // 2 + 1)
        assert "17.5.2" in {v.rule for v in ver.verify(m, sc, MAP, ROOT) if v.status == "violation"}
        m = copy.deepcopy(s)
        m.draws["allied-chit"] = 2
        assert "17.5.1" in {v.rule for v in ver.verify(m, sc, MAP, ROOT) if v.status == "violation"}
    assert seen == {1, 2, 3, 4, 5, 6}


def test_solitaire_hit_order_is_a_permutation_of_1_to_24():
    sc = ROOT.scenario("macarthur-bataan", "solitaire")
    from playaids.engine import generate as gen

    s = gen.generate(sc, MAP, ROOT, 4)
    order = s.choices["corregidor-hit-order"]
    assert sorted(order.values()) == list(range(1, 25))  # 19.6
    order["hit 2"] = order["hit 1"]
    assert "19.6" in {v.rule for v in ver.verify(s, sc, MAP, ROOT) if v.status == "violation"}
