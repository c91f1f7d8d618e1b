"""Glossaries a term can be found in (issue 13): Japanese in gojūon order of the reading kept in
the data, then English alphabetically."""

import pytest
import pdfplumber
from docs import columns_of

from playaids import collation
from playaids.model import Term
from playaids.repository import Repository

ROOT = Repository.builtin()
def test_gojuon_order_of_readings():
    terms = [Term("画面", "screen", reading="がめん"), Term("カード", "card"), Term("兵", "soldier", reading="へい"),
             Term("ベース", "base"), Term("キャップ", "cap"), Term("機関", "engine", reading="きかん"),
             Term("Pusan 橋頭堡", "Pusan beachhead", reading="Pusanきょうとうほ"), Term("未読", "unread")]
    order = [t.ja for t in collation.by_reading(terms)]
    # か < が (a voiced kana after its plain one), きか < きゃ, へ < べ; Latin-initial, then unread last
    assert order == ["カード", "画面", "機関", "キャップ", "兵", "ベース", "Pusan 橋頭堡", "未読"]
    assert [t.en for t in collation.alphabetical(terms)][:3] == ["base", "cap", "card"]


def test_every_term_with_kanji_has_a_reading_in_the_data():
    for g in ROOT.game_ids():
        missing = [t.ja for t in ROOT.game(g, with_tables=False).glossary
                   if collation._KANJI.search(t.ja) and not t.reading]
        assert not missing, (g, missing)


@pytest.mark.slow
def test_printed_glossary_is_sorted_both_ways(cli_in, tmp_path):
    out = tmp_path / "glossary.a4.pdf"
    assert cli_in("glossary", "okinawa", "--lang", "both", "-o", out).returncode == 0   # both lists
    text = columns_of(out)  # two columns a page: the left one, then the right
    ja_part, en_part = text.split("English → 日本語 (A–Z)")
    game = ROOT.game("okinawa", with_tables=False)
    firsts = [t.ja for t in collation.by_reading(game.glossary)][:4]
    assert firsts[:3] == ["奄美諸島", "荒地", "伊江島"]          # あまみ, あれち, いえじま
    positions = [ja_part.index(f"\n{ja} ") for ja in firsts]  # each heads its line, its reading after it
    assert positions == sorted(positions)
    ens = [t.en for t in collation.alphabetical(game.glossary)][:4]
    assert [en_part.index(e) for e in ens] == sorted(en_part.index(e) for e in ens)
    # 渡具知 is read とぐち (the rules' Toguchi), not as its characters suggest
    assert next(t for t in game.glossary if t.ja == "渡具知").reading == "とぐち"


@pytest.mark.parametrize("term,reading,words", [
    ("暗殺トラック", "あんさつとらっく", ["あんさつ", "とらっく"]),
    ("十歳以下を全員殺害せよ", "じゅうさいいかをぜんいんさつがいせよ", ["じゅうさいいか", "を", "ぜんいんさつがい", "せよ"]),
    ("緊急発進表", "きんきゅうはっしんひょう", ["きんきゅうはっしんひょう"]),
    ("ゲリラ戦", "げりらせん", ["げりら", "せん"]),
    ("Manila", "まにら", ["まにら"]),                     # no kana to follow: one piece
    ("暗殺トラック", "あんさつかーど", ["あんさつかーど"]),   # a reading not following its kana
    ("九六式艦上戦闘機", "きゅうろくしきかんじょうせんとうき", ["きゅうろくしきかん", "じょうせんとうき"]),
])
def test_a_reading_breaks_where_its_term_changes_script(term, reading, words):
    """A printed reading is cut only between the pieces of its term (「あんさつとらっ / く」 no
    more); a piece longer than a column holds goes on in even parts."""
    from playaids.render.glossary_pdf import reading_words
    assert reading_words(term, reading) == words


@pytest.mark.slow
def test_no_printed_reading_is_cut_inside_a_word(cli_in, tmp_path):
    out = tmp_path / "glossary.a4.pdf"
    assert cli_in("glossary", "amigos-insurrectors", "--lang", "ja", "-o", out).returncode == 0
    with pdfplumber.open(out) as pdf:
        text = "\n".join(p.extract_text() or "" for p in pdf.pages)
    assert "あんさつ" in text and "あんさつとらっ\nく" not in text and "とらっ\nく" not in text


def test_a_term_breaks_between_its_words():
    """「沖縄の飛行場が機能してい / る」: a term is cut only between its words (BudouX's phrases),
    a word longer than a column between its script runs or after a ・; spaces kept."""
    from playaids.render.glossary_pdf import term_words
    assert term_words("沖縄の飛行場が機能している") == [("沖縄の", True), ("飛行場が", True), ("機能している", True)]
    assert term_words("日本軍プレイヤー・セグメント") == [("日本軍", True), ("プレイヤー・", True), ("セグメント", True)]
    assert term_words("Pusan 橋頭堡") == [("Pusan", True), (" ", False), ("橋頭堡", True)]
    assert "".join(w for w, _ in term_words("「オブジェクティブ」チット")) == "「オブジェクティブ」チット"
