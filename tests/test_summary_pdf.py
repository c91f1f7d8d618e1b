"""Rule summaries read back from the PDF: every phase of each sequence of play, every section,
1-4 pages, JA and EN side by side in `both`."""
import pytest

from docs import flat, game, page_count, summary_of, summary_pdf, text_of
from playaids.render.summary import heading
from playaids.repository import Repository

GAMES = Repository.builtin().game_ids()


def _names(s, lang):
    """The phase names as printed: an English name opens its item capitalised."""
    names = [item.name.get(lang) for sec in s.sections if sec.kind == "sequence"
             for _, item in sec.walk() if item.name is not None]
    return [flat(n[:1].upper() + n[1:] if lang == "en" else n) for n in names]


@pytest.mark.parametrize("gid", GAMES)
def test_every_game_has_a_summary_with_the_standard_sections(gid):
    ids = [sec.id for sec in summary_of(gid).sections]
    # ASL's chapter G has no victory rules (each scenario gives its own): no empty section for them
    assert ids[0] == "sequence" and ("victory" in ids) == (gid != "asl-chapter-g") and ("combat" in ids or "fire-combat" in ids)
    for sec in summary_of(gid).sections:
        for _, item in sec.walk():
            assert item.rule  # every point cites its rule


@pytest.mark.sample
@pytest.mark.parametrize("gid", GAMES)
@pytest.mark.parametrize("lang", ["ja", "en"])
def test_every_phase_and_section_reads_back(gid, lang):
    pdf = summary_pdf(gid, lang)
    assert 1 <= page_count(pdf) <= 4
    text = flat(text_of(pdf))
    s = summary_of(gid)
    for name in _names(s, lang):
        assert name.replace("†", "") in text.replace("†", ""), f"{gid} {lang}: phase {name!r}"
    for sec in s.sections:
        assert flat(heading(sec.title.get(lang), lang)) in text, sec.id   # one heading style (issue 23)
    assert flat(game(gid).title.get(lang)) in text


@pytest.mark.slow
@pytest.mark.parametrize("gid", ["macarthur-bataan", "okinawa", "amigos-insurrectors"])
def test_both_sets_japanese_left_and_english_right(gid):
    pdf = summary_pdf(gid, "both")
    assert 1 <= page_count(pdf) <= 4
    left, right = flat(text_of(pdf, "left")), flat(text_of(pdf, "right"))
    s = summary_of(gid)
    for ja, en in zip(_names(s, "ja"), _names(s, "en")):
        assert ja in left, ja
        assert en.replace("†", "") in right.replace("†", ""), en


def test_sequences_match_the_seeds():
    seq = {g: [i.name.ja for _, i in summary_of(g).section("sequence").walk()] for g in GAMES}
    assert seq["macarthur-bataan"] == ["増援フェイズ", "日本軍プレイヤー・セグメント", "海上移動", "航空移動と戦闘",
                                       "陸上移動", "陸上戦闘", "航空と上陸ユニットの移動完了",
                                       "連合軍プレイヤー・セグメント", "ターンの終了フェイズ"]
    assert [i.name.en for _, i in summary_of("macarthur-bataan").section("sequence").walk()][0] == "Reinforcement Phase"
    assert len(summary_of("okinawa").section("sequence").items) == 11
    assert seq["okinawa"][0] == "海空戦フェイズ" and seq["okinawa"][-1] == "回復フェイズ"
    amigos = summary_of("amigos-insurrectors").section("sequence")
    assert len(amigos.items) == 10 and amigos.items[-1].name.ja == "自動的勝利の判定"
    # 002 prints the phase names in Japanese only: the English is ours, except the map's JUNGLE WARFARE box
    assert [i.name.en for i in amigos.items if not i.name.gloss] == ["Jungle Warfare"]


def test_a_wave_dash_keeps_to_the_number_before_it():
    """Issue 22: Pango broke 「第9～15ターン」 before the fullwidth tilde (a kinsoku break the
    preflight found in the bilingual Letter summary); the pair is kept on one line."""
    from playaids.render import summary

    html = str(summary._glued("「Guerrilla War」は第9～15ターン"))
    assert '<span class="nb">9～</span>15ターン' in html and html.startswith("「Guerrilla War」は第")
    assert summary._glued("no dash") == "no dash"


@pytest.mark.slow
def test_one_heading_style_and_the_marks_key_on_the_first_page(tmp_path):
    """Issue 23: English headings in sentence case whatever the data's case (MacArthur's seed
    prints "GROUND COMBAT", Amigos' data has "turn sequence"); the key to † on page 1."""
    import re

    import pdfplumber

    from playaids.render import summary as render_summary
    from playaids.render.page import PageSpec

    assert heading("GROUND COMBAT", "en") == "Ground combat"
    assert heading("turn sequence", "en") == "Turn sequence"
    assert heading("Animal-Pack and movement", "en") == "Animal-Pack and movement"
    assert heading("移動", "ja") == "移動"
    for gid in ("macarthur-bataan", "amigos-insurrectors"):
        html, _ = render_summary.summary_html(summary_of(gid), game(gid), PageSpec(lang="en"))
        h2s = re.findall(r"<h2>([^<]*) <span", html)
        assert h2s and all(h[:1].isupper() and h != h.upper() for h in h2s), h2s
        assert "Turn sequence" in h2s or "Sequence" in h2s
    path = tmp_path / "s.pdf"
    path.write_bytes(render_summary.render(summary_of("macarthur-bataan"), game("macarthur-bataan"), PageSpec(lang="en")))
    with pdfplumber.open(path) as pdf:
        first = pdf.pages[0].extract_text()
        everything = "".join(p.extract_text() for p in pdf.pages)
    assert "†" in everything and "† English name given by this aid" in first


@pytest.mark.slow
@pytest.mark.parametrize("gid,lang,first_line", [
    ("amigos-insurrectors", "ja", "AMIGOS & INSURRECTORS — ルールの要約"),
    ("amigos-insurrectors", "en", "Amigos & Insurrectors — Rules summary"),
    ("amigos-insurrectors", "both", "Amigos & Insurrectors — ルールの要約 / Rules summary"),
    ("okinawa", "ja", "沖縄 — "),
])
def test_the_title_names_the_aid_in_its_language(gid, lang, first_line):
    """The Japanese summary was headed by the game's name alone, 'AMIGOS & INSURRECTORS' (the
    seed prints no Japanese title): the title now names the aid, in the aid's language."""
    pdf = summary_pdf(gid, lang)
    first = text_of(pdf).split("\n", 1)[0]
    assert flat(first).startswith(flat(first_line)), first


@pytest.mark.slow
def test_the_gloss_mark_is_keyed_and_not_put_on_every_name():
    """Okinawa's rules give no English name: a † on every one said nothing; one line says so.
    Amigos names 'Jungle Warfare' in English: the others carry the keyed †."""
    from playaids.render import summary as render_summary

    assert render_summary.marks(summary_of("okinawa")) == "all"
    assert render_summary.marks(summary_of("amigos-insurrectors")) == "each"
    oki = text_of(summary_pdf("okinawa", "en"))
    assert "†" not in oki and "The English names are this aid's" in oki.split("\n", 3)[1]
    ami = text_of(summary_pdf("amigos-insurrectors", "en"))
    assert "† English name given by this aid" in ami.split("\n", 3)[1] and ami.count("†") > 5
    assert "†" not in text_of(summary_pdf("amigos-insurrectors", "ja"))   # no mark in Japanese, no key


@pytest.mark.slow
@pytest.mark.sample
@pytest.mark.parametrize("gid,lang", [("rgi-macarthur", "en"), ("rgi-macarthur", "ja"), ("asl-chapter-g", "ja")])
def test_a_page_of_a_few_lines_is_not_printed(gid, lang):
    """RGI's second page held 10-18 % of a page, ASL's Japanese 7 %: set at 8.5 or 8 pt, each
    fits one page; a summary that needs two keeps 9 pt."""
    from playaids.render import summary as render_summary
    from playaids.render.page import PageSpec

    assert page_count(summary_pdf(gid, lang)) == 1
    assert render_summary.fitting_size(summary_of("rgi-macarthur"), game("rgi-macarthur"), PageSpec(lang="en")) < 9.0
    assert render_summary.fitting_size(summary_of("okinawa"), game("okinawa"), PageSpec(lang="en")) == 9.0
