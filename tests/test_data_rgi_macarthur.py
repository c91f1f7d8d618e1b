"""Spot-checks of data/rgi-macarthur against seed 001_e8c30b99d7c7bffd.txt (line numbers cited)."""
import yaml

from datahelp import DATA, cell, note_of, raw_table, text

GAME = "rgi-macarthur"
SEED = "001_e8c30b99d7c7bffd.txt"
TABLES = ["road-costs", "combat-dice", "damage", "loss-removal", "campaign-decks", "korea-reserves",
          "new-guinea-reserves", "new-guinea-storm-risk", "bataan-japanese-reserves",
          "starting-forces", "movement-points", "unit-limits", "retreat"]


def _row(table, label):
    for r in table["rows"]:
        if label in (text(r["label"], "ja"), text(r["label"], "en")):
            return r
    raise KeyError(label)


def test_every_table_cites_the_seed():
    for tid in TABLES:
        t = raw_table(GAME, tid)
        assert t["id"] == tid
        assert t["source"]["seed"] == SEED


def test_game_sides():
    with open(DATA / GAME / "game.yaml", encoding="utf-8") as f:
        game = yaml.safe_load(f)
    # l. 19-20, 68-70: 青軍 moves first, 赤軍 second
    assert [s["id"] for s in game["sides"]] == ["blue", "red"]
    assert game["sides"][0]["name"]["ja"] == "青軍"


def test_road_costs():
    t = raw_table(GAME, "road-costs")
    assert cell(t, "実線道路", "移動ポイント") == "1"   # l. 28
    assert cell(t, "破線道路", "移動ポイント") == "2"   # l. 29
    assert cell(t, "点線道路", "移動ポイント") == "3"   # l. 30
    # l. 30: the dotted-line symbol is lost; the drawn one carries a note
    dotted = _row(t, "点線道路")["cells"][0]
    assert "lost" in note_of(dotted)


def test_combat_dice():
    t = raw_table(GAME, "combat-dice")
    assert cell(t, "大型ユニット1個", "Standard") == "1"        # l. 41
    assert cell(t, "小型ユニット2個", "Standard") == "1"        # l. 41
    assert cell(t, "小型ユニット1個", "Standard") == "0"        # l. 41
    assert cell(t, "小型ユニット2個", "New Guinea") == "2"      # l. 41 備考, l. 156
    assert cell(t, "1プレイヤーが振るサイコロ数の最大", "Standard") == "5"   # l. 42
    assert cell(t, "小型ユニット1個しかいない防御側", "Standard") == "0"     # l. 43
    # New Guinea lone small defender: not stated; reconstructed and noted (l. 43, 156)
    r = _row(t, "小型ユニット1個しかいない防御側")
    assert note_of(r["cells"][1]) and "Uncertain" in note_of(r["cells"][1])
    # modifiers: l. 82 (NK out of supply), l. 187 (air superiority), l. 201, l. 114
    assert cell(t, "KOREAN WAR: 補給下にない北朝鮮軍", "Dice", grid="modifiers") == "-1"
    assert cell(t, "BATAAN RETREAT: 日本軍の制空権", "Dice", grid="modifiers") == "+1"
    assert cell(t, "BATAAN RETREAT: 日本軍が Olongapo と Layac の両方を占拠", "Dice", grid="modifiers") == "-1"
    assert cell(t, "上級者用の選択退却ルール：敵ユニット", "Dice", grid="modifiers") == "+2"


def test_damage():
    t = raw_table(GAME, "damage")
    col = "相手への損害"
    assert cell(t, "サイコロ1個を振り、6の目", col) == "1"   # l. 48
    assert cell(t, "同数のサイコロ2個ごと", col) == "1"       # l. 51
    assert cell(t, "同数のサイコロ3個", col) == "2"           # l. 52
    assert cell(t, "同数のサイコロ4個", col) == "3"           # l. 53
    assert cell(t, "同数のサイコロ5個", col) == "4"           # l. 54


def test_loss_removal():
    t = raw_table(GAME, "loss-removal")
    assert cell(t, "大型ユニット1個", "Standard") == "2"       # l. 55
    assert cell(t, "大型ユニット1個", "New Guinea") == "1"     # l. 56 備考, l. 158
    assert cell(t, "1損害で小型ユニットがいない場合の大型ユニット1個", "Standard") == "1"   # l. 56


def test_campaign_decks():
    t = raw_table(GAME, "campaign-decks")
    assert cell(t, "KOREAN WAR", "青軍のカード") == "15"        # l. 88
    assert cell(t, "KOREAN WAR", "赤軍のカード") == "8"         # l. 88
    assert cell(t, "KOREAN WAR", "最大ターン数") == "15"        # l. 90
    assert cell(t, "NEW GUINEA", "青軍のカード") == "10"        # l. 162
    assert cell(t, "NEW GUINEA", "赤軍のカード") == "13"        # l. 162
    assert cell(t, "NEW GUINEA", "最大ターン数") == "20"        # l. 164
    assert cell(t, "BATAAN RETREAT", "青軍のカード") == "12"    # l. 205
    assert cell(t, "BATAAN RETREAT", "赤軍のカード") == "11"    # l. 205
    assert cell(t, "BATAAN RETREAT", "最大ターン数") == "36"    # l. 206
    # l. 206: the end card goes in at the 2nd turn-over of the Allied pile
    assert "2回目" in cell(t, "BATAAN RETREAT", "「ゲーム終了」カード", lang="ja")
    assert "一番下" in cell(t, "KOREAN WAR", "「ゲーム終了」カード", lang="ja")   # l. 90


def test_korea_reserves():
    t = raw_table(GAME, "korea-reserves")
    col = "国連軍の予備部隊"
    assert "機甲" in cell(t, "6", col, lang="ja")     # l. 74
    assert "歩兵1個" in cell(t, "4-5", col, lang="ja")  # l. 74
    # 1-3 is not stated in l. 74: implied no effect, with a note
    assert cell(t, "1-3", col) == "–"
    assert note_of(_row(t, "1-3")["cells"][0])


def test_new_guinea_reserves_and_storm():
    t = raw_table(GAME, "new-guinea-reserves")
    assert "空挺歩兵" in cell(t, "6", "連合軍", lang="ja")    # l. 140
    assert "歩兵" in cell(t, "3-4", "連合軍", lang="ja")      # l. 140 (5、4、または 3)
    assert cell(t, "3-4", "日本軍") == "–"                   # l. 148 (5 か 6 only)
    assert "歩兵" in cell(t, "5", "日本軍", lang="ja")        # l. 148
    s = raw_table(GAME, "new-guinea-storm-risk")
    assert "除去" in cell(s, "1-2", "結果", lang="ja")        # l. 142
    assert note_of(_row(s, "3-6")["cells"][0])              # implied, noted


def test_bataan_japanese_reserves():
    t = raw_table(GAME, "bataan-japanese-reserves")
    col = "日本軍の予備部隊"
    assert cell(t, "5-6", col, lang="ja") == "熟練兵1個得る(2個まで)"   # l. 210
    assert cell(t, "2-4", col, lang="ja") == "未熟兵1個得る(5個まで)"   # l. 210
    assert "2回目" in t["note"]                                        # l. 210


def test_starting_forces_and_limits():
    t = raw_table(GAME, "starting-forces")
    assert cell(t, "KOREAN WAR: 北朝鮮軍(赤色)", "大型ユニット", lang="ja").startswith("2")    # l. 70
    assert cell(t, "BATAAN RETREAT: 連合軍(青色)", "小型ユニット", lang="ja").startswith("40")  # l. 178
    # l. 178: 「そしてゾーンⅢに。」 is cut off; the cell says so in a note
    r = _row(t, "BATAAN RETREAT: 連合軍(青色)")
    assert "ゾーンⅢ" in note_of(r["cells"][2])
    # ... and the player is told what to do, not how the rules' text ends (rv38)
    assert "プレイ前に取り決めること" in r["cells"][2]["ja"] and "agree on it before play" in r["cells"][2]["en"]
    u = raw_table(GAME, "unit-limits")
    assert cell(u, "1つの町のユニット", "最大") == "10"                      # l. 13
    assert cell(u, "1ターン中に1道路区画を使用するユニット", "最大") == "5"   # l. 34
    assert cell(u, "退却する防御側ユニット", "最大") == "5"                  # l. 104

