"""Issue 15, Amigos & Insurrectors (seed 002): 4.0 objective chits, 10.6.3 hit numbers, 1.1.2 control."""
import pytest

from scenariohelp import Game, mutated, place

SCENARIOS = ["campaign", "guerrilla-war", "stand-up-fight"]


@pytest.fixture(scope="module")
def game():
    return Game("amigos-insurrectors")


@pytest.mark.sample
@pytest.mark.parametrize("scenario", SCENARIOS)
def test_generator_never_takes_eliminate_4_poa_at_set_up(game, scenario):
    # 4.0 (l. 181): with 3 or fewer POA markers on the map, "Eliminate 4 POA" (#10) may not be chosen
    for seed in range(2000):
        s = game.generate(scenario, seed)
        assert 10 not in s.choices["filipino-objectives"], seed


def test_verify_catches_eliminate_4_poa_with_3_markers_and_accepts_it_with_4(game):
    s = game.generate("campaign", 1)
    s.choices["filipino-objectives"] = [10, "dummy"]
    bad = [v for v in game.violations(s) if v.rule == "4.0"]
    assert bad and "0 POA markers" in bad[0].message
    three = place(mutated(s), "us", "poa-markers", "area-24", 3)
    assert [v for v in game.violations(three) if v.rule == "4.0"]
    four = place(mutated(s), "us", "poa-markers", "area-24", 4)
    assert not [v for v in game.verify(four) if v.rule == "4.0"]


def _summary_items():
    from docs import summary_of
    out = []
    def walk(items):
        for it in items:
            out.append(it)
            walk(getattr(it, "items", ()) or ())
    for sec in summary_of("amigos-insurrectors").sections:
        walk(sec.items)
    return out


def test_us_defending_hits_attacking_guerrillas_on_5_6():
    # 10.6.3 (l. 370): フィリピン軍の作戦フェーズの中での米軍(防御側)によるフィリピンゲリラ(攻撃側)への攻撃: 「5」「6」でヒット
    rnd = [i for i in _summary_items() if i.text and "one die per combat step" in i.text.en][0]
    assert "guerrillas attacking it in the Filipino operations phase (the US defending) on 5-6" in rnd.text.en
    assert "other hits are on 6" not in rnd.text.en


def test_area_control_is_in_the_summary():
    # 1.1.2: US needs at least 1 combat step; three Filipino conditions; leaders, Macabebe, artillery excluded
    texts = " ".join(i.text.en for i in _summary_items() if i.text)
    assert "at least 1 combat step" in texts
    assert "empty" in texts and "outnumber" in texts and "equal or exceed" in texts
    assert "Leaders, Macabebe Scouts and artillery do not count in the combat steps" in texts


def test_amigos_example_setups_still_built():
    # the 4.0 generation hook must not make the build skip Amigos' example setups
    from playaids import games
    assert games.game("amigos-insurrectors").example_setups and not games.game("asl-chapter-g").example_setups


def test_poa_monsoon_self_contradiction_is_flagged():
    # 11.0 (Manila only on turn 1 / monsoon) vs 13.0 (no US POA at all in monsoon)
    items = [i for i in _summary_items() if i.text and ("POA" in i.text.en or "Monsoon" in i.text.en)]
    poa = [i for i in items if i.text.en.startswith("POA:")][0]
    assert "Not in Manila on turn 1 or in monsoon turns" in poa.text.en and "Both readings kept" in poa.note
    mon = [i for i in items if i.text.en.startswith("Monsoon")][0]
    assert "11.0" in mon.note and "13.0" in mon.note
    # on the aid, in words (no unexplained mark): the other rule named beside the reading kept
    assert "(13.0: no US POA at all in monsoon)" in poa.text.en and "（13.0ではモンスーン中は一切置けない）" in poa.text.ja
    assert "(11.0 bars it only in Manila)" in mon.text.en and "（11.0では「Manila」のみ不可）" in mon.text.ja
    assert not any("△" in t for t in (poa.text.en, poa.text.ja, mon.text.en, mon.text.ja))


def test_no_reorganisation_after_a_retreat_or_for_an_amphibious_operation():
    # 10.8: 敵ユニットが撤退した場合 / 米軍の陸海共同作戦
    it = [i for i in _summary_items() if i.text and "eliminated all enemy units" in i.text.en][0]
    assert "not when the enemy retreated, nor for US units on an amphibious operation" in it.text.en
