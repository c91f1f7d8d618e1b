"""Issue 23, print shop: a `--grayscale --bleed 3 --crop-marks` build of ReportLab aids (chart
cards, the chart set, the sources) and WeasyPrint ones (summary, glossary) holds no RGB or CMYK
colour operator, no two font subsets (in one file or across files) share a prefix, every file
carries its aid's title, the game and the language, and every crop mark is 5 mm long, 3 mm off
the trim. The finishing pass is deterministic."""
import collections
import decimal

import pikepdf
import pytest
from conftest import run_cli

from playaids.render import finish

MM = 72 / 25.4
COLOUR_OPS = {"rg", "RG", "k", "K", "sc", "scn", "SC", "SCN"}


@pytest.fixture(scope="module")
def build(tmp_path_factory):
    out = tmp_path_factory.mktemp("print") / "out"
    r = run_cli("build", "rgi-macarthur", "--out", out, "--lang", "en", "--paper", "a4", "--only", "summaries",
                "--only", "charts", "--only", "odds", "--grayscale", "--bleed", "3", "--crop-marks")
    assert r.returncode == 0, r.stderr
    files = sorted(out.rglob("*.pdf"))
    assert len(files) > 5
    return out, files


def _streams(pdf):
    """(where, instructions) of every page's content and every form XObject."""
    for n, page in enumerate(pdf.pages, 1):
        yield f"page {n}", pikepdf.parse_content_stream(page)
    for obj in pdf.objects:
        if isinstance(obj, pikepdf.Stream) and obj.get("/Subtype") == pikepdf.Name.Form:
            yield f"form {obj.objgen}", pikepdf.parse_content_stream(obj)


@pytest.mark.slow
def test_grayscale_builds_hold_no_rgb_or_cmyk(build):
    out, files = build
    for path in files:
        with pikepdf.open(path) as pdf:
            ops = collections.Counter()
            for where, instructions in _streams(pdf):
                for operands, op in instructions:
                    ops[str(op)] += 1
                    assert str(op) not in COLOUR_OPS, (path.name, where, str(op), operands)
                    if str(op) in ("cs", "CS"):
                        assert operands[0] == pikepdf.Name.DeviceGray, (path.name, where)
            assert ops["g"] > 0, path.name   # text and fills are set in gray
            images = [o for o in pdf.objects if isinstance(o, pikepdf.Stream) and o.get("/Subtype") == "/Image"]
            assert all(o.get("/ColorSpace") == pikepdf.Name.DeviceGray for o in images), path.name


@pytest.mark.slow
def test_no_two_files_share_a_font_subset_prefix(build):
    out, files = build
    seen = collections.defaultdict(set)
    for path in files:
        with pikepdf.open(path) as pdf:
            for obj in pdf.objects:
                if isinstance(obj, pikepdf.Dictionary) and obj.get("/Type") == pikepdf.Name.Font \
                        and "+" in str(obj.get("/BaseFont", "")):
                    seen[str(obj.BaseFont)[1:7]].add(path.relative_to(out).as_posix())
    # odds/X.en.a4.pdf and charts/X.en.a4.pdf share a name: their prefixes differ all the same
    assert any((out / "rgi-macarthur" / "odds" / p.name).exists() for p in files if p.parent.name == "charts")
    assert len(seen) >= len(files)
    assert {p: f for p, f in seen.items() if len(f) > 1} == {}
    assert "AAAAAA" not in seen


@pytest.mark.slow
def test_every_pdf_carries_its_title_game_and_language(build):
    out, files = build
    titles = set()
    for path in files:
        with pikepdf.open(path) as pdf:
            title = str(pdf.docinfo["/Title"])
            assert title.startswith("Ring of Fire") or "MacArthur" in title, title
            assert str(pdf.docinfo["/Subject"]) in title and len(title) > len(str(pdf.docinfo["/Subject"])) + 3
            both = path.name == "glossary.a4.pdf"  # the one bilingual aid here: Japanese first
            assert str(pdf.Root.Lang) == ("ja" if both else "en"), path.name
            assert str(pdf.docinfo["/Keywords"]).endswith("; ja, en" if both else "; en"), path.name
            assert "untitled" not in title.lower()
            titles.add(title)
    with pikepdf.open(out / "rgi-macarthur" / "summary.en.a4.pdf") as pdf:
        assert str(pdf.docinfo["/Title"]).endswith(": Rule summary")
    assert len(titles) == len(files)  # each file its own title


def _marks(path):
    """Per page: the TrimBox's (x0, x1, height) and the horizontal and vertical lines drawn
    outside it, as pdfplumber sees them (every transformation applied)."""
    import pdfplumber
    from pdfminer.pdftypes import resolve1

    with pdfplumber.open(path) as pdf:
        for page in pdf.pages:
            t = [float(v) for v in resolve1(page.page_obj.attrs["TrimBox"])]
            across = [ln for ln in page.lines if ln["top"] == ln["bottom"]
                      and (ln["x1"] <= t[0] + 0.1 or ln["x0"] >= t[2] - 0.1)]
            ys = sorted({round(ln["top"], 2) for ln in across})
            down = [ln for ln in page.lines if ln["x0"] == ln["x1"] and ys
                    and (ln["bottom"] <= ys[0] + 0.1 or ln["top"] >= ys[-1] - 0.1)]
            yield (t[0], t[2], t[3] - t[1]), ys, across, down


@pytest.mark.slow
@pytest.mark.parametrize("name", ["summary.en.a4.pdf", "glossary.a4.pdf", "charts/combat-dice.en.a4.pdf",
                                  "charts.en.a4.pdf"])
def test_crop_marks_are_5_mm_long_and_3_mm_off_the_trim(build, name):
    out, _ = build
    pages = 0
    for (x0, x1, height), ys, across, down in _marks(out / "rgi-macarthur" / name):
        pages += 1
        # the horizontal marks lie on the trim lines: the trimmed page's height apart
        assert len(across) == 4 and len(ys) == 2 and abs(ys[1] - ys[0] - height) < 0.05, (name, across)
        assert len(down) == 4 and {round(ln["x0"], 2) for ln in down} == {round(x0, 2), round(x1, 2)}, (name, down)
        for ln in across:
            assert abs(ln["x1"] - ln["x0"] - 5 * MM) < 0.05, (name, ln)
            assert abs(min(abs(x - t) for x in (ln["x0"], ln["x1"]) for t in (x0, x1)) - 3 * MM) < 0.05, (name, ln)
        for ln in down:
            assert abs(ln["bottom"] - ln["top"] - 5 * MM) < 0.05, (name, ln)
            assert abs(min(abs(y - t) for y in (ln["top"], ln["bottom"]) for t in ys) - 3 * MM) < 0.05, (name, ln)
    assert pages


def test_gray_of_rewrites_each_colour_operator():
    D = decimal.Decimal
    got = finish.gray_stream([([0, 0, 0], pikepdf.Operator("rg")), ([1, 0, 0], pikepdf.Operator("RG")),
                              ([0, 0, 0, 1], pikepdf.Operator("k")), ([0, 0, 0, D("0.25")], pikepdf.Operator("K")),
                              ([pikepdf.Name.DeviceRGB], pikepdf.Operator("cs")),
                              ([D("0.5"), D("0.5"), D("0.5")], pikepdf.Operator("sc")),
                              ([], pikepdf.Operator("S"))], None)
    assert [(str(op), [str(v) for v in ops]) for ops, op in got] == [
        ("g", ["0"]), ("G", ["0.299"]), ("g", ["0"]), ("G", ["0.75"]), ("cs", ["/DeviceGray"]), ("sc", ["0.5"]),
        ("S", [])]


def test_the_prefix_is_the_files_own_and_stable():
    a = finish.prefix("okinawa/summary.en.a4.pdf", "AAAAAA+IPAexGothic")
    assert a == finish.prefix("okinawa/summary.en.a4.pdf", "AAAAAA+IPAexGothic")
    assert len(a) == 6 and a.isalpha() and a.isupper()
    assert a != finish.prefix("okinawa/summary.ja.a4.pdf", "AAAAAA+IPAexGothic")
    assert a != finish.prefix("okinawa/summary.en.a4.pdf", "AAAAAB+IPAexGothic")


@pytest.mark.slow
def test_finishing_is_deterministic(build):
    out, _ = build
    data = (out / "rgi-macarthur" / "summary.en.a4.pdf").read_bytes()
    once = finish.finish(data, "x/summary.pdf", "T", "G", "en", True)
    assert once == finish.finish(data, "x/summary.pdf", "T", "G", "en", True)
