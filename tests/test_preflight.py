"""The print preflight (issue 13), on PDFs made here to fail each check, and on a clean one."""
import pytest
from reportlab.lib.pagesizes import A4
from reportlab.pdfgen import canvas

from playaids import fonts, preflight

W, H = A4


def pdf(path, draw, font="gothic"):
    name = fonts.register() if font == "gothic" else "Helvetica"
    c = canvas.Canvas(str(path), pagesize=A4, initialFontName=name)
    draw(c, name)
    c.showPage()
    c.save()
    return path


def whats(path, lang=None):
    return [f.what for f in preflight.check(path, lang)]


def test_a_clean_page_passes(tmp_path):
    def draw(c, f):
        c.setFont(f, 10)
        c.drawString(72, H - 72, "Combat Results Table")
        c.drawString(72, H - 90, "Attacker / Defender")
    assert whats(pdf(tmp_path / "ok.en.a4.pdf", draw)) == []


def test_text_off_the_page(tmp_path):
    def draw(c, f):
        c.setFont(f, 10)
        c.drawString(W - 30, H / 2, "overflowing line")
    assert any("outside the trim box" in w for w in whats(pdf(tmp_path / "x.en.a4.pdf", draw)))


def test_overprinted_labels(tmp_path):
    def draw(c, f):
        c.setFont(f, 10)
        c.drawString(100, 400, "2 D")
        c.drawString(101, 401, "2 C")
    assert any("overprinted" in w for w in whats(pdf(tmp_path / "x.en.a4.pdf", draw)))


def test_a_font_not_embedded(tmp_path):
    def draw(c, f):
        c.setFont(f, 10)
        c.drawString(100, 400, "Helvetica is only named")
    assert any("Helvetica is not embedded" in w for w in whats(pdf(tmp_path / "x.en.a4.pdf", draw, font="std")))


def test_text_too_small(tmp_path):
    def draw(c, f):
        c.setFont(f, 4)
        c.drawString(100, 400, "tiny print")
    assert any("under 6 pt" in w for w in whats(pdf(tmp_path / "x.en.a4.pdf", draw)))


def test_language_purity(tmp_path):
    def en_sentence(c, f):
        c.setFont(f, 10)
        c.drawString(100, 400, "戦闘結果表")
        c.drawString(100, 380, "the source gives no value here")
    assert any("English sentence" in w for w in whats(pdf(tmp_path / "x.ja.a4.pdf", en_sentence)))

    def kana(c, f):
        c.setFont(f, 10)
        c.drawString(100, 400, "Combat Results Table 戦闘結果表")
    assert any("Japanese in an English aid" in w for w in whats(pdf(tmp_path / "x.en.a4.pdf", kana)))
    assert whats(pdf(tmp_path / "x.both.a4.pdf", kana)) == []


def test_a_quotation_in_brackets_is_not_a_language_leak(tmp_path):
    """「」 quote the other language on purpose (the seed's words, a symbol on the map), also
    when a page break cuts the quotation; outside them the rule holds."""
    def quoted(c, f):
        c.setFont(f, 10)
        c.drawString(100, 400, "On turns marked 「幕」 the Japanese hold a conference.")
        c.drawString(100, 380, "The seed prints 「ダイスを2回振り」 here.")
    assert whats(pdf(tmp_path / "q.en.a4.pdf", quoted)) == []

    def cut(c, f):
        c.setFont(f, 10)
        c.drawString(100, 400, "デザイナーの回答：「How many times may the same gunboat fire")
    assert whats(pdf(tmp_path / "c.ja.a4.pdf", cut)) == []

    def unquoted(c, f):
        c.setFont(f, 10)
        c.drawString(100, 400, "On turns marked 幕 the Japanese hold a conference.")
    assert any("Japanese in an English aid" in w for w in whats(pdf(tmp_path / "u.en.a4.pdf", unquoted)))


def test_the_command_exit_codes(tmp_path, cli_in):
    def ok(c, f):
        c.setFont(f, 10)
        c.drawString(72, H - 72, "Terrain Effects Chart")

    def bad(c, f):
        c.setFont(f, 4)
        c.drawString(72, H - 72, "tiny")
    assert cli_in("preflight", pdf(tmp_path / "a.en.a4.pdf", ok)).returncode == 0
    r = cli_in("preflight", pdf(tmp_path / "b.en.a4.pdf", bad))
    assert r.returncode == 1 and r.stdout.decode().startswith(f"{tmp_path / 'b.en.a4.pdf'}:1: ")
    junk = tmp_path / "junk.pdf"
    junk.write_bytes(b"\x00garbage")
    r = cli_in("preflight", junk)
    assert r.returncode == 2 and b"not a PDF" in r.stderr and r.stderr.count(b"\n") == 1


@pytest.mark.slow
def test_build_check_runs_the_preflight_over_the_build(tmp_path):
    from conftest import run_cli
    from test_build import _small_data

    data = _small_data(tmp_path)
    r = run_cli("--data", data, "--no-builtin", "build", "--lang", "both", "--out", tmp_path / "out", "--check",
                "--bleed", "3", "--crop-marks", "--grayscale")
    # every aid of the build passes (issue 13): chart set, cards, sources, summaries, glossary,
    # turn sheets, setups
    assert r.returncode == 0 and b"preflight: 8 PDFs, 0 findings" in r.stderr, (r.stdout, r.stderr)
    assert not r.stdout.strip()
    # a damaged PDF of the build is a finding, one line naming it
    victim = next((tmp_path / "out").rglob("*.both.a4.pdf"))
    victim.write_bytes(b"%PDF-1.4 damaged")
    from playaids import preflight

    assert preflight.check_all([victim])[0][1].startswith(str(victim))


def test_a_blank_page_is_a_finding(tmp_path):
    def nothing(c, f):
        pass
    assert "the page is blank" in whats(pdf(tmp_path / "blank.en.a4.pdf", nothing))


@pytest.mark.parametrize("above,fires", [(False, True), (True, False)])
def test_a_cut_line_heading_a_page(tmp_path, above, fires):
    from playaids.render.lines import CutLine

    def draw(c, f):
        if above:   # a slip above the line: something to cut away
            c.rect(72, H - 160, W - 144, 100)
        line = CutLine(W - 144, "cut here", f)
        line.wrap(W - 144, H)
        line.drawOn(c, 72, H - 200)
        c.rect(72, H - 400, W - 144, 180)
        c.setFont(f, 10)
        c.drawString(80, H - 240, "Japanese record (for the Japanese player's eyes only)")
    found = [w for w in whats(pdf(tmp_path / "pad.en.a4.pdf", draw)) if "cut line" in w]
    assert found == (['a cut line ("cut here") heads the page: nothing above it to cut away'] if fires else [])


def test_text_crossed_by_a_stroke(tmp_path):
    """A label through a line (the CCSS's old cave labels through the Λ) is a finding; a cell's
    border beside its text is not."""
    def struck(c, f):
        c.setFont(f, 10)
        c.drawString(100, 400, "Cave A 2")
        c.line(90, 403, 200, 403)
    assert any("crossed by a stroke" in w for w in whats(pdf(tmp_path / "s.en.a4.pdf", struck)))

    def boxed(c, f):
        c.setFont(f, 10)
        c.drawString(100, 400, "Cave A 2")
        c.rect(96, 396, 60, 14)
    assert whats(pdf(tmp_path / "b.en.a4.pdf", boxed)) == []


@pytest.mark.slow
def test_a_last_page_of_a_line_or_two(tmp_path):
    from reportlab.pdfgen import canvas as rl

    path = tmp_path / "two.en.a4.pdf"
    c = rl.Canvas(str(path), pagesize=A4, initialFontName=fonts.register())
    c.setFont(fonts.register(), 10)
    for k in range(40):
        c.drawString(72, H - 72 - 14 * k, "A full page of the chart's notes, line after line of them.")
    c.showPage()
    c.setFont(fonts.register(), 10)
    c.drawString(72, H - 72, "One line left over.")
    c.showPage()
    c.save()
    assert "the last page holds only a few lines (1): they belong on another page" in whats(path)


def test_a_last_page_of_a_heading_and_a_note_is_a_page_of_a_few_lines_whatever_its_footer(tmp_path):
    """Amigos' Japanese chart set once ended on a page holding a '(continued)' heading band (its
    title and rule number side by side), a note's two lines and one bullet: 7 lines counted with
    the footer's two, so it passed. The footer is not the page's body, and a heading and its
    rule number on one height are one line (issue 22)."""
    from reportlab.pdfgen import canvas as rl

    path = tmp_path / "tail.en.a4.pdf"
    f = fonts.register()
    c = rl.Canvas(str(path), pagesize=A4, initialFontName=f)
    for k in range(40):
        c.setFont(f, 10)
        c.drawString(72, H - 72 - 14 * k, "A full page of the chart's notes, line after line of them.")
    c.setFont(f, 7)
    c.drawString(40, 6 * 72 / 25.4, "Game · Chits and victory chart")
    c.drawRightString(555, 6 * 72 / 25.4, "1")
    c.showPage()
    c.setFont(f, 10)
    c.drawString(40, H - 40, "Political Will Track (continued)")
    c.drawRightString(555, H - 40.8, "Rule 10.9")
    for k, s in enumerate(("• The US may place a POA in at most two areas a turn, one", "each (Rule 11.0)",
                           "• The other notes are under the Objective Chits.")):
        c.drawString(40, H - 56 - 12 * k, s)
    c.setFont(f, 7)
    c.drawString(40, 6 * 72 / 25.4, "Game · Chits and victory chart")
    c.drawRightString(555, 6 * 72 / 25.4, "2")
    c.showPage()
    c.save()
    assert "the last page holds only a few lines (4): they belong on another page" in whats(path)


def test_a_page_inside_the_document_with_a_line_or_two(tmp_path):
    from reportlab.pdfgen import canvas as rl

    path = tmp_path / "gap.en.a4.pdf"
    c = rl.Canvas(str(path), pagesize=A4, initialFontName=fonts.register())
    for lines in (40, 1, 40):
        c.setFont(fonts.register(), 10)
        for k in range(lines):
            c.drawString(72, H - 72 - 14 * k, "A full page of the chart's notes, line after line of them.")
        c.showPage()
    c.save()
    assert [f.page for f in preflight.check(path)] == [2]


def _pages(path, lines_per_page, width=60):
    """A document of pages holding so many lines of text each, from the top."""
    from reportlab.pdfgen import canvas as rl

    c = rl.Canvas(str(path), pagesize=A4, initialFontName=fonts.register())
    for lines in lines_per_page:
        c.setFont(fonts.register(), 10)
        for k in range(lines):
            c.drawString(60, H - 60 - 14 * k, "x" * width)
        c.showPage()
    c.save()
    return path


@pytest.mark.slow
def test_a_page_under_the_fill_threshold(tmp_path):
    """Issue 22: every page but the last at least 60 % used (of the area the document's pages use)."""
    found = preflight.check(_pages(tmp_path / "half.en.a4.pdf", (52, 20, 52, 12)))
    assert [(f.page, f.what) for f in found] == [
        (2, "the page is 40% used, under the 60% every page but the last uses")]


def test_full_pages_and_a_short_last_page_pass(tmp_path):
    assert whats(_pages(tmp_path / "full.en.a4.pdf", (52, 40, 12))) == []


@pytest.mark.slow
def test_a_section_of_its_own_may_end_on_a_short_page(tmp_path):
    """A document in sections (PDF page labels: a slip handed to one player) is checked section by
    section: the public part's last page and a one-page slip are each a section's last page."""
    from reportlab.pdfgen import canvas as rl

    def doc(path, labelled):
        c = rl.Canvas(str(path), pagesize=A4, initialFontName=fonts.register())
        for k, lines in enumerate((52, 12, 8)):
            if labelled and k == 2:
                c.addPageLabel(2, prefix="S1-")
            c.setFont(fonts.register(), 10)
            for j in range(lines):
                c.drawString(60, H - 60 - 14 * j, "x" * 60)
            c.showPage()
        if labelled:
            c.addPageLabel(0)
        c.save()
        return path
    assert [f.page for f in preflight.check(doc(tmp_path / "one.en.a4.pdf", False))] == [2]
    assert whats(doc(tmp_path / "slips.en.a4.pdf", True)) == []


def test_a_ragged_list_is_a_block_of_text(tmp_path):
    """Short lines of a list under long ones use the list's width, as the eye takes it in."""
    from reportlab.pdfgen import canvas as rl

    path = tmp_path / "list.en.a4.pdf"
    c = rl.Canvas(str(path), pagesize=A4, initialFontName=fonts.register())
    for page in range(2):
        c.setFont(fonts.register(), 10)
        for j in range(52):
            c.drawString(60, H - 60 - 14 * j, "x" * (60 if j % 4 == 0 else 12))
        c.showPage()
    c.save()
    assert whats(path) == []


def test_a_form_of_few_words_is_no_page_of_a_few_lines(tmp_path):
    """A page with a few labels over a drawing (a blank form) uses its area."""
    from reportlab.pdfgen import canvas as rl

    path = tmp_path / "form.en.a4.pdf"
    c = rl.Canvas(str(path), pagesize=A4, initialFontName=fonts.register())
    for _ in range(2):
        c.setFont(fonts.register(), 10)
        c.drawString(60, H - 60, "Cave complex record")
        for k in range(12):
            c.rect(60, H - 100 - 55 * k, W - 120, 50)
        c.showPage()
    c.save()
    assert whats(path) == []


# issue 22: what the eye sees


def test_a_missing_glyph_box(tmp_path):
    """A raw line break set as text (the bilingual footer's 'ja\\nen' title) is drawn as the
    font's .notdef box."""
    def boxed(c, f):
        c.setFont(f, 7)
        c.drawString(72, 40, "地上戦闘チャート\nGround combat chart")
    assert any("no glyph" in w for w in whats(pdf(tmp_path / "x.both.a4.pdf", boxed)))

    def composed(c, f):
        c.setFont(f, 7)
        c.drawString(72, 40, "地上戦闘チャート / Ground combat chart")
    assert whats(pdf(tmp_path / "ok.both.a4.pdf", composed)) == []


def test_a_kinsoku_break_in_a_heading_band(tmp_path):
    """'（続き' with '）' alone on the next line, as a heading band once broke it."""
    def band(c, f):
        c.setFont(f, 9)
        c.drawString(72, 700, "爆撃表（続き")
        c.drawString(72, 689, "）")
    assert any("kinsoku" in w and "'）'" in w for w in whats(pdf(tmp_path / "x.ja.a4.pdf", band)))

    def latin(c, f):
        c.setFont(f, 9)
        c.drawString(72, 700, "勝利ポイント表【日本軍")
        c.drawString(72, 689, "】 Victory Point Table")
    assert any("kinsoku" in w for w in whats(pdf(tmp_path / "y.both.a4.pdf", latin)))


def test_a_continued_piece_before_its_start(tmp_path):
    """Reading order is page, then column, then top: a piece in column 1 continuing a table
    that starts in column 2 is read first."""
    def before(c, f):
        c.setFont(f, 9)
        c.drawString(40, 700, "Stacking (continued)")
        c.drawString(320, 760, "Stacking")
        c.drawString(320, 740, "Terrain Effects")
    assert any("comes before its start" in w for w in whats(pdf(tmp_path / "x.en.a4.pdf", before)))

    def after(c, f):
        c.setFont(f, 9)
        c.drawString(40, 700, "Stacking")
        c.drawString(320, 760, "Stacking (continued)")
    assert whats(pdf(tmp_path / "ok.en.a4.pdf", after)) == []

    def wrapped(c, f):   # a band wrapped: its second line is no heading of its own
        c.setFont(f, 9)
        c.drawString(40, 700, "Bombing Table")
        c.drawString(320, 760, "爆撃表（続き） / Bombing")
        c.drawString(320, 750, "Table (continued)")
        c.drawString(320, 600, "Table of the turns")
    assert whats(pdf(tmp_path / "w.both.a4.pdf", wrapped)) == []

    def ja_before(c, f):
        c.setFont(f, 9)
        c.drawString(40, 700, "爆撃表（続き）")
        c.drawString(40, 500, "爆撃表")
    assert any("comes before its start" in w for w in whats(pdf(tmp_path / "y.ja.a4.pdf", ja_before)))


@pytest.mark.parametrize("gap,fires", [(2, True), (1, False)])
def test_a_continued_piece_pages_after_its_last_piece(tmp_path, gap, fires):
    """A piece continued goes on at once: on its page or the next, not two pages later with
    other tables between (Amigos' Political Will Track, issue 22)."""
    path = tmp_path / "x.en.a4.pdf"
    c = canvas.Canvas(str(path), pagesize=A4, initialFontName=fonts.register())
    for k in range(gap + 1):
        c.setFont("Helvetica", 9)
        c.drawString(40, 760, "Political Will Track" + (" (continued)" if k == gap else "") if k in (0, gap)
                     else "Leader Rolls")
        c.showPage()
    c.save()
    found = [w for w in whats(path) if "pages after its last piece" in w]
    assert bool(found) == fires, found


def test_a_continued_piece_read_after_another_table(tmp_path):
    """A piece continued reads on at once after its last piece (issue 22: Amigos' reinforcement
    conditions went on in column 2 under the US Stand-Up Fight chits): on the same page no other
    table's heading above it in its column after its start; on a later page, none before it."""
    def column(c, f):
        c.setFont(f, 9)
        c.drawString(40, 760, "Sequence of Play")
        c.drawString(40, 300, "Operation Limits")
        c.drawString(320, 760, "Combat Sequence")
        c.drawString(320, 200, "Operation Limits (continued)")
    found = [w for w in whats(pdf(tmp_path / "x.en.a4.pdf", column)) if "is read after" in w]
    assert found and "Combat Sequence" in found[0], found

    def at_once(c, f):   # the same tables, the piece continued heading its column
        c.setFont(f, 9)
        c.drawString(40, 760, "Sequence of Play")
        c.drawString(40, 300, "Operation Limits")
        c.drawString(320, 760, "Operation Limits (continued)")
        c.drawString(320, 500, "Combat Sequence")
    assert whats(pdf(tmp_path / "ok.en.a4.pdf", at_once)) == []

    def band(c, f):   # a table across both columns above: read before the piece it continues
        c.setFont(f, 9)
        c.drawString(40, 760, "Leader Die Rolls")
        c.drawString(40, 500, "US Objectives")
        c.drawString(320, 500, "US Objectives (continued)")
    assert whats(pdf(tmp_path / "band.en.a4.pdf", band)) == []

    path = tmp_path / "beside.en.a4.pdf"   # a table beside the piece, read before it goes on overleaf
    c = canvas.Canvas(str(path), pagesize=A4, initialFontName=fonts.register())
    c.setFont("Helvetica", 9)
    c.drawString(40, 300, "US Objective Chits")
    c.drawString(320, 300, "Filipino Objective Chits")
    c.showPage()
    c.setFont("Helvetica", 9)
    c.drawString(40, 760, "US Objective Chits (continued)")
    c.save()
    found = [w for w in whats(path) if "is read after" in w]
    assert found and "Filipino Objective" in found[0], found

    path = tmp_path / "p.en.a4.pdf"
    c = canvas.Canvas(str(path), pagesize=A4, initialFontName=fonts.register())
    c.setFont("Helvetica", 9)
    c.drawString(320, 300, "Political Will Track")
    c.showPage()
    c.setFont("Helvetica", 9)
    c.drawString(40, 760, "Filipino Guerrilla War Chits")
    c.drawString(320, 760, "Political Will Track (continued)")
    c.save()
    found = [w for w in whats(path) if "is read after" in w]
    assert found and "Filipino Guerrilla" in found[0], found


@pytest.mark.parametrize("line", [
    "Q&A: I'm sorry if the references are unclear.",
    "cancels 1 hit (translator's note: not each combat round)",
    "(Consim: it cannot bombard a guerrilla-only stack)",
    "(BG: PW records the attacker's points first)",
    "storm risk (see new-guinea-storm-risk).",
    "until turn 12, 2 [illegible] stay",
    "placements.1 is not on the map",
    "The grid of the Fire Combat Table is printed on the map and is not part of this source.",
    "([symbol] or [symbol]: D instead of E)",                  # a placeholder for a lost mark
    "divisions at a Fatigue level whose symbol the seed lost",   # the makers' word for the rules text
])
def test_text_for_the_makers(tmp_path, line):
    def draw(c, f):
        c.setFont(f, 9)
        c.drawString(72, 700, line)
    assert any("text for the makers" in w for w in whats(pdf(tmp_path / "x.en.a4.pdf", draw)))
    # the sources appendix is where the makers' remarks belong
    assert not any("text for the makers" in w for w in whats(pdf(tmp_path / "sources.a4.pdf", draw)))


def test_hyphenated_words_are_no_ids(tmp_path):
    def draw(c, f):
        c.setFont(f, 9)
        c.drawString(72, 700, "Air-to-air combat comes before AA fire; a two-hex move; hand-to-hand.")
    assert whats(pdf(tmp_path / "x.en.a4.pdf", draw)) == []


def test_a_list_mark_alone_on_its_line(tmp_path):
    """'•' with its text a line lower (WeasyPrint broke after it: the MacArthur A3 summary)."""
    def parted(c, f):
        c.setFont(f, 9)
        c.drawString(72, 700, "• Corregidor has 26 coast defence batteries.")
        c.drawString(72, 688, "•")
        c.drawString(88, 676, "SUBMARINES: when an invasion force moves to a beach with submarines.")

    def together(c, f):
        c.setFont(f, 9)
        c.drawString(72, 700, "• Corregidor has 26 coast defence batteries.")
        c.drawString(72, 688, "•")
        c.drawString(84, 688, "SUBMARINES: when an invasion force moves to a beach.")
    assert any("list mark alone on its line" in w for w in whats(pdf(tmp_path / "a.en.a4.pdf", parted)))
    assert whats(pdf(tmp_path / "b.en.a4.pdf", together)) == []


def test_a_list_item_broken_after_its_first_word(tmp_path):
    """WeasyPrint broke '• Cave Complexes: an underground ...' after 'Cave' (the ASL summary),
    though 'Complexes:' fitted beside it; a next item, or a table's next numbered row, is no such
    break."""
    long = "Complexes: an underground Location within 2 hexes of a Primary Cave, never overlapping."

    def broken(c, f):
        c.setFont(f, 9)
        c.drawString(72, 700, "•")
        c.drawString(88, 700, "Cave")
        c.drawString(88, 688, long)

    def items(c, f):
        c.setFont(f, 9)
        for y, mark, text in ((700, "•", "Caves"), (688, "•", long), (660, "1", "Historical"),
                              (647, "2", "Historical + Pensacola convoy (P) and more words")):
            c.drawString(72, y, mark)
            c.drawString(88, y, text)
    assert any("broken after its first word (\"Cave\" alone" in w for w in whats(pdf(tmp_path / "a.en.a4.pdf", broken)))
    assert whats(pdf(tmp_path / "b.en.a4.pdf", items)) == []
