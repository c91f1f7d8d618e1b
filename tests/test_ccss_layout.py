"""The CCSS as a player reads it (issue 23), read back with pdfplumber against the hex geometry
the sheet is drawn on (ccss.boards_of): every hex id at 7 pt or more inside its own hex, clear
of its edges; every cave's label inside the cave's own hex, clear of every Λ and of the hex id;
a half board a page when asked (or when a hex is too crowded at the whole board's scale); the
legend whole on its page, with the symbols the map draws drawn."""
import io

import pdfplumber
import pytest
from reportlab.lib.pagesizes import landscape

from conftest import FIXTURES
from playaids import preflight
from playaids.games.asl_chapter_g import ccss, ccssplace
from playaids.games.asl_chapter_g import geometry as geo
from playaids.games.asl_chapter_g.cavesetup import parse
from playaids import setupreader

from playaids.render.page import PageSpec
from playaids.repository import Repository

ROOT = Repository.builtin()
GRID = (0.502, 0.502, 0.502)   # the hex ids' gray


def _gray(ch) -> bool:
    c = ch.get("non_stroking_color")
    return isinstance(c, (list, tuple)) and tuple(round(v, 3) for v in c) in (GRID, (0.502,))


@pytest.fixture(scope="module")
def seed3(tmp_path_factory):
    from playaids.cli import app as cli

    setup = tmp_path_factory.mktemp("ccss") / "caves.yaml"
    try:
        cli.main(["scenario", "asl-chapter-g", "caves", "--terrain", str(FIXTURES / "asl" / "board36-g11-examples.yaml"),
                  "--caves", "8", "--seed", "3", "-o", str(setup)])
    except SystemExit as e:
        assert e.code in (0, None)
    return setup


def _sheet(setup, spec, half=False):
    cs = parse(setupreader.load(setup, ROOT.setup_keys), ROOT) if setup else None
    data = ccss.render(ROOT, spec, "" if cs else "25", cs, half)
    w, h = landscape(spec.size)
    board = cs.caves[0].hex.board if cs else "25"
    parts = ccss.pages_of(spec, board, cs, w, h, half)
    return data, cs, parts, board


def _page_poly(b, hx, page_h):
    """The hex's corners as pdfplumber measures (y down from the page's top)."""
    return [(x, page_h - y) for x, y in b.corners(hx)]


def _chars_in(chars, poly, margin=0.3):
    return [c for c in chars if all(ccssplace.inside(poly, x, y, margin) for x, y in
                                    ((c["x0"], c["top"]), (c["x1"], c["top"]), (c["x1"], c["bottom"]), (c["x0"], c["bottom"])))]


def _text_in(chars, poly) -> str:
    return "".join(c["text"] for c in sorted(_chars_in(chars, poly), key=lambda c: (round(c["top"]), c["x0"]))).replace(" ", "")


def _lambdas(page) -> list:
    return [ln for ln in page.lines if (ln.get("linewidth") or 0) >= 0.85]


def _crosses(ch, lines) -> bool:
    """A Λ runs through the glyph's box (shrunk by a quarter each side)."""
    w, h = ch["x1"] - ch["x0"], ch["bottom"] - ch["top"]
    box = (ch["x0"] + w / 4, ch["top"] + h / 4, ch["x1"] - w / 4, ch["bottom"] - h / 4)
    return any(ccssplace.clip(ln["pts"][0], ln["pts"][-1], box) is not None for ln in lines)


@pytest.mark.parametrize("which,lang,paper,half", [
    ("legal", "en", "a4", False), ("legal", "ja", "letter", True), ("seed3", "en", "a4", False),
    ("seed3", "both", "letter", True),
])
@pytest.mark.slow
def test_each_cave_label_lies_inside_its_own_hex_clear_of_every_lambda_and_id(seed3, which, lang, paper, half):
    """caves-legal: the labels of A and B (in F7) sat in F8; seed 3: four caves share K4."""
    setup = FIXTURES / "asl" / "caves-legal.yaml" if which == "legal" else seed3
    spec = PageSpec(lang=lang, paper=paper)
    data, cs, parts, board = _sheet(setup, spec, half)
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        seen = set()
        for k, (b, _) in enumerate(parts):
            page = pdf.pages[k]
            labels = [c for c in page.chars if not _gray(c) and c["text"].strip()]
            ids = [c for c in page.chars if _gray(c)]
            lam = _lambdas(page)
            for cave in cs.caves:
                if not b.shows(cave.hex):
                    continue
                poly = _page_poly(b, cave.hex, page.height)
                want = f"{'★' if cave.primary else ''}{cave.id}{cave.level}"
                assert want in _text_in(labels, poly), (cave.id, str(cave.hex), _text_in(labels, poly))
                seen.add(cave.id)
            for ch in labels:
                if ch["size"] < 10:   # the labels, not the title
                    assert not _crosses(ch, lam), (ch["text"], ch["x0"], ch["top"])
                    assert not any(ccssplace.meet((ch["x0"], ch["top"], ch["x1"], ch["bottom"]),
                                                  (i["x0"] + 0.3, i["top"] + 0.3, i["x1"] - 0.3, i["bottom"] - 0.3))
                                   for i in ids), ch["text"]
        assert seen == {c.id for c in cs.caves}
    name = f"ccss.{lang}.{paper}.pdf"
    assert not [f for f in preflight.check(_save(data, name), lang)]


def _save(data, name):
    import tempfile
    from pathlib import Path

    p = Path(tempfile.mkdtemp()) / name
    p.write_bytes(data)
    return p


@pytest.mark.slow
@pytest.mark.parametrize("paper,half", [("a4", False), ("letter", True)])
def test_every_hex_id_is_7_pt_or_more_inside_its_own_hex(seed3, paper, half):
    """They were 6-6.8 pt and touched the hex edges; a hex with caves moves its id clear of them."""
    spec = PageSpec(lang="en", paper=paper)
    data, cs, parts, board = _sheet(seed3, spec, half)
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        for k, (b, _) in enumerate(parts):
            page = pdf.pages[k]
            words = [w for w in page.extract_words(extra_attrs=["size", "non_stroking_color"])
                     if w["text"] in {h.local for h in geo.board_hexes(board)}]
            assert words and min(w["size"] for w in words) >= 7.0
            lam = _lambdas(page)
            for w in words:
                hx = geo.parse_hex(w["text"], board)
                if geo.half_hex(hx) or not b.shows(hx):
                    continue
                poly = _page_poly(b, hx, page.height)
                corners = ((w["x0"], w["top"]), (w["x1"], w["top"]), (w["x1"], w["bottom"]), (w["x0"], w["bottom"]))
                assert all(ccssplace.inside(poly, x, y, 0.4) for x, y in corners), w["text"]
                chars = [c for c in page.chars if w["x0"] - 0.1 <= c["x0"] and c["x1"] <= w["x1"] + 0.1
                         and abs(c["top"] - w["top"]) < 0.5]
                assert not any(_crosses(c, lam) for c in chars), w["text"]


@pytest.mark.slow
def test_a_crowded_hex_puts_the_board_in_halves_and_the_half_board_is_larger():
    spec = PageSpec(lang="en")
    w, h = landscape(spec.size)
    cs = parse(setupreader.load(FIXTURES / "asl" / "caves-legal.yaml", ROOT.setup_keys), ROOT)
    whole = ccss.boards_of(spec, w, h)
    halves = ccss.boards_of(spec, w, h, True)
    assert len(whole) == 1 and [b.columns for b in halves] == ["A–Q", "Q–GG"]
    assert halves[0].r > 1.4 * whole[0].r
    assert not ccss.page_plan(spec, "25", cs, whole[0])[3].clean   # F7 holds two caves and its id
    parts = ccss.pages_of(spec, "25", cs, w, h)
    assert len(parts) == 2 and all(p[3].clean for _, p in parts)
    blank = ccss.pages_of(spec, "25", None, w, h)
    assert len(blank) == 1 and blank[0][1][3].clean   # a blank sheet keeps the whole board on a page


@pytest.mark.slow
def test_half_board_pages_name_their_columns(cli, tmp_path):
    out = tmp_path / "half.pdf"
    assert cli("ccss", "--board", "25", "--half-board", "--lang", "en", "-o", out).returncode == 0
    with pdfplumber.open(out) as pdf:
        first, second = pdf.pages[0].extract_text(), pdf.pages[1].extract_text()
        assert "A–Q (1/2)" in first and "Q–GG (2/2)" in second
        assert "scale 6" in first or "scale 7" in first   # 60-79 %: was 48 % for the whole board
        assert "A1" in first and "GG1" not in first and "GG1" in second and "Q5" in first and "Q5" in second


@pytest.mark.sample
@pytest.mark.parametrize("lang,paper", [("en", "a4"), ("ja", "letter"), ("both", "a4"), ("both", "letter")])
def test_the_legend_is_whole_on_its_page_with_its_symbols_drawn(lang, paper):
    """Two rows spilled onto the next page (both languages); the complex boundary was written as
    hyphens: it, the cave's Λ and the tunnel's line are drawn as on the map."""
    data = ccss.render(ROOT, PageSpec(lang=lang, paper=paper), "25")
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        legend = pdf.pages[1]
        text = legend.extract_text()
        last = {"en": "Removed Fortification", "ja": "除去された野戦構築物", "both": "Removed Fortification"}[lang]
        assert last in text and "CCSS" in text.split("\n", 1)[0]
        assert "---" not in text
        red = [ln for ln in legend.lines if (ln.get("linewidth") or 0) > 1.0]
        assert len(red) >= 6   # the dashed hex of the complex boundary
        dots = [c for c in legend.curves if c["x1"] - c["x0"] < 3]
        assert len(dots) == 2   # the tunnel's centre dots
