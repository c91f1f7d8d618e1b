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
