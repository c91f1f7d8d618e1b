import hashlib

import pytest

from playaids import pdfread
from playaids.render import cards, grid
from playaids.render.page import PageSpec
from playaids.repository import Repository
from conftest import run_cli


def test_same_data_gives_identical_bytes(fixture_data):
    game = Repository.of(fixture_data).game("demo-game")
    t = game.tables["results"]
    a = cards.render(t, game, PageSpec(lang="both"))
    b = cards.render(t, game, PageSpec(lang="both"))
    assert a == b


@pytest.mark.slow
def test_identical_bytes_across_processes(tmp_path, fixture_data):
    digests = []
    for i in range(2):
        out = tmp_path / f"c{i}.pdf"
        r = run_cli("--data", fixture_data, "table", "demo-game", "results", "--format", "pdf",
                    "--lang", "ja", "-o", out)
        assert r.returncode == 0, r.stderr
        digests.append(hashlib.sha256(out.read_bytes()).hexdigest())
    assert digests[0] == digests[1]


def test_fonts_are_embedded_subsets_with_tounicode(fixture_data):
    game = Repository.of(fixture_data).game("demo-game")
    pdf = cards.render(game.tables["results"], game, PageSpec(lang="ja"))
    assert b"/FontFile2" in pdf  # TrueType outlines embedded
    assert b"/ToUnicode" in pdf
    assert b"+IPAexGothic" in pdf  # subset tag
    assert b"/Type1" not in pdf  # no unembedded base-14 fonts


def test_paper_sizes(tmp_path):
    """A card takes its paper, or the half or quarter sheet its table needs (issue 22: no small
    table alone on a big sheet): A4 -> A5 -> A6, Letter -> 5.5 x 8.5 in -> 4.25 x 5.5 in."""
    import pdfplumber

    root = Repository.builtin()
    cases = [("macarthur-bataan", "crt", "a4", (595, 842)), ("macarthur-bataan", "crt", "letter", (612, 792)),
             ("rgi-macarthur", "unit-limits", "a4", (298, 421)),      # A6: six short rows
             ("okinawa", "fleet-damage", "a4", (421, 595)),           # A5: filled 66 % of a turned A4's height
             ("macarthur-bataan", "victory-levels", "a4", (421, 595)),   # 60 %: half of the turned A4 was empty
             ("rgi-macarthur", "new-guinea-storm-risk", "a4", (298, 421)),
             ("rgi-macarthur", "new-guinea-storm-risk", "letter", (306, 396))]
    for gid, tid, paper, size in cases:
        p = tmp_path / f"{tid}.{paper}.pdf"
        p.write_bytes(cards.render(root.table(gid, tid), root.game(gid, with_tables=False), PageSpec(paper=paper, lang="en")))
        with pdfplumber.open(p) as pdf:
            assert (round(pdf.pages[0].width), round(pdf.pages[0].height)) == size, (tid, paper)
            assert len(pdf.pages) == 1


def test_a_smaller_sheet_never_costs_the_type(tmp_path):
    """A card goes on a smaller sheet only where it fits one page at SMALL_CARD_FONT pt or more;
    the two-row storm table is at the largest card type even on its quarter sheet."""
    root = Repository.builtin()
    table = root.table("rgi-macarthur", "new-guinea-storm-risk")
    p = tmp_path / "storm.pdf"
    p.write_bytes(cards.render(table, root.game("rgi-macarthur", with_tables=False), PageSpec(lang="en")))
    import pdfplumber

    with pdfplumber.open(p) as pdf:
        words = pdf.pages[0].extract_words(extra_attrs=["size"])
    assert {round(w["size"], 1) for w in words if w["text"] in ("landing", "1-2", "3-6")} == {cards.MAX_CARD_FONT}
    assert cards.half((595.28, 841.89)) == (420.945, 595.28)


def test_print_scaling_none(fixture_data):
    game = Repository.of(fixture_data).game("demo-game")
    pdf = cards.render(game.tables["results"], game, PageSpec())
    assert b"/PrintScaling /None" in pdf


def test_provenance_is_off_the_card_and_in_the_sources_document(tmp_path, fixture_data):
    """Issue 13: a card says in one line what its shaded cells mean; the reasoning, the seed's
    file and lines go to the game's Sources and reconstructions."""
    from playaids.render import sources

    game = Repository.of(fixture_data).game("demo-game")
    table = game.tables["results"]
    assert table.cell_notes()
    for lang, key in (("en", cards.DOUBTFUL_KEY_EN), ("ja", cards.DOUBTFUL_KEY_JA)):
        p = tmp_path / f"c.{lang}.pdf"
        p.write_bytes(cards.render(table, game, PageSpec(lang=lang)))
        text = pdfread.page_text(p)
        assert "G may belong to the defender line" not in text
        assert "demo-game" not in text and ".txt" not in text and "l. " not in text
        assert "".join(key.split())[:20] in "".join(text.split())
    assert "Rule 7.3" in pdfread.page_text(tmp_path / "c.en.pdf") and "Dice 2d6" in pdfread.page_text(tmp_path / "c.en.pdf")
    src = tmp_path / "sources.pdf"
    src.write_bytes(sources.render(game, [table], PageSpec(lang="en")))
    text = " ".join(pdfread.page_text(src).split())
    assert "4 × 1-1: G may belong to the defender line" in text and "rule 7.3" in text


def test_a_card_without_doubtful_cells_has_no_key(tmp_path):
    root = Repository.builtin()
    game = root.game("macarthur-bataan", with_tables=False)
    table = root.table("macarthur-bataan", "formosa-airfields")
    assert not table.cell_notes()
    p = tmp_path / "c.pdf"
    p.write_bytes(cards.render(table, game, PageSpec(lang="en")))
    assert "Shaded cells" not in pdfread.page_text(p)


def test_bleed_crop_marks_and_trim_box(tmp_path, fixture_data):
    import pdfplumber

    game = Repository.of(fixture_data).game("demo-game")
    pdf = cards.render(game.tables["results"], game, PageSpec(paper="a4", bleed_mm=3, crop_marks=True))
    assert b"/TrimBox" in pdf and b"/BleedBox" in pdf
    p = tmp_path / "b.pdf"
    p.write_bytes(pdf)
    with pdfplumber.open(p) as doc:
        page = doc.pages[0]
        w = page.width
        marks = [e for e in page.lines + page.curves + page.rects if e["x1"] <= 25.6 and e["bottom"] <= 25.6]
        trim = page.trimbox
    assert round(w) == round(trim[2] - trim[0] + 2 * 9 * 72 / 25.4)  # marks need 9 mm even with a 3 mm bleed: 3 off the trim, 5 long
    assert len(marks) >= 2, "crop marks at the top-left corner"


def test_grayscale_has_no_colour(fixture_data):
    import io

    import pdfplumber

    game = Repository.of(fixture_data).game("demo-game")
    for grayscale in (True, False):
        pdf = cards.render(game.tables["results"], game, PageSpec(grayscale=grayscale))
        with pdfplumber.open(io.BytesIO(pdf)) as doc:
            page = doc.pages[0]
            fills = {tuple(r["non_stroking_color"]) for r in page.rects if r.get("non_stroking_color")}
            fills |= {tuple(c["non_stroking_color"]) for c in page.chars if c.get("non_stroking_color")}
        grey = all(len(f) == 1 or len(set(f)) == 1 for f in fills)
        assert fills and grey == grayscale


def test_bytes_do_not_depend_on_the_callers_source_date_epoch(fixture_data, monkeypatch):
    game = Repository.of(fixture_data).game("demo-game")
    pdfs = []
    for epoch in ("0", "1700000000"):
        monkeypatch.setenv("SOURCE_DATE_EPOCH", epoch)
        pdfs.append(cards.render(game.tables["results"], game, PageSpec(lang="en")))
    assert pdfs[0] == pdfs[1] and b"D:20000101" in pdfs[0]


@pytest.mark.slow
def test_a_note_with_the_seeds_own_list_mark_gets_one_bullet(tmp_path):
    import pdfplumber

    root = Repository.builtin()
    game = root.game("amigos-insurrectors")
    table = game.tables["combat-sequence"]
    assert any(n.text.ja.startswith("・") for n in table.notes)  # the seed marks its notes with ・
    for lang in ("ja", "both"):
        path = tmp_path / f"{lang}.pdf"
        path.write_bytes(cards.render(table, game, PageSpec(lang=lang)))
        with pdfplumber.open(path) as pdf:
            text = "".join((p.extract_text() or "").replace(" ", "") for p in pdf.pages)
        assert "•・" not in text and text.count("•") >= len(cards.player_notes(table))   # the Q&A is in Sources


def test_a_note_the_seed_begins_with_a_dash_gets_one_bullet(tmp_path):
    """A reviewer read 「• - さらに、ターン4の…」 (Amigos' jungle warfare and sequence of play): the
    seed's dash gives way to the bullet as its ・ does; a number's minus sign stays."""
    import pdfplumber

    root = Repository.builtin()
    game = root.game("amigos-insurrectors")
    table = game.tables["jungle-warfare"]
    assert any(n.text.ja.startswith("- ") for n in table.notes)
    path = tmp_path / "jw.pdf"
    path.write_bytes(cards.render(table, game, PageSpec(lang="ja")))
    with pdfplumber.open(path) as pdf:
        text = "".join((p.extract_text() or "").replace(" ", "") for p in pdf.pages)
    assert "•-" not in text and "重要" in text
    assert cards._lines("-1 DRM") == "-1 DRM" and cards._lines("- さらに") == "さらに"


def test_short_columns_keep_their_heading_on_one_line(tmp_path):
    """RGI starting forces (ja): the long placement column no longer squeezes 大型ユニット to a
    character or two a line."""
    import pdfplumber

    root = Repository.builtin()
    game = root.game("rgi-macarthur")
    path = tmp_path / "sf.pdf"
    path.write_bytes(cards.render(game.tables["starting-forces"], game, PageSpec(lang="ja")))
    with pdfplumber.open(path) as pdf:
        words = {w["text"] for w in pdf.pages[0].extract_words()}
    assert {"大型ユニット", "小型ユニット"} <= words


def test_a_merged_cell_wraps_at_its_span_and_its_doubtful_frame_covers_it(tmp_path):
    """Issue 13: a cell spanning columns was wrapped at its first column's width (rows of 8-14
    lines); it wraps at the span's, and its shading and dashed frame cover the whole span."""
    import pdfplumber

    root = Repository.builtin()
    game = root.game("amigos-insurrectors", with_tables=False)
    table = root.table("amigos-insurrectors", "leader-rolls")
    p = tmp_path / "c.pdf"
    p.write_bytes(cards.render(table, game, PageSpec(lang="en")))
    with pdfplumber.open(p) as pdf:
        words = pdf.pages[0].extract_words()
    seq = ["Assassination", "by", "Aguinaldo", "succeeds."]   # US Stand-Up Fight chit #5, a cell over 3 columns
    at = next(i for i in range(len(words)) if [w["text"] for w in words[i:i + 4]] == seq)
    assert len({round(w["top"]) for w in words[at:at + 4]}) == 1
    spans = grid.spans(table.grid)
    assert spans and max(spans.values()) >= 3


@pytest.mark.slow
def test_crt_says_which_half_of_a_cell_is_the_attackers(tmp_path):
    """Issue 13: the MacArthur CRT prints 'A / D' on one line; its header says which half is
    the attacker's (the seed's note speaks of the printed chart's first and second lines)."""
    root = Repository.builtin()
    game = root.game("macarthur-bataan", with_tables=False)
    table = root.table("macarthur-bataan", "crt")
    for lang, words in (("en", "Each result reads attacker / defender"), ("ja", "攻撃側 / 防御側")):
        p = tmp_path / f"crt.{lang}.pdf"
        p.write_bytes(cards.render(table, game, PageSpec(lang=lang)))
        first = pdfread.page_text(p).split("Die roll")[0] if lang == "en" else pdfread.page_text(p)[:200]
        assert words in first, first[:300]


@pytest.mark.sample
@pytest.mark.parametrize("table_id", ["assault", "fire-combat"])
def test_a_card_without_its_grid_is_titled_for_what_it_holds(tmp_path, table_id):
    """Issue 13: Okinawa's assault and fire-combat grids are printed on the map; their cards
    hold the modifiers and say so in the title."""
    root = Repository.builtin()
    game = root.game("okinawa", with_tables=False)
    table = root.table("okinawa", table_id)
    assert not table.grid.rows and table.missing is not None
    for lang, title in (("en", f"{table.title.en}: Modifiers"), ("ja", f"{table.title.ja}：修正")):
        p = tmp_path / f"c.{lang}.pdf"
        p.write_bytes(cards.render(table, game, PageSpec(lang=lang)))
        assert pdfread.page_text(p).startswith(title)


def test_bilingual_notes_are_paired_lines_never_run_together():
    """Issue 22: a bilingual note once read 'ja / en' in one paragraph; now the Japanese line,
    then the English on its own line."""
    root = Repository.builtin()
    table = root.table("okinawa", "fire-combat")
    note = cards.player_notes(table)[0]
    text = cards.note_text(note, "both")
    ja, en = text.split("\n")
    assert ja == cards.note_text(note, "ja") and en == cards.note_text(note, "en")
    assert "ダイス" not in en and " / " not in ja[-3:]


def test_a_note_that_holds_a_list_keeps_an_item_a_line():
    """Amigos' retreat priorities (10.3.2): 'in the following order of priority:' and its four
    items, printed '... / - an empty area / - ...' in one paragraph before (issue 22)."""
    note = next(n for n in Repository.builtin().table("amigos-insurrectors", "combat-sequence").notes
                if n.rule == "10.3.2" and "\n" in n.text.en)
    en = cards.note_text(note, "en").split("\n")
    assert en[0] == "When retreating, all units must retreat to the same area."
    assert en[2] == "– an area containing friendly units" and en[3] == "– an empty area" and len(en) == 6
    ja = cards.note_text(note, "ja").split("\n")
    assert ja[0].startswith("撤退する場合") and ja[1].startswith("撤退できるエリアが複数") and ja[3] == "– 空のエリア"
    assert " / " not in cards.note_text(note, "both")


# issue 22: a card is one page sized to its table and notes where that fits


def _pages(pdf: bytes):
    import io

    import pdfplumber

    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        return [(p.width, p.height, p.chars) for p in doc.pages]


@pytest.mark.slow
def test_a_card_fits_one_page_at_the_largest_type_that_takes_it():
    root = Repository.builtin()
    small = _pages(cards.render(root.table("rgi-macarthur", "retreat"), root.game("rgi-macarthur", with_tables=False),
                                PageSpec(lang="en")))
    assert len(small) == 1 and small[0][0] < small[0][1]            # upright: its grid takes the width
    # too small to fill A4 (issue 22): set on A5, at a card's type, never under SMALL_CARD_FONT
    assert (round(small[0][0]), round(small[0][1])) == (421, 595)
    size = max(c["size"] for c in small[0][2] if c["text"] == "S")
    assert cards.SMALL_CARD_FONT <= size <= cards.MAX_CARD_FONT and size in cards.CARD_SIZES
    # once two pages (the grid on one, its notes on the other): now one, the type smaller
    pw = _pages(cards.render(root.table("amigos-insurrectors", "political-will"),
                             root.game("amigos-insurrectors", with_tables=False), PageSpec(lang="en")))
    assert len(pw) == 1
    assert min(c["size"] for c in pw[0][2] if c["text"].strip()) >= cards.MIN_FONT


@pytest.mark.slow
def test_a_card_no_page_takes_whole_fills_its_pages(tmp_path):
    from playaids import preflight

    root = Repository.builtin()
    path = tmp_path / "crt.both.a4.pdf"
    path.write_bytes(cards.render(root.table("macarthur-bataan", "crt"), root.game("macarthur-bataan", with_tables=False),
                                  PageSpec(lang="both")))
    assert len(_pages(path.read_bytes())) == 2
    assert preflight.check(path) == []   # every page but the last 60 % used, no last page of a few lines


def test_one_title_when_the_two_languages_differ_only_in_case():
    from playaids.model import Text

    assert cards.composed(Text("AMIGOS & INSURRECTORS", "Amigos & Insurrectors"), "both") == "Amigos & Insurrectors"
    assert cards.composed(Text("沖縄", "Okinawa"), "both") == "沖縄 / Okinawa"
    # every bilingual aid, not the cards alone: the text itself, and a setup sheet's phrases
    assert Text("NEW GUINEA", "New Guinea").get("both") == "New Guinea"
    assert Text("「Guerrilla War」", "Guerrilla War").get("both") == "Guerrilla War"   # not 「Guerrilla War」 / Guerrilla War
    assert Text("「Manila」の支配", "Control of Manila").get("both") == "「Manila」の支配\nControl of Manila"
    assert Text("沖縄", "Okinawa").get("both") == "沖縄\nOkinawa"
    from playaids.engine import api
    from playaids.render.setupwords import Words

    root = Repository.builtin()
    setup = api.generate(root, "rgi-macarthur", "bataan-retreat", 1)
    say = Words(root, setup, root.scenario("rgi-macarthur", "bataan-retreat"), "both")
    assert say.t(say.scenario.title) == "Bataan Retreat"
    assert say.t(say.game.title) == "ダグラス・マッカーサー将軍の主要作戦\nMajor Campaigns of General Douglas MacArthur"
    assert say.t(say.game.title, " / ") == "ダグラス・マッカーサー将軍の主要作戦 / Major Campaigns of General Douglas MacArthur"


@pytest.mark.slow
def test_a_card_over_two_pages_takes_the_frame_width(tmp_path):
    """Okinawa's Allied Air Strike card, bilingual on Letter, takes two pages at any size: its
    results grid took two thirds of the width and left page 1 56 % used (the full build's
    preflight). On a card of several pages a grid wider than half the frame spans the frame."""
    import pdfplumber

    from playaids import preflight

    root = Repository.builtin()
    spec = PageSpec(lang="both", paper="letter")
    path = tmp_path / "allied-air-strike.both.letter.pdf"
    path.write_bytes(cards.render(root.table("okinawa", "allied-air-strike"), root.game("okinawa", with_tables=False),
                                  spec))
    with pdfplumber.open(path) as pdf:
        assert len(pdf.pages) == 2
        widest = max(t.bbox[2] - t.bbox[0] for t in pdf.pages[0].find_tables())
    frame = spec.size[0] - 2 * spec.margin - 2 * cards.FRAME_PAD
    assert widest >= 0.97 * frame
    assert preflight.check(path) == []


@pytest.mark.slow
def test_a_short_list_of_notes_is_not_sent_to_a_page_of_its_own(tmp_path):
    """RGI's Starting Forces, bilingual on A4: its one note (two lines) went to a second page,
    the room asked for the notes' heading being that of three lines; a list shorter than that
    asks only its own height."""
    from playaids import preflight

    root = Repository.builtin()
    path = tmp_path / "starting-forces.both.a4.pdf"
    path.write_bytes(cards.render(root.table("rgi-macarthur", "starting-forces"),
                                  root.game("rgi-macarthur", with_tables=False), PageSpec(lang="both")))
    pages = _pages(path.read_bytes())
    assert len(pages) == 1
    assert "Atmost10unitsmaystackinonetown." in "".join(c["text"] for c in pages[0][2]).replace(" ", "")
    assert preflight.check(path) == []


def test_a_bilingual_cell_sets_a_name_on_one_line_and_a_sentence_stacked():
    """'平地　Clear' on one line; a sentence ('地上作戦。… Ground operations. …') ran on in one
    line, which a reviewer read as the two languages run together: one under the other now
    (issue 22)."""
    from playaids.model import Text
    from playaids.render import grid

    assert grid.side_by_side(Text("平地", "Clear")) == "平地\u3000Clear"
    assert grid.side_by_side(Text("地上作戦。制限内の米軍ユニットを活性化する。", "Ground operations. Activate US units.")) is None
    # a figure at the English's head reads on from the Japanese (rv39 review), and so does English
    # after Japanese holding Latin ("(F) 戦力増加 (F) leader", rv40 review): stacked
    assert grid.side_by_side(Text("5-6（山岳では6のみ）", "5-6 (mountains: 6 only)")) is None
    assert grid.side_by_side(Text("「Pilar」の捕獲ないし除去", "Capture or elimination of 'Pilar'")) is None
    assert grid.side_by_side(Text("(F) 戦力増加", "(F) leader")) is None
    assert grid.side_by_side(Text("山岳", "'Mountain'")) == "山岳\u3000'Mountain'"


def test_a_card_keeps_its_headings_words_whole_where_a_layout_can(tmp_path):
    """A reviewer read Okinawa's fleet-target card (ja) as 「ダ / イ / ス」 and 「攻撃部 / 隊」 on an
    upright A4 with room to spare: a card takes the size and orientation that cut no word, where
    one does (here a turned page)."""
    import pdfplumber

    root = Repository.builtin()
    game = root.game("okinawa")
    path = tmp_path / "ft.pdf"
    path.write_bytes(cards.render(game.tables["fleet-targets"], game, PageSpec(lang="ja")))
    with pdfplumber.open(path) as pdf:
        page = pdf.pages[0]
        assert page.width > page.height
        lines = (page.extract_text() or "").split("\n")
    heads = " ".join(ln for ln in lines[:6])
    for word in ("ダイス", "攻撃部隊", "艦砲支援", "英国空母群", "高速空母群", "上陸支援"):
        assert word in heads, (word, lines[:6])


@pytest.mark.slow
@pytest.mark.parametrize("lang,paper", [("both", "a4"), ("both", "letter")])
def test_a_grid_cut_over_pages_leaves_no_piece_of_a_row_or_two(lang, paper):
    # issue 22: never a piece of one or two rows, tall chit rows too (Amigos' bilingual leader
    # rolls went on over the page with their last 2 rows)
    import io

    import pdfplumber

    root = Repository.builtin()
    table = root.table("amigos-insurrectors", "leader-rolls")
    pdf = cards.render(table, root.game("amigos-insurrectors", with_tables=False), PageSpec(lang=lang, paper=paper))
    with pdfplumber.open(io.BytesIO(pdf)) as doc:
        pieces = [len(t) - 1 for p in doc.pages for t in p.extract_tables(pdfread.TABLE_SETTINGS)[:1]]
    assert len(pieces) == 2 and sum(pieces) == len(table.grid.rows), pieces
    assert min(pieces) >= cards.MIN_PIECE_ROWS, pieces
