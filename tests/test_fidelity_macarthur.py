"""Issue 15, MacArthur: The Road to Bataan - seed readings the data must keep (seed 000)."""
from playaids import load
from playaids.engine import api, loading
from playaids.engine import verify as ver

ROOT = load.DEFAULT_DATA
GAME = "macarthur-bataan"


def _verify(scenario, setup):
    return ver.verify(setup, loading.load_scenario(ROOT, GAME, scenario), loading.load_map(ROOT, GAME), ROOT)


def _place_results(scenario, unit, where):
    s = api.generate(ROOT, GAME, scenario, 3)
    for p in s.placements:
        if p.unit == unit:
            p.at = where
    return [v for v in _verify(scenario, s) if v.check == "place" and unit in v.where]


def test_b10_at_any_bomber_airfield_of_the_chart():
    # 16.2.1 いずれかの爆撃機飛行場; 8.2.5 Luzon Airfield Chart: B boxes at Clark, Nichols, Tuguegarao
    for scenario in ("historical", "main-assault", "solitaire"):
        for field in ("clark", "nichols", "tuguegarao"):
            assert _place_results(scenario, "b-10", field) == [], (scenario, field)
        bad = _place_results(scenario, "b-18", "iba")  # Iba: F F only
        assert bad and bad[0].status == "violation"


def test_doubtful_b_boxes_are_unchecked_not_chosen():
    # Del Carmen's and Batangas's B boxes are one reading of the mangled chart only
    for field in ("del-carmen", "batangas"):
        found = _place_results("historical", "b-10", field)
        assert found and found[0].status == "unchecked" and "doubtful" in found[0].message
    for seed in range(40):
        s = api.generate(ROOT, GAME, "historical", seed)
        assert {p.at for p in s.placements if p.unit in ("b-10", "b-18")} <= {"clark", "nichols", "tuguegarao"}


def test_bicol_spelled_as_the_seed():
    # 2.1.2, 4.8, 5.3.3: ビコル半島
    m = loading.load_map(ROOT, GAME)
    assert m.place("bicol").name["ja"] == "ビコル半島"
