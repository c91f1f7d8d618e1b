"""Japanese line breaking: no line starts with 、。」）ー・ or a small kana, none ends with 「（.
`wrap` (turn sheets, card notes and cells, setup sheets) is tested directly; Pango's breaking
(HTML text) and ours are checked on the PDFs themselves, read back line by line with pdfplumber."""
import pytest

from docs import summary_pdf, turns_pdf
from playaids import kinsoku
from playaids.render import document
from playaids.repository import Repository

SAMPLE = ("日本軍プレイヤーは、自軍の要求された撤退を取り去ります。ユニットは（「マニラ」）へ移動、"
          "フェイズ・シークエンス（ルール）、ターン記録チャートのコード・ネーム一覧ー。ジャングル、"
          "ショック、チェック（ﾁｪｯｸ）。々の踊り字、3.2.1 Naval Movement (14.4.2.1)。")


def _measure(s):
    return sum(1.0 if ord(c) > 255 else 0.5 for c in s)


@pytest.mark.parametrize("width", [3, 4, 5, 6, 7, 9, 11, 13, 17])
def test_wrap_keeps_the_rules_at_every_width(width):
    lines = kinsoku.wrap(SAMPLE, width, _measure)
    assert "".join(lines).replace(" ", "") == SAMPLE.replace(" ", "")
    assert kinsoku.violations(lines) == []
    if width >= 7:  # a rule number is split only when it is wider than the line
        assert all("14.4.2.1" in ln for ln in lines if "14.4" in ln)


def test_violations_are_found():
    assert kinsoku.violations(["ターン", "ー記録"]) and kinsoku.violations(["記録「", "ターン」"])
    assert kinsoku.violations(["ョン"]) and not kinsoku.violations(["ション"])


@pytest.mark.slow
def test_pango_breaks_html_text_by_the_rules(tmp_path):
    """A narrow-column HTML page of hard cases, read back line by line."""
    cols = "".join(f'<p style="width:{w}pt">{SAMPLE * 2}</p>' for w in range(38, 160, 9))
    html = (f'<html lang="ja"><head><meta charset="utf-8"><style>html{{font-family:{document.FONT_STACK};'
            f'font-size:9pt}}</style></head><body>{cols}</body></html>')
    pdf = tmp_path / "k.pdf"
    pdf.write_bytes(document.render_pdf(html, "kinsoku-test"))
    lines = kinsoku.pdf_lines(pdf)
    assert len(lines) > 100
    assert kinsoku.violations(lines) == []


@pytest.mark.sample
@pytest.mark.parametrize("make", [
    lambda: summary_pdf("okinawa", "ja"), lambda: summary_pdf("macarthur-bataan", "both"),
    lambda: summary_pdf("amigos-insurrectors", "ja"), lambda: turns_pdf("okinawa", None, "both"),
    lambda: turns_pdf("macarthur-bataan", None, "ja"), lambda: turns_pdf("amigos-insurrectors", None, "both"),
], ids=["okinawa-summary", "macarthur-summary-both", "amigos-summary", "okinawa-turns", "macarthur-turns",
        "amigos-turns"])
def test_documents_keep_the_rules(make):
    lines = kinsoku.pdf_lines(make())
    assert kinsoku.violations(lines) == []


def test_a_space_before_a_closing_mark_is_no_break():
    """「Luna Assasination 」 as the seed prints it: the 」 must not start a line."""
    text = "双方は「Luna Assasination 」トラック1にチットを置き、ダイスを一個振る。" * 3
    for width in range(8, 40):
        lines = kinsoku.wrap(text, width, _measure)
        assert kinsoku.violations(lines) == [], (width, lines)


def _card(gid, tid, lang, tmp_path):
    from playaids.render import cards
    from playaids.render.page import PageSpec

    game = Repository.builtin().game(gid)
    pdf = tmp_path / f"{tid}.{lang}.pdf"
    pdf.write_bytes(cards.render(game.tables[tid], game, PageSpec(lang=lang)))
    return pdf


@pytest.mark.parametrize("gid,tid,lang", [
    ("amigos-insurrectors", "us-advantage-stand-up", "both"), ("amigos-insurrectors", "jungle-warfare", "ja"),
    ("macarthur-bataan", "terrain-effects", "ja"), ("asl-chapter-g", "animal-pack-vulnerability", "ja"),
    ("okinawa", "combat-fatigue", "ja"),
])
@pytest.mark.sample
def test_card_notes_keep_the_rules(gid, tid, lang, tmp_path):
    """Cards whose notes ReportLab's own CJK wrapping ended with 「 or （ (it keeps only the
    line-start rule); their notes are now broken by kinsoku.wrap."""
    assert kinsoku.violations(kinsoku.pdf_lines(_card(gid, tid, lang, tmp_path))) == []


@pytest.mark.sample
@pytest.mark.parametrize("gid,scenario,lang", [("rgi-macarthur", "korea", "ja"), ("okinawa", "scenario-1", "ja"),
                                               ("okinawa", "scenario-3", "both")])
def test_setup_sheets_keep_the_rules(gid, scenario, lang, tmp_path):
    from playaids.build.kinds import sheet_view
    from playaids.engine import api
    from playaids.render import setupsheet
    from playaids.render.page import PageSpec

    root = Repository.builtin()
    setup = api.generate(root, gid, scenario, 1)
    pdf = tmp_path / "s.pdf"
    pdf.write_bytes(setupsheet.render(root, sheet_view(root, setup, *api.verify_setup(root, setup)), PageSpec(lang=lang)))
    assert kinsoku.violations(kinsoku.pdf_lines(pdf)) == []


@pytest.mark.parametrize("text,width", [("「オブジェクティブ」チットVPの記録：米軍が先", 10),
                                        ("日本軍は予備部隊の判定を行う所)", 7.5)])
def test_a_paragraph_does_not_end_on_one_or_two_characters(text, width):
    lines = kinsoku.wrap(text, width, _measure)
    assert len(lines[-1]) > 2 and "".join(lines) == text and kinsoku.violations(lines) == []
    assert all(_measure(ln) <= width for ln in lines)


def test_orphan_rule_leaves_latin_and_wide_enough_lines_alone():
    assert kinsoku.wrap("abc def ghi jk", 6, _measure) == ["abc def ghi", "jk"]
    for width in range(3, 18):
        lines = kinsoku.wrap(SAMPLE, width, _measure)
        assert "".join(lines).replace(" ", "") == SAMPLE.replace(" ", "") and kinsoku.violations(lines) == []


def test_the_continuation_mark_is_never_split():
    """Issue 22: a heading band broke 「（続」 / 「き）」, and the preflight could no longer tell
    the piece for a continuation."""
    for width in range(3, 12):
        lines = kinsoku.wrap("射撃戦闘表：修正（続き） / Fire Combat Table (continued)", width, _measure)
        assert any("（続き）" in ln for ln in lines), lines


def test_a_katakana_word_and_a_counted_number_are_not_broken_inside():
    """A reviewer read 「(ルー / ル 16.2.4)」 and 「チット(5 / 枚)」 as words cut in two: a katakana
    word and a number with its counter wrap whole; a break after a word's ・ stays allowed."""
    measure = lambda s: 10.0 * len(s)   # noqa: E731
    for text, least in (("配置（ルール 16.2.4）", 60), ("「アドバンテージ」チット(5枚)", 100)):
        for k in range(len(text) * 10, least - 10, -10):   # no narrower than the longest word
            lines = kinsoku.wrap(text, k, measure)
            assert not any(a.endswith(("ルー", "チッ", "(5")) for a in lines[:-1]), (k, lines)
    assert kinsoku.wrap("ソリテア・プレイ", 60, measure) == ["ソリテア・", "プレイ"]
    assert kinsoku._units("ゲームのルール") == ["ゲーム", "の", "ルール"]
    # how narrow a column may be is still one character: a word wider than its column is cut
    assert kinsoku.pieces("ゲームのルール") == ["ゲー", "ム", "の", "ルー", "ル"]
    assert kinsoku.wrap("ルール", 20, measure) == ["ルー", "ル"]
    assert "終了" in kinsoku.pieces("シナリオ2：牛島の防衛戦 終了")   # not 終 / 了


def test_a_word_a_space_sets_off_and_an_equals_sign_stay_whole():
    """A reviewer read Okinawa's fleet-target heading 「攻撃部隊 損傷」 as 「攻撃部 / 隊損傷」 and the
    MacArthur summary's 「C」 / 「＝マニラと…」: a Japanese word set off by a space wraps whole
    where the line allows, and ＝ never starts a line."""
    measure = lambda s: 10.0 * len(s)   # noqa: E731
    for k in (40, 50, 60):
        assert kinsoku.wrap("攻撃部隊 損傷", k, measure) == ["攻撃部隊", "損傷"], k
    assert kinsoku.words("攻撃部隊 損傷") == ["攻撃部隊", "損傷"]
    assert kinsoku.pieces("攻撃部隊") == list("攻撃部隊")   # how narrow a column may be: JIS X 4051's units
    assert kinsoku.wrap("攻撃部隊 損傷", 30, measure) == ["攻撃部", "隊", "損傷"]   # wider than its line: cut
    for k in range(20, 90, 10):
        lines = kinsoku.wrap("勝利段階：C＝マニラとコレヒドール", k, measure)
        assert not any(ln.startswith("＝") for ln in lines), (k, lines)
    assert kinsoku.violations(["勝利段階：C", "＝マニラ"])


def test_a_heading_keeps_its_words_whole_where_the_columns_allow():
    """Grid column widths: when headings cannot keep one line, each keeps its words whole before
    any column is cut to a character (攻撃部隊 / 損傷 in Okinawa's ten fleet columns)."""
    from playaids import fonts
    from playaids.render import grid

    strings = [["ダイス"] + ["攻撃部隊 損傷", "英国空母群 沈没"] * 5] + [["2"] + ["BB", "CVL"] * 5]
    size = 7
    need = [fonts.width(w, fonts.GOTHIC, size) for w in ["ダイス"] + ["攻撃部隊", "英国空母群"] * 5]
    for avail in (sum(need) + 12 * (2 * grid.PAD + 1), 420):
        widths = grid.column_widths(strings, fonts.GOTHIC, size, avail, True, True)
        assert widths and sum(widths) <= avail + 0.01
        assert all(w >= n for w, n in zip(widths, need)), (avail, widths)
    narrow = grid.column_widths(strings, fonts.GOTHIC, size, sum(need) - 20, True, True)
    assert narrow and any(w < n for w, n in zip(narrow, need))   # else a word is cut, the grid still fits


def test_a_label_breaks_between_words_where_that_costs_no_line():
    """Reviewers read 「台湾飛 / 行場チャート」, 「北朝 / 鮮軍」 and 「フェイゲン脱 / 走兵」 in chart
    titles and cells as words cut in two. Short text (`phrases`) breaks between BudouX's
    phrases, else between words, where the paragraph keeps its number of lines; prose keeps
    breaking by character, as Japanese typesetting does."""
    from playaids import fonts

    measure = lambda s: fonts.width(s, fonts.GOTHIC, 10)   # noqa: E731
    cases = {("日本軍待機ボックス／台湾飛行場チャート", 120): ["日本軍待機ボックス／", "台湾飛行場チャート"],
             ("KOREAN WAR: 北朝鮮軍(赤色)", 80): ["KOREAN WAR:", "北朝鮮軍(赤色)"],
             ("デイビット・フェイゲン脱走兵", 60): ["デイビット・", "フェイゲン", "脱走兵"],
             ("フィリピンリーダーが除去され米軍は2PWを獲得", 100): ["フィリピンリーダーが", "除去され米軍は", "2PWを獲得"]}
    for (text, width), want in cases.items():
        plain = kinsoku.wrap(text, width, measure)
        assert plain != want and len(plain) == len(want), plain   # by character: a word cut, as many lines
        assert kinsoku.wrap(text, width, measure, phrases=True) == want
    # where whole phrases would take a line more, the break falls between words, else characters
    for k in range(30, 400, 7):
        for text in (SAMPLE, "陸海共同作戦の移動", "米軍戦車隊の射撃(速射砲への射撃を除く)"):
            plain, short = kinsoku.wrap(text, k, measure), kinsoku.wrap(text, k, measure, phrases=True)
            assert len(short) <= len(plain) and kinsoku.violations(short) == [], (k, short)
            assert "".join(short).replace(" ", "") == text.replace(" ", "")


def test_a_short_result_cell_is_one_word():
    """A reviewer read MacArthur's bilingual CRT card as 「– /」 over 「1DR」: a short Latin cell (a
    result for each side) takes its column whole where the columns can spare the room."""
    from playaids import fonts
    from playaids.render import grid

    size = 8
    label = "サイの目 / 戦闘比 Die roll / Odds"
    strings = [[label] + [f"{k}-1" for k in range(1, 11)]] + [["2"] + ["– / 1DRTG"] * 10]
    cell = fonts.width("– / 1DRTG", fonts.GOTHIC, size) + 2 * grid.PAD + 1
    avail = 10 * cell + fonts.width("サイの目", fonts.GOTHIC, size) + 2 * grid.PAD + 1
    widths = grid.column_widths(strings, fonts.GOTHIC, size, avail, True, True)
    assert widths and all(w >= cell - 0.01 for w in widths[1:]), widths


@pytest.mark.slow
def test_a_summarys_rule_reference_and_its_equals_sign_stay_whole():
    """Reviewers read RGI's Japanese summary ending a line on 「(§」 and MacArthur's starting one
    with 「＝マニラと…」, its 「C」 left on the line before."""
    rgi = kinsoku.pdf_lines(summary_pdf("rgi-macarthur", "ja"))
    assert not [a for a in rgi if a.rstrip().endswith("§")], [a[-12:] for a in rgi if a.rstrip().endswith("§")]
    assert any("(§移動ポイントの使用法" in a for a in rgi)
    mb = kinsoku.pdf_lines(summary_pdf("macarthur-bataan", "ja"))
    assert not [b for b in mb if b.startswith("＝")] and any("C＝" in a for a in mb)


def test_the_seeds_hiragana_he_in_hex_is_read_as_one_word():
    """「荒地へクスサイド」: the seeds print ヘクス with a hiragana へ; a reviewer read 「荒地へ /
    クスサイド」 as a word cut in two."""
    measure = lambda s: 10.0 * len(s)   # noqa: E731
    assert kinsoku.wrap("荒地へクスサイド", 70, measure, phrases=True) == ["荒地", "へクスサイド"]
    assert kinsoku.wrap("荒地へクスサイド", 70, measure) == ["荒地", "へクスサイド"]
    assert kinsoku._units("マップへ移動") == ["マップ", "へ", "移", "動"]   # the particle へ before kanji stays apart


def test_a_title_takes_a_line_more_to_keep_its_words_whole():
    """「フィリピンリーダーが除 / 去され」: a title (spare_from=1), or a cell of that many lines, may
    take one line more than breaking by character to keep its phrases whole, never two, and
    never for a line of one character."""
    measure = lambda s: 10.0 * len(s)   # noqa: E731
    text = "フィリピンリーダーが除去され米軍は2PWを獲得"
    plain = kinsoku.wrap(text, 120, measure, phrases=True)
    assert plain == ["フィリピンリーダーが除去", "され米軍は2PWを獲得"]   # whole phrases would take three lines
    assert kinsoku.wrap(text, 120, measure, phrases=True, spare_from=1) == ["フィリピンリーダーが", "除去され米軍は",
                                                                           "2PWを獲得"]
    assert kinsoku.wrap(text, 120, measure, phrases=True, spare_from=3) == plain   # two lines: no spare
    for k in range(30, 300, 7):
        for s in (SAMPLE, text, "日本軍の使用可能輸送量"):
            base = kinsoku.wrap(s, k, measure)
            got = kinsoku.wrap(s, k, measure, phrases=True, spare_from=1)
            assert len(got) <= len(base) + 1 and kinsoku.violations(got) == [], (k, got)
            assert len(got) == len(base) or min(map(len, got)) > 1, (k, got)


def test_a_kanji_budoux_leaves_alone_ends_the_word_before_it():
    """BudouX gives 「日本軍迫擊砲/臼砲精度」 and 「表」 as two phrases: a reviewer read the band
    「日本軍迫擊砲/臼砲精度 / 表（続き）」 as a word cut. A lone kanji after a kanji joins it."""
    assert ("表",) not in kinsoku._phrases("日本軍迫擊砲/臼砲精度表（続き）")
    measure = lambda s: 10.0 * len(s)   # noqa: E731
    got = kinsoku.wrap("日本軍迫擊砲/臼砲精度表（続き）", 100, measure, phrases=True, spare_from=1)
    assert got == ["日本軍迫擊砲/", "臼砲精度表", "（続き）"] or "臼砲精度表" in "".join(got[1:2]), got
    assert not any(ln.startswith("表") for ln in got)
