"""Spot-checks of data/asl-chapter-g against seed 003_011843d7096e7649.txt (line numbers cited)."""
import yaml

from datahelp import DATA, cell, note_of, raw_table, text

GAME = "asl-chapter-g"
SEED = "003_011843d7096e7649.txt"


def _row(table, label):
    for r in table["rows"]:
        if label in (text(r["label"], "ja"), text(r["label"], "en")):
            return r
    raise KeyError(label)


def _glossary():
    with open(DATA / GAME / "glossary.yaml", encoding="utf-8") as f:
        return {t["ja"]: t for t in yaml.safe_load(f)["terms"]}


def test_game_and_sides():
    with open(DATA / GAME / "game.yaml", encoding="utf-8") as f:
        game = yaml.safe_load(f)
    assert [s["id"] for s in game["sides"]] == ["japanese", "allied"]
    assert game["sides"][0]["name"]["ja"] == "日本軍"   # l. 418


def test_glossary_bracketed_terms():
    g = _glossary()
    assert g["射界"]["en"] == "Covered Arc"            # l. 740 (CA：Covered Arc)
    assert g["駄載砲"]["en"] == "Pack Gun"             # l. 69
    assert g["駄馬"]["en"] == "Mule"                   # l. 71
    assert g["卸下"]["en"] == "Unpacking"              # l. 79
    assert g["崖上洞窟"]["en"] == "Upper-Cliff cave"   # l. 516
    assert g["基点洞窟"]["en"] == "Primary Cave"       # l. 915
    assert g["秘匿"]["en"] == "Cloaking"               # l. 977
    assert g["複合洞窟配置シート"]["en"] == "Cave-Complex Setup Sheet"   # l. 983
    assert g["弾薬欠乏"]["en"] == "Low Ammo"           # l. 297
    assert not g["射界"].get("gloss")                  # bracketed original, not ours
    assert g["峡谷地"]["gloss"] is True                # our rendering


def test_vulnerability_table():
    t = raw_table(GAME, "animal-pack-vulnerability")
    assert t["rule"] == "G10.4" and t["dice"] == "1d6" and t["source"]["seed"] == SEED
    col = "結果"
    assert cell(t, "≦2", col, lang="ja").startswith("砲は除去")                      # l. 271
    assert cell(t, "3", col, lang="ja") == "砲は故障した状態で降ろされ、弾薬欠乏カウンターが置かれる*"   # l. 273
    assert cell(t, "4", col, lang="ja") == "砲は降ろされ、弾薬欠乏カウンターが置かれる*"   # l. 275
    assert cell(t, "5", col, lang="ja") == "砲は故障した状態で降ろされる*"               # l. 277
    assert cell(t, "6", col, lang="ja") == "砲は降ろされる*"                             # l. 279
    assert cell(t, "攻撃により駄馬が除去された場合", "drm", grid="modifiers") == "-1"     # l. 291
    # l. 281: the * footnote: random CA
    assert t["legend"][0]["code"] == "*"
    assert "無作為" in text(t["legend"][0]["text"], "ja")
    # l. 269: header note, bold 弾薬欠乏 quadrupled in the extraction
    assert any("弾薬欠弾薬欠" in (n.get("note") or "") for n in t["notes"])


def test_pack_period():
    t = raw_table(GAME, "pack-period")
    assert t["rule"] == "G10.3"
    # l. 194: 94mm INF, M#10, non-MTR, day: 12 - 10 + 1 = 3
    assert cell(t, "10", "非MTR・昼間") == "3"
    assert cell(t, "10", "非MTR・夜間") == "6"     # l. 183-184: doubled at night
    # l. 336-345: dm 81mm MTR, M#11: 1 full game turn
    assert cell(t, "11", "MTR・昼間") == "1"
    assert cell(t, "11", "非MTR・昼間") == "2"
    # l. 168-170: minimum 1 game turn (formula gives 0 for an M#12 MTR), noted
    r = _row(t, "12")
    assert r["cells"][0]["text"] == "1" and "at least 1 game turn" in note_of(r["cells"][0])
    assert r["cells"][1]["text"] == "2" and note_of(r["cells"][1])
    assert cell(t, "7", "非MTR・夜間") == "12"
    assert "computed" in t["note"]


def test_ccss_legend():
    t = raw_table(GAME, "ccss-legend")
    assert t["rule"] == "G11.32"
    labels = [text(r["label"], "en") for r in t["rows"]]
    assert len(labels) == 23                                   # l. 996-1101
    assert labels[0] == "A, B, etc." and labels[-1] == "×"
    assert cell(t, "ATD/A", "名称", lang="ja") == "対戦車壕"        # l. 1000-1003
    assert cell(t, "P-R/A", "名称", lang="ja") == "事前砲撃指定へクス"   # l. 1070
    assert cell(t, "P-R/A", "説明", lang="ja") == "(後ろの“A”は、OBA中隊の ID)"   # l. 1070
    assert cell(t, "FL#", "名称", lang="ja") == "要塞化建物区域"    # l. 1053-1056
    assert cell(t, "× × ×", "名称", lang="ja") == "鉄条網"          # l. 1099
    assert cell(t, "×", "名称", lang="ja") == "除去された野戦構築物"   # l. 1101
    assert "赤" in cell(t, "#/A", "説明", lang="ja")                # l. 1025: primary cave in red
    # de-quadrupled symbols keep the raw extraction in the table's note (l. 1000, l. 1070), not
    # on rows a card would shade as doubtful
    assert "ATD/A (l. 1000-1005: ATD/AATD/AATD/AATD/A" in t["note"]
    assert "P-R/A (l. 1070: PPPP----R/AR/AR/AR/A" in t["note"]
    assert "four times" in t["note"] and "note" not in _row(t, "ATD/A")
    # the symbols the map draws are drawn (G18): the cave's Λ, the complex boundary, the tunnel
    drawn = {r["label"]["draw"]: r for r in t["rows"] if isinstance(r["label"], dict) and "draw" in r["label"]}
    assert set(drawn) == {"cave", "boundary", "tunnel"}
    assert drawn["boundary"]["cells"][0]["en"] == "Cave-complex boundary"   # l. 1027
    # lost symbols: panji defended hexside (l. 1061), told in plain words, and the tunnel
    # (l. 1093), drawn from its explanation: both noted as reconstructed
    assert cell(t, "（ヘクスサイドに沿った記号）", "名称", lang="ja") == "パンジーの防御ヘクスサイド"
    assert drawn["tunnel"]["cells"][0]["ja"] == "トンネル" and "l. 1092" in drawn["tunnel"]["label"]["note"]
    assert "l. 1235" in _row(t, "#/A")["note"]                   # displaced Λ
