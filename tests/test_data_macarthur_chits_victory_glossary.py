"""Spot-checks of MacArthur: The Road to Bataan (seed 000_f089f1f260971f6c.txt): chit tables,
victory tables, optional and solitaire tables, game.yaml and glossary.yaml.
Every assertion cites the seed line it checks."""
import pytest

from datahelp import cell, note_of, raw_table, text, raw_file, row

GAME = "macarthur-bataan"
SEED = "000_f089f1f260971f6c.txt"


def _yaml(name):
    return raw_file(GAME, name)


_row = row


def _glossary():
    return {t["ja"]: t for t in _yaml("glossary.yaml")["terms"]}


# --- game.yaml ---------------------------------------------------------------------------

def test_game_yaml():
    g = _yaml("game.yaml")
    assert g["id"] == GAME
    assert g["title"]["ja"] == "マッカーサー バターンへの道"  # l. 2747
    assert g["title"]["en"] == "MacArthur: The Road to Bataan"  # l. 2744
    assert g["source"]["seed"] == SEED
    assert "伊集院 小門" in g["source"]["note"] and "2021.5.21" in g["source"]["note"]  # l. 2748
    assert "v1.1" in g["source"]["note"]  # errata notice, l. 2744-2745
    assert [s["id"] for s in g["sides"]] == ["allied", "japan"]
    assert g["sides"][1]["name"]["ja"] == "日本軍"  # l. 282


# --- tables: common shape ----------------------------------------------------------------

TABLES = {
    "solitaire-bomber-missions": ("19.21", "1d6"),
    "solitaire-fighter-missions": ("19.221", "1d6"),
    "solitaire-submarine-presence": ("19.5", "1d6"),
    "allied-forces": ("16.1", "none"),
    "japanese-forces": ("16.4.1", "none"),
    "transport": ("16.4.4", "none"),
    "victory-matrix": ("17.1", "none"),
    "victory-levels": ("17.3", "none"),
    "victory-points": ("18.3", "none"),
    "victory-table": ("18.3", "none"),
    "strategic-transport-arrival": ("18.1", "2d6"),
}


@pytest.mark.parametrize("tid", sorted(TABLES))
def test_table_header(tid):
    t = raw_table(GAME, tid)
    assert t["id"] == tid
    assert (t["rule"], t["dice"]) == TABLES[tid]
    assert t["source"]["seed"] == SEED and t["source"]["lines"]
    for r in t["rows"]:
        assert len(r["cells"]) == len(t["columns"])


# --- solitaire tables (19.x) -------------------------------------------------------------

def test_bomber_missions():
    t = raw_table(GAME, "solitaire-bomber-missions")
    col = "攻撃の任務"  # l. 2124
    assert [text(r["label"]) for r in t["rows"]] == ["1", "2", "3", "4", "5", "6"]
    assert cell(t, "1", col, lang="ja") == "橋梁"  # l. 2126
    assert cell(t, "3", col, lang="ja") == "飛行場"  # l. 2130
    assert cell(t, "4", col, lang="ja") == "最寄りの敵陸上ユニット"  # l. 2132
    assert cell(t, "6", col, lang="ja") == "最強の敵陸上ユニット"  # l. 2136
    assert cell(t, "6", col) == "Strongest enemy land unit"
    assert any(n.get("rule") == "19.211" and "次に高いナンバー" in text(n["text"], "ja")
               for n in t["notes"])  # l. 2138


def test_fighter_missions():
    t = raw_table(GAME, "solitaire-fighter-missions")
    col = "実行する任務"  # l. 2156
    assert cell(t, "2", col, lang="ja") == "護衛機として行動する"  # l. 2160
    assert cell(t, "3", col, lang="ja") == "機銃掃射"  # l. 2162
    assert cell(t, "4", col, lang="ja") == "妨害"  # l. 2164
    assert cell(t, "5", col) == "CAP" and cell(t, "6", col) == "CAP"  # l. 2166-2167
    # 19.222 says 下降 (down) while 19.211 goes up: flagged (l. 2169-2170, 2138)
    n = next(n for n in t["notes"] if n.get("rule") == "19.222")
    assert "下降" in text(n["text"], "ja") and "HIGHER" in n["note"]


def test_submarine_presence():
    t = raw_table(GAME, "solitaire-submarine-presence")
    col = "潜水艦が存在するか？"  # l. 2193
    assert cell(t, "1", col) == "Yes"  # l. 2195
    assert all(cell(t, str(d), col) == "No" for d in range(2, 7))  # l. 2196-2200
    m = t["modifiers"]
    lingayen = next(r for r in m["rows"] if "リンガエン" in text(r["label"], "ja"))
    assert lingayen["cells"] == ["+1"]  # l. 2204
    assert "not changed" in lingayen["note"]  # sign kept as printed, flagged
    turn2 = next(r for r in m["rows"] if "ターン2以後" in text(r["label"], "ja"))
    assert turn2["cells"] == ["-1"]  # l. 2206
    assert "11.3" in turn2["note"]  # lost if Cavite destroyed, l. 2206-2207
    assert text(t["title"], "en") == "Submarine Attack (Solitaire)"  # l. 2191, told from 11.0's chart


# --- chit tables (16.x) ------------------------------------------------------------------

def test_allied_forces():
    t = raw_table(GAME, "allied-forces")
    assert t["title"]["en"] == "Allied Forces Available"  # l. 1673, printed in capitals
    assert cell(t, "1", "部隊", lang="ja") == "史実"  # l. 1677
    assert cell(t, "4", "部隊", lang="ja") == "史実+ペンサコラ船団（P）"  # l. 1683
    assert cell(t, "5", "部隊", lang="ja") == "史実+ペンサコラ船団+ポーク・クーリッジ船団（C）"  # l. 1684-1686
    assert note_of(_row(t, "5")) is not None
    rules = [n["rule"] for n in t["notes"]]
    assert "16.2.5" in rules and "16.2.6" in rules  # l. 1757, 1764
    pens = next(n for n in t["notes"] if n["rule"] == "16.2.5")
    assert "3つのB-17" in text(pens["text"], "ja")  # l. 1758


def test_japanese_forces():
    t = raw_table(GAME, "japanese-forces")
    col = "日本軍部隊"  # l. 1783
    assert [text(r["label"]) for r in t["rows"]] == ["1-3", "4", "5", "6", "7"]  # l. 1785-1797
    assert note_of(t["rows"][0]["label"])  # printed １、２、３
    assert "ターン9" in cell(t, "1-3", col, lang="ja")  # l. 1785
    assert "いつでも" in cell(t, "4", col, lang="ja")  # l. 1788
    assert "第62聯隊基幹" in cell(t, "5", col, lang="ja")  # l. 1791
    assert "横須賀第1特別陸戦隊空挺大隊" in cell(t, "6", col, lang="ja")  # l. 1792-1794
    assert "グループ「A」と「B」" in cell(t, "7", col, lang="ja")  # l. 1795-1797
    groups = [text(n["text"], "ja") for n in t["notes"] if n.get("rule") == "16.4.3"]
    assert any(g.startswith("グループ「A」：戦車第4聯隊") for g in groups)  # l. 1841
    assert any("速射砲第3＆第20" in g for g in groups)  # group B, l. 1854


def test_transport():
    t = raw_table(GAME, "transport")
    assert t["title"]["en"] == "Japanese Transport Availability"  # l. 1861
    assert cell(t, "1-3", "戦略") == "115" and cell(t, "1-3", "作戦") == "25"  # l. 1866
    assert cell(t, "4", "Strategic") == "120" and cell(t, "4", "Operational") == "30"  # l. 1867
    assert cell(t, "5", "Strategic") == "75" and cell(t, "5", "Operational") == "25"  # l. 1868
    assert cell(t, "6", "Strategic") == "110" and cell(t, "6", "Operational") == "35"  # l. 1869
    assert cell(t, "7", "Strategic") == "130" and cell(t, "7", "Operational") == "40"  # l. 1870


# --- victory (17.x, 18.x) ----------------------------------------------------------------

MATRIX = [  # l. 1898-1904
    "CCCBA", "CCCBA", "CCCBA", "CCCBA", "CBBAA", "DCDCB", "DDDCC",
]


def test_victory_matrix_grid():
    t = raw_table(GAME, "victory-matrix")
    assert [text(c) for c in t["columns"]] == ["1", "2", "3", "4", "5"]  # l. 1897
    assert [text(r["label"]) for r in t["rows"]] == [str(i) for i in range(1, 8)]
    assert ["".join(r["cells"]) for r in t["rows"]] == MATRIX
    assert cell(t, "2", "5") == "A"  # 17.2 example, l. 1909-1910
    assert cell(t, "6", "1") == "D"  # 17.2 example, l. 1915-1916
    assert "ALLIED FORCES" in text(t["corner"])  # l. 1885
    assert {l["code"] for l in t["legend"]} == {"A", "B", "C", "D"}


def test_victory_matrix_cli_csv(cli):
    out = cli("table", GAME, "victory-matrix", "--format", "csv")
    assert out.returncode == 0, out.stderr
    lines = [l for l in out.stdout.decode("utf-8").splitlines() if l.strip()]
    assert len(lines) == 8  # header + 7 rows
    assert lines[0].split(",")[1:] == ["1", "2", "3", "4", "5"]
    body = [l.split(",") for l in lines[1:]]
    assert [r[0] for r in body] == [str(i) for i in range(1, 8)]
    assert ["".join(r[1:]) for r in body] == MATRIX  # l. 1898-1904


def test_victory_levels():
    t = raw_table(GAME, "victory-levels")
    col = "日本軍の勝利条件"
    assert "マニラ又はコレヒドールを確保" in cell(t, "A", col, lang="ja")  # l. 1926-1928
    assert "60攻撃値以下" in cell(t, "B", col, lang="ja")  # l. 1932
    assert "マニラとコレヒドール" in cell(t, "C", col, lang="ja")  # l. 1935
    assert "20攻撃値以下" in cell(t, "D", col, lang="ja")  # l. 1943
    n = next(n for n in t["notes"] if "16.5" in text(n["text"], "ja"))  # l. 1947
    assert "14.4" in n["note"] and "no rule 16.5" in n["note"]


def test_victory_points():
    t = raw_table(GAME, "victory-points")
    vp = {text(r["label"], "ja"): r["cells"][0] for r in t["rows"]}
    assert vp["マニラをターン13に確保。"] == "+1"  # l. 2022
    assert vp["連合国陸軍を20攻撃値未満に減少させる。"] == "+1"  # l. 2031
    assert vp["ターン5の前にビコル半島飛行場を確保していない。"] == "-1"  # l. 2038
    assert vp["日本軍の部隊チット#1、2、3が引かれた。"] == "-1"  # l. 2051
    assert vp["日本軍の部隊チット#4が引かれた。"] == "-2"  # l. 2052
    assert vp["日本軍の部隊チット#6が引かれた。"] == "-3"  # l. 2053
    assert vp["日本軍の部隊チット#7が引かれた。"] == "-4"  # l. 2054
    assert not any("#5" in k for k in vp)  # chit #5 has no entry
    assert "#5" in t["missing"]["en"] and t["missing"].get("gloss") is True
    assert len(t["rows"]) == 16  # 8 plus lines and 8 minus lines, l. 2022-2054
    assert note_of(_row(t, "連合国陸軍を60攻撃値未満に減少させる。"))  # 未満 vs 以下 flagged
    clark = t["notes"][0]
    assert "クラーク飛行場" in text(clark["text"], "ja") and clark["note"]  # l. 2056


def test_victory_table():
    t = raw_table(GAME, "victory-table")
    col = "勝利段階"  # l. 2062
    assert cell(t, "3以上", col, lang="ja") == "日本軍戦略的勝利"  # l. 2064
    assert cell(t, "2", col, lang="ja") == "日本軍作戦的勝利"  # l. 2066
    assert cell(t, "1", col, lang="ja") == "日本軍戦術的勝利"  # l. 2068
    assert cell(t, "0以下", col, lang="ja") == "連合軍戦略的勝利"  # l. 2070


def test_strategic_transport_arrival():
    t = raw_table(GAME, "strategic-transport-arrival")
    col = "到着ターン"  # l. 2002
    assert [text(r["label"]) for r in t["rows"]] == ["2-3", "4-5", "6-9", "10-12"]  # l. 2001
    assert cell(t, "2-3", col) == "3&4"  # l. 2002
    assert cell(t, "6-9", col) == "5&6"
    assert cell(t, "10-12", col) == "6&7"
    assert note_of(t["rows"][0]["label"])  # printed ２、３


# --- glossary ----------------------------------------------------------------------------

def test_glossary_originals():
    g = _glossary()
    assert g["増援フェイズ"]["en"] == "Reinforcement Phase"  # l. 276
    assert g["海軍特別陸戦隊"]["en"] == "Special Naval Landing Force"  # l. 246
    assert g["日本軍の使用可能輸送量"]["en"] == "Japanese Transport Availability"  # l. 1861
    assert g["勝利表"]["en"] == "VICTORY TABLE"  # l. 2060
    assert g["連合軍潜水艦の割当"]["en"] == "ALLIED SUB LACATIONS" and "sic" in g["連合軍潜水艦の割当"]["note"]  # l. 2285
    assert "gloss" not in g["勝利段階"]  # l. 1924


def test_glossary_aircraft_code_names():
    g = _glossary()
    expected = {  # l. 2549-2551 and the brackets in 8.2.1, 8.2.6, 14.5, 16.4.2
        "九七式戦闘機": "Nate", "九七式重爆撃機": "Sally", "九七式軽爆撃機": "Ann",
        "九八式軽爆撃機": "Mary", "九九式軽爆撃機": "Lily", "九九式襲撃機": "Sonia",
        "九八式直協機": "Ida", "九六式艦上戦闘機": "Claude", "零式艦上戦闘機": "Zeke",
        "九六式陸上攻撃機": "Nell", "一式陸上攻撃機": "Betty", "九六式陸上輸送機": "Tina",
    }
    for ja, en in expected.items():
        assert g[ja]["en"] == en and not g[ja].get("gloss")
    assert "Zero" in g["零式艦上戦闘機"]["note"]  # [Zero] in 8.2.6, l. 982


def test_glossary_gloss_marked():
    g = _glossary()
    assert g["史実"]["gloss"] is True  # no original, l. 1677
    assert g["ペンサコラ船団"]["gloss"] is True  # l. 1683
    assert g["妨害"]["gloss"] is True  # l. 2164
    assert "Linguayen" in g["リンガエン"]["note"]  # l. 1963
