"""Spot-checks of Okinawa (seed 004_6cffc3deca95117c.txt): game.yaml, glossary.yaml and the
tables of inventory sections 004.1.14-004.1.21 (tank coordination, mortar accuracy, command
appeal and conference cost, disengagement, forward observation, victory points, scenario US
losses, combat fatigue). Every assertion cites the seed line it checks."""
import pytest

from datahelp import cell, note_of, raw_table, text, raw_file, row

GAME = "okinawa"
SEED = "004_6cffc3deca95117c.txt"

GROUND_VICTORY_TABLES = [
    "tank-coordination", "mortar-accuracy", "command-appeal", "conference-cost", "disengagement",
    "forward-observation", "victory-points-us", "victory-points-japan", "ship-victory-points",
    "scenario-2-us-losses", "scenario-3-us-losses", "scenario-4-us-losses", "combat-fatigue",
]


def _yaml(name):
    return raw_file(GAME, name)


_row = row


def _cell_raw(table, row, col_index):
    return _row(table, row)["cells"][col_index]


def _glossary():
    return {t["ja"]: t for t in _yaml("glossary.yaml")["terms"]}


# --- common ------------------------------------------------------------------------------

@pytest.mark.parametrize("tid", GROUND_VICTORY_TABLES)
def test_table_source_and_id(tid):
    t = raw_table(GAME, tid)
    assert t["id"] == tid
    assert t["source"]["seed"] == SEED
    assert t["source"]["lines"]


# --- game.yaml ---------------------------------------------------------------------------

def test_game_yaml():
    g = _yaml("game.yaml")
    assert g["id"] == GAME
    assert g["title"]["ja"] == "沖縄"  # 『沖縄』ルールブック, l. 11
    assert g["title"]["en"] == "Okinawa"  # running header "OKTINAWA", l. 470
    assert "OKTINAWA" in g["title"]["note"]
    assert g["source"]["seed"] == SEED
    assert "Roger Nord" in g["source"]["note"]  # l. 21
    assert [s["id"] for s in g["sides"]] == ["us", "japan"]
    assert g["sides"][0]["name"]["ja"] == "米軍"  # 米軍ユニット[U.S.UNIT], l. 745
    assert g["sides"][1]["name"]["ja"] == "日本軍"


# --- glossary ----------------------------------------------------------------------------

def test_glossary_bracketed_originals():
    g = _glossary()
    assert g["ゲームのプレイ方法"]["en"] == "How to play the game"  # l. 35-37
    assert g["ゲームの備品"]["en"] == "Game Equipment"  # l. 47-49
    assert g["プレイの手順"]["en"] == "Sequence of play"  # l. 246-248
    assert g["移動"]["en"] == "Movement"  # l. 583
    assert g["突撃戦闘"]["en"] == "Assault"  # l. 982-984
    assert "突擊戦闘" in g["突撃戦闘"]["aliases"]  # printed with 擊, l. 982
    assert g["補給"]["en"] == "Supply"  # l. 1116
    assert g["指揮統制"]["en"] == "Command Control"  # l. 1138
    assert g["日本軍の補充"]["en"] == "Japanese Replacement"  # l. 1320
    assert g["幕僚会議"]["en"] == "Command Appeal"  # l. 1368
    assert g["シナリオ"]["en"] == "Scenarios"  # l. 1430
    assert g["支配地域"]["en"] == "ZOC"  # l. 733
    assert g["司令部"]["en"] == "HQ"  # l. 132
    assert g["正規空母"]["en"] == "CV" and g["掃海艦"]["en"] == "MS"  # l. 1969
    for ja in ("ゲームのプレイ方法", "移動", "幕僚会議", "支配地域", "戦艦"):
        assert not g[ja].get("gloss")


def test_glossary_repaired_originals_carry_notes():
    g = _glossary()
    assert g["回復"]["en"] == "Recovery" and "Recoverly" in g["回復"]["note"]  # l. 1240
    assert g["米軍疲労"]["en"] == "Fatigue" and "Fatique" in g["米軍疲労"]["note"]  # l. 180
    assert g["麻痺"]["en"] == "Pinned" and "[Pin]" in g["麻痺"]["note"]  # l. 521, 681
    assert g["混乱"]["en"] == "Disrupted" and "[Disrupt]" in g["混乱"]["note"]  # l. 522, 681
    assert g["交戦"]["en"] == "Eng"  # l. 1097, 2182


def test_glossary_renderings_are_gloss():
    g = _glossary()
    for ja in ("離脱", "煙幕", "脱出", "臨機射撃", "前進観測", "戦車連繋", "総反攻", "八重瀬岳"):
        assert g[ja]["gloss"] is True, ja
    assert g["八重瀬岳"]["en"] == "Yaesu-dake"  # reading 〔やえすだけ〕, l. 1498
    assert "臨機射擊" in g["臨機射撃"]["aliases"]  # grid spelling, l. 2272
    jas = [t["ja"] for t in _yaml("glossary.yaml")["terms"]]
    assert len(jas) == len(set(jas))


# --- tank coordination (11.3, l. 2144-2159) --------------------------------------------

def test_tank_coordination():
    t = raw_table(GAME, "tank-coordination")
    assert t["dice"] == "1d6"
    assert t["title"]["ja"] == "米軍戦車連繫表"  # l. 2144, 繫 as printed
    assert cell(t, "1", "同一ヘクス") == "1*-2"  # l. 2149 "1* ~ 2"
    assert cell(t, "1", "隣接ヘクス") == "1*"  # l. 2149
    assert cell(t, "2+", "Same hex") == "1*-3"  # l. 2150 "1* ~ 3"
    assert cell(t, "2+", "Adjacent hex") == "1*-2"  # l. 2150
    assert cell(t, "防御側が麻痺または混乱状態", "DRM", grid="modifiers") == "-1"  # l. 2159
    legend = {e["code"]: e for e in t["legend"]}
    assert "ダイスの目" in legend["#"]["text"]["ja"]  # l. 2154, printed ダイスの日 (OCR)
    assert "ダイスの日" in note_of(legend["#"]["text"])
    assert "(+1)" in legend["*"]["text"]["ja"]  # l. 2155


# --- mortar accuracy (11.1, l. 2161-2166) ----------------------------------------------

def test_mortar_accuracy():
    t = raw_table(GAME, "mortar-accuracy")
    assert t["rule"] == "11.1" and t["dice"] == "1d6"
    assert cell(t, "1-4", "結果", lang="ja") == "目標に着弾、日本軍に加える"  # l. 2165
    assert cell(t, "5-6", "Result", lang="ja") == "目標を外れる、米軍に加える"  # l. 2166
    label = _row(t, "5-6")["label"]
    assert "5/6" in note_of(label)  # printed "5/6", l. 2166
    assert note_of(t["columns"][0])  # no column heading printed, l. 2163


# --- command appeal / conference cost (17.0, l. 2232-2266) ------------------------------

def test_command_appeal():
    t = raw_table(GAME, "command-appeal")
    assert t["dice"] == "1d6"
    expected = ["総反攻", "万歳反擊", "一斉転進", "随意反攻", "補充回復", "予備解放"]  # l. 2235-2240
    assert [text(r["cells"][0], "ja") for r in t["rows"]] == expected
    assert [text(r["label"]) for r in t["rows"]] == ["1", "2", "3", "4", "5", "6"]
    drm = _row(t, "5月4日の会議", grid="modifiers")
    assert drm["cells"] == ["-1"] and drm["rule"] == "17.15"  # l. 2252, 17.15 l. 1406
    assert note_of(drm)
    legend = {text(e["code"], "ja"): e for e in t["legend"]}
    # the codes are the result names: bilingual, so an English card prints the English name
    assert text(t["legend"][0]["code"], "en") == "General counteroffensive"
    assert "突破" in legend["万歳反撃"]["text"]["ja"]  # l. 2260, kept as printed
    assert note_of(legend["万歳反撃"]["text"])  # read as 突撃
    assert legend["総反攻"]["text"]["ja"].startswith("2ゲームターン継続し")  # l. 2258


def test_conference_cost():
    t = raw_table(GAME, "conference-cost")
    assert cell(t, "1", "会議のコスト", lang="ja") == "5ポイント"  # l. 2243
    assert cell(t, "4", "会議のコスト", lang="ja") == "20ポイント"  # l. 2246
    assert cell(t, "5", "会議のコスト", lang="ja") == "1ポイント/ゲームターン"  # l. 2247
    assert cell(t, "6", "Conference cost", lang="ja") == "2ポイント/ゲームターン"  # l. 2248
    assert any(n.get("rule") == "17.32" for n in t["notes"])  # l. 2254


# --- disengagement (9.9, l. 2268-2279) --------------------------------------------------

def test_disengagement():
    t = raw_table(GAME, "disengagement")
    assert cell(t, "1", "米軍", lang="ja") == "煙幕"  # l. 2271
    assert cell(t, "1", "日本軍", lang="ja") == "脱出"  # l. 2271
    assert cell(t, "2-3", "米軍", lang="ja") == "煙幕"  # l. 2272
    assert cell(t, "2-3", "日本軍", lang="ja") == "臨機射擊"  # l. 2272, 擊 as printed
    assert cell(t, "4-6", "U.S.") == "Opportunity fire"  # l. 2273
    assert cell(t, "2ヘクス以内に日本軍HQ", "DRM", grid="modifiers") == "-1"  # l. 2277
    assert cell(t, "混乱状態", "DRM", grid="modifiers") == "+1"  # l. 2279
    assert _row(t, "2ヘクス以内に日本軍HQ", grid="modifiers")["rule"] == "9.91b"  # l. 780


# --- forward observation (10.0, l. 2281-2290) -------------------------------------------

def test_forward_observation():
    t = raw_table(GAME, "forward-observation")
    assert cell(t, "1-2", "米軍", lang="ja") == "可"  # l. 2284
    assert cell(t, "3", "米軍", lang="ja") == "否"  # l. 2285
    assert cell(t, "3", "日本軍", lang="ja") == "可"  # l. 2285
    assert cell(t, "4-6", "Japanese") == "Failure"  # l. 2286
    assert cell(t, "平地ヘクス内の目標", "DRM", grid="modifiers") == "-1"  # l. 2290


# --- victory points (l. 2292-2346) ------------------------------------------------------

def test_victory_points_us_pairing():
    t = raw_table(GAME, "victory-points-us")
    # l. 2296: "+ 5 <6th Mar> <1st Mar> + 5 <77th> + 5 <extra> + 10 ..."
    assert cell(t, "第6海兵師団が沖縄の北端を掃討", "VP") == "+5"
    assert note_of(_cell_raw(t, "第6海兵師団が沖縄の北端を掃討", 0))
    assert cell(t, "第1海兵師団が沖縄の中央部を掃討", "VP") == "+5"
    assert cell(t, "4月25日の前に第77師団が伊江島を掃討すると追加", "VP") == "+10"
    assert cell(t, "日本軍の航空攻撃を4月10日まで遅延させる", "VP") == "+10"
    assert cell(t, "与座岳(よざだけ)(ヘクス1946)を最後に占領", "VP") == "+15"
    assert cell(t, "日本軍のHQを除去", "VP") == "+20"
    shuri = "首里(しゅり)を占領(北部浸透ユニットを除き、日本軍ユニットが都市ヘクス内に存在しない)"
    assert cell(t, shuri, "VP") == "+40"
    assert note_of(_row(t, shuri)["label"])  # closing parenthesis supplied, l. 2296
    assert cell(t, "6月21日より前に、沖縄が陥落したとみなされた各ゲーム・ターン毎に", "VP") == "+15"
    assert len(t["rows"]) == 17


def test_victory_points_us_unvalued_entries():
    t = raw_table(GAME, "victory-points-us")
    beach = "米軍ユニットが2番目の橋頭堡を撤収しない(シナリオ18.2のみ)"  # l. 2298 + 2306
    most = "6月21日ターンより前の、沖縄の大部分を占領する各ゲーム・ターン毎に(シナリオ18.3のみ)"  # l. 2304 + 2300
    for label in (beach, most, "占領された各重要防御地点毎に(シナリオ18.3のみ)"):  # l. 2302
        c = _cell_raw(t, label, 0)
        # said, not a bare "?" (issue 22), the legend telling the player what to do about it
        assert (text(c), text(c, "ja")) == ("no value given*", "値の記載なし*")
        assert "2336" in note_of(c)  # orphan "+ 15" values, l. 2336, 2344, 2346
    assert note_of(_row(t, beach)["label"]) and note_of(_row(t, most)["label"])
    star = [e for e in t["legend"] if e["code"] == "*"][0]
    assert "agree on the values before play" in star["text"]["en"] and "+15" in star["text"]["ja"]


def test_victory_points_japan():
    t = raw_table(GAME, "victory-points-japan")
    assert cell(t, "嘉手納(かでな)飛行場を奪回(一度のみ得点)", "VP") == "+5"  # l. 2310
    assert cell(t, "読谷(よみたん)飛行場を奪回(一度のみ得点)", "VP") == "+10"  # l. 2311
    assert cell(t, "疲労ポイントがレヴェル①である毎に", "VP") == "+1"  # l. 2312
    assert cell(t, "疲労ポイントがレヴェル③である毎に", "VP") == "+3"  # l. 2314
    assert note_of(_row(t, "疲労ポイントがレヴェル②である毎に")["label"])  # symbol lost, l. 2313
    assert cell(t, "各米軍戦車、補給、司令部のステップが除去される毎に", "VP") == "+5"  # l. 2316
    assert cell(t, "米軍の各5航空値が除去される毎に", "VP") == "+1"  # l. 2317
    assert cell(t, "幕僚会議のダイス振り", "VP", lang="ja") == "可変"  # l. 2328
    exit_row = "6月18日または20日のゲーム・ターンにマップ北端から退出した各日本軍ユニット毎に(シナリオ18.3のみ)"
    assert cell(t, exit_row, "VP") == "+3"  # l. 2332-2334
    assert "6月21日" in note_of(_row(t, exit_row)["label"])  # 18.33c conflict
    assert cell(t, "日本軍HQが重要防御地点内で生き残る(シナリオ18.3のみ)", "VP") == "+15"  # l. 2342
    assert text(_cell_raw(t, "米軍が2番目の橋頭堡を撤収(シナリオ18.2のみ)", 0)) == "no value given*"  # l. 2330


def test_ship_victory_points():
    t = raw_table(GAME, "ship-victory-points")
    assert cell(t, "CV", "損傷") == "+8" and cell(t, "CV", "沈没") == "+20"  # l. 2320
    assert cell(t, "BB, CVL", "Damaged") == "+5" and cell(t, "BB, CVL", "Sunk") == "+8"  # l. 2321
    assert cell(t, "CA", "Sunk") == "+6"  # l. 2322
    assert cell(t, "CL, T", "Sunk") == "+4"  # l. 2323
    assert cell(t, "DD, MS, G, LST", "損傷") == "+1" and cell(t, "DD, MS, G, LST", "沈没") == "+2"  # l. 2324


# --- scenario US losses -----------------------------------------------------------------

def test_scenario_2_losses_reconstructed():
    t = raw_table(GAME, "scenario-2-us-losses")
    # l. 1678: fatigue "0 3 10 5 12" in division order
    fat = [cell(t, d, "疲労") for d in ("第1海兵師団", "第6海兵師団", "第7歩兵師団", "第27歩兵師団", "第96歩兵師団")]
    assert fat == ["0", "3", "10", "5", "12"]
    # l. 1678: only three step-loss entries for five divisions; every step-loss cell is marked
    assert cell(t, "第7歩兵師団", "ステップロス", lang="ja") == "2個大隊"
    assert cell(t, "第27歩兵師団", "ステップロス", lang="ja") == "1個大隊"
    assert cell(t, "第96歩兵師団", "ステップロス", lang="ja") == "2個大隊"
    for r in t["rows"]:
        assert note_of(r["cells"][0]), text(r["label"])
    assert "2個大隊 1個大隊 2個大隊" in t["note"]


def test_scenario_3_losses():
    t = raw_table(GAME, "scenario-3-us-losses")
    assert cell(t, "第1海兵師団", "ステップロス", lang="ja") == "2個大隊"  # l. 1761
    assert cell(t, "第7歩兵師団", "ステップロス") == "–"  # blank, l. 1763
    assert note_of(_cell_raw(t, "第7歩兵師団", 0))
    assert cell(t, "第77歩兵師団", "ステップロス", lang="ja") == "3個大隊"  # l. 1765
    assert cell(t, "第96歩兵師団", "疲労") == "12"  # l. 1766
    assert cell(t, "第27歩兵師団", "Fatigue") == "5"  # l. 1764


def test_scenario_4_losses():
    t = raw_table(GAME, "scenario-4-us-losses")
    assert cell(t, "第1海兵師団", "ステップロス", lang="ja") == "1個大隊"  # l. 1821
    assert cell(t, "第1海兵師団", "疲労") == "10"  # l. 1821
    assert cell(t, "第6海兵師団", "疲労") == "14"  # l. 1822
    assert cell(t, "第27歩兵師団", "ステップロス") == "–"  # blank, l. 1824
    assert cell(t, "第27歩兵師団", "疲労") == "0"  # l. 1824
    assert cell(t, "第77歩兵師団", "ステップロス", lang="ja") == "1個大隊"  # l. 1825
    assert cell(t, "第96歩兵師団", "疲労") == "8"  # l. 1826


# --- combat fatigue (14, table on the map) ----------------------------------------------

def test_combat_fatigue_missing():
    t = raw_table(GAME, "combat-fatigue")
    assert t["rows"] == [] and t["columns"] == []
    assert "map" in t["missing"]["en"]  # 「マップ上に記載された「米軍戦闘疲労表」」, l. 1272
    rules = {n.get("rule") for n in t["notes"]}
    assert {"14.11", "14.12", "15.31", "15.32", "15.4"} <= rules  # l. 1190, 1192, 1274, 1286, 1304
    assert "15" in t["note"] and "16" in t["note"]  # 14.41, l. 1226
