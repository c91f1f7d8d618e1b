"""Issue 15, MacArthur: The Road to Bataan - seed readings the data must keep (seed 000)."""
import re

from playaids.engine import api
from playaids.engine import verify as ver
from playaids.repository import DEFAULT_DATA, Repository

ROOT = Repository.builtin()
GAME = "macarthur-bataan"


def _verify(scenario, setup):
    return ver.verify(setup, ROOT.scenario(GAME, scenario), ROOT.map(GAME), ROOT)


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
    m = ROOT.map(GAME)
    assert m.place("bicol").name["ja"] == "ビコル半島"


def _sc(sid):
    return ROOT.scenario(GAME, sid)


def _notes(sid):
    return " ".join(n["text"]["en"] for n in _sc(sid).notes)


def test_japanese_aircraft_names_as_the_seed():
    # 16.4.2 / l. 2549-2551: Lily = 九九式軽爆撃機 (no 双発), Tina = 九六式陸上輸送機
    for sid in ("historical", "main-assault", "solitaire"):
        sc = _sc(sid)
        assert sc.unit("lily-kato").name["ja"] == "九九式軽爆撃機"
        assert sc.unit("tina-kagi").name["ja"] == "九六式陸上輸送機"


def test_tainan_fighters_keep_both_readings():
    # 16.4.2 prints 九七式戦闘機 [Nate] at Tainan; the translator's note reads Zeke
    for sid in ("historical", "main-assault", "solitaire"):
        u = _sc(sid).unit("tainan-fighters")
        assert u.name["ja"].startswith("九七式戦闘機") and "零式艦上戦闘機" in u.name["ja"]
        assert "Nate" in u.name["en"] and "Zeke" in u.name["en"]


def test_victory_letters_grow_harder():
    # 17.2: 「後続する各文字は、より高い難易度の目標」
    for sid in ("historical", "main-assault", "solitaire"):
        note = _sc(sid).element("victory-condition")["note"]
        assert "harder goal" in note and "one level lower" not in note


def test_optional_rules_default_off_and_named_optional():
    # 18.0 選択ルール: 18.1 strategic transport availability is optional
    for sid in ("historical", "main-assault", "solitaire"):
        e = _sc(sid).element("strategic-transport-option")
        assert e["default"] is False and "optional" in e["title"]["en"] and "選択ルール" in e["title"]["ja"]
        s = api.generate(ROOT, GAME, sid, 3)
        assert s.choices["strategic-transport-option"] is False and "strategic-transport-roll" not in s.draws


def test_main_assault_air_may_stay_and_tina_stays_at_kagi():
    # 17.5.2 「配備できます」 (may); Tina, Nell, Betty on permanent airfields (8.2.1, 12.1); one Zero removed
    sc = _sc("main-assault")
    assert sc.unit("japanese-air-north") is None
    assert sc.unit("tina-kagi").at == "kagi"
    assert sum(u.count for u in sc.units if u.side == "japan" and u.type == "aircraft") == 24
    s = api.generate(ROOT, GAME, "main-assault", 5)
    for p in s.placements:  # every unit back on its 16.4.2 field is legal
        if p.side == "japan":
            u = sc.unit(p.unit)
            p.at = u.at if isinstance(u.at, str) else u.at[0]
    assert not [v for v in _verify("main-assault", s) if v.status == "violation"]
    assert "John Hayes" in _notes("main-assault") and "may deploy" in _notes("main-assault")
    assert "chit #1" in _notes("main-assault") and "The rules do not say whether the opening condition" in _notes("main-assault")


def test_batan_takes_two_fighters_and_no_bomber():
    # 8.2.4: up to 2 fighter units at Batan
    s = api.generate(ROOT, GAME, "main-assault", 5)
    for p in s.placements:
        if p.unit in ("zeke-takao", "claude-takao"):
            p.at = "batan"
    bad = [v for v in _verify("main-assault", s) if v.status == "violation"]
    assert any(v.rule == "8.2.4" and "limit 2" in v.message for v in bad)
    s = api.generate(ROOT, GAME, "main-assault", 5)
    for p in s.placements:
        if p.unit == "sally-choshu":
            p.at = "batan"
    assert any(v.check == "place" and "sally-choshu" in v.where
               for v in _verify("main-assault", s) if v.status == "violation")


def test_11th_pa_regiment_disagreement_is_flagged():
    # 16.2.4 第３連隊 / set-up box 13/11 PA / 17.5.1 第13連隊
    u = _sc("historical").unit("11-pa-3rd-regiment")
    assert u.name["en"] == "3rd Regiment of the 11th PA (13th in the set-up box and 17.5.1)" and "△" not in u.name["ja"]
    # the disagreement is the makers' account (sources appendix), the unit's name tells the player
    notes = [n for n in ROOT.scenario(GAME, "main-assault").notes if "17.5.1" in n.get("rule", "")]
    assert "13/11 PA" in notes[0]["note"] and "13/11 PA" not in _notes("main-assault")


def test_cavite_bomb_value_and_vigan_rules():
    import yaml
    for t in ("bombing", "submarine-attack", "solitaire-submarine-presence"):
        text = (DEFAULT_DATA / GAME / "tables" / f"{t}.yaml").read_text(encoding="utf-8")
        assert "bomb value of 4" in text and "4 result" not in text  # 11.3 「４数値によって爆撃」
    assert "4 result" not in (DEFAULT_DATA / GAME / "turns.yaml").read_text(encoding="utf-8")
    gl = yaml.safe_load((DEFAULT_DATA / GAME / "glossary.yaml").read_text(encoding="utf-8"))["terms"]
    assert [e["rule"] for e in gl if e["ja"] == "ビガン"] == ["4.4.6, 4.5"]


def test_missing_rules_now_present():
    hist = _notes("historical")
    assert "propaganda victory" in hist and "Optional" in hist  # 18.2
    assert "remove 4 ABSUs to receive 2 provisional infantry" in hist  # 6.3
    assert "ABSUs are placed as desired" in hist  # 16.2.1
    assert "upgrades one regiment each of the 11th, 21st, 41st and 51st PA" in hist  # 16.2.5
    sc = _sc("historical")
    assert sc.unit("trucks-pensacola").count == 2 and sc.unit("artillery-131st").count == 2  # 16.2.5
    assert sc.unit("heavy-batteries-polk-coolidge").count == 3  # 16.2.6
    solo = _notes("solitaire")
    for words in ("within 5 hexes of an active airfield", "within 3 hexes of Manila, Clark, Olongapo",
                  "Mt. Ararat", "hidden unit is revealed"):  # 19.3, 19.4, 19.7, 19.13-19.14
        assert words in solo
    t = ROOT.table(GAME, "allied-holding-boxes")
    assert len(t.grid.rows) == 14


def test_abus_provisional_units_may_arrive():
    # 17.5.1 「到着できます」: optional, not compulsory
    rec = ROOT.turns(GAME)
    ev = [e for e in rec.events if "provisional units derived from ABSUs" in e.text.en][0]
    assert "may arrive" in ev.text.en and ev.text.ja.endswith("到着できる。")


def test_john_hayes_shift_on_the_first_turn_of_main_assault():
    rec = ROOT.turns(GAME)  # 17.5.2: プレイの最初のターンにジョン・ヘイズ飛行場へ移送できます
    assert any("John Hayes" in e.text.en and "may" in e.text.en for e in rec.events_in(5, "main-assault"))
    assert not any("John Hayes" in e.text.en for e in rec.events_in(5, "historical"))


def test_summary_has_the_propaganda_victory():
    from docs import summary_of
    texts = [i.text.en for sec in summary_of(GAME).sections for i in sec.items if i.text]
    assert any("USAFFE HQ is captured or destroyed" in t and t.startswith("Optional rule") for t in texts)  # 18.2


def test_a_lost_unit_type_symbol_is_named_in_words_in_both_languages():
    """Terrain Effects Chart (l. 2657-2717): a unit-type pictogram before 「タイプ」 is lost in the
    extraction; a Japanese player must not read a blank where it stood (' タイプは攻撃できない')."""
    t = ROOT.table(GAME, "terrain-effects")
    lost = [c for r in t.grid.rows for c in r.cells if c is not None and "タイプ" in c.ja]
    assert len(lost) == 3
    for c in lost:
        assert "チャートに記号で示されたタイプ" in c.ja and "whose symbol the printed chart shows" in c.en
        assert not re.search(r"[\s、。]タイプ", c.ja)


def test_main_assault_asks_about_an_airfield_before_its_first_turn_of_play():
    # 16.2.3: ターン１のプレイ開始前…; the Main Assault begins play on turn 5 (17.5.1: ターン５
    # （プレイの最初のターン）): 'before turn 1' on its sheet was a turn it never plays (rv39)
    sc = Repository.builtin().scenario("macarthur-bataan", "main-assault")
    note = next(n for n in sc.notes if "16.2.3" in n["rule"])
    assert note["text"]["en"].startswith("Before the first turn of play (turn 5)")
    assert "ターン５" in note["text"]["ja"] and "turn 1" not in note["text"]["en"]
