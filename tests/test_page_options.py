"""One set of print options (playaids/pageoptions.py) for every PDF command: --grayscale,
--bleed and --crop-marks reach the PDF of each (TrimBox/BleedBox, the sheet grown by the
bleed or the crop-mark slug, no colour left in grayscale), and each command keeps its defaults."""
import click
import pdfplumber
import pytest
from conftest import run_in
from pdfminer.pdftypes import resolve1

from playaids.cli import app as cli
from playaids.plugin import pageoptions
from playaids.render.page import PageSpec

A4 = sorted((595.28, 841.89))
SLUG = 9 * 72 / 25.4  # crop marks need 9 mm each side even with a 3 mm bleed: 3 off the trim, 5 long, 1 spare
BLEED = 3 * 72 / 25.4
# the commands whose PDF is finished as a build's (cli.finishing): DeviceGray in grayscale
DEVICE_GRAY = {"table", "summary", "turns", "glossary", "odds"}

# command -> (arguments before the output, where the PDF goes)
COMMANDS = {
    "table": (["table", "rgi-macarthur", "combat-dice", "--format", "pdf", "-o"], "{out}"),
    "scenario": (["scenario", "rgi-macarthur", "korea", "--seed", "1", "-o", "{tmp}/setup.yaml", "--sheet"], "{out}"),
    "summary": (["summary", "rgi-macarthur", "-o"], "{out}"),
    "turns": (["turns", "okinawa", "-o"], "{out}"),
    "glossary": (["glossary", "rgi-macarthur", "--format", "pdf", "-o"], "{out}"),
    "ccss": (["ccss", "--board", "25", "-o"], "{out}"),
    "odds": (["odds", "rgi-macarthur", "new-guinea-reserves", "--format", "pdf", "-o"], "{out}"),
}


def _run(capsys, args) -> tuple[int, str]:
    return tuple(run_in(capsys, *args))


def _make(capsys, tmp_path, name, *options):
    head, where = COMMANDS[name]
    out = tmp_path / f"{name}{'-'.join(options).replace(' ', '')}.pdf"
    args = [a.format(tmp=tmp_path) for a in head] + [where.format(out=out), "--paper", "a4", *options]
    code, err = _run(capsys, args)
    assert code == 0, err
    return out


def _boxes(path):
    with pdfplumber.open(path) as pdf:
        for page in pdf.pages:
            attrs = page.page_obj.attrs
            yield ({k: [float(v) for v in resolve1(attrs[k])] for k in ("MediaBox", "TrimBox", "BleedBox")
                    if k in attrs})


def _colours(path) -> set:
    """Every stroke and fill colour drawn, as tuples."""
    out = set()
    with pdfplumber.open(path) as pdf:
        for page in pdf.pages:
            for obj in page.chars + page.rects + page.lines + page.curves:
                for key in ("non_stroking_color", "stroking_color"):
                    c = obj.get(key)
                    if isinstance(c, (list, tuple)):
                        out.add(tuple(round(float(v), 3) for v in c))
    return out


def _gray(c: tuple) -> bool:
    if len(c) == 3:
        return c[0] == c[1] == c[2]
    if len(c) == 4:
        return c[0] == c[1] == c[2] == 0
    return True


def _size(box):
    return sorted((round(box[2] - box[0], 1), round(box[3] - box[1], 1)))


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_bleed_and_crop_marks_reach_the_pdf(capsys, tmp_path, name):
    plain = list(_boxes(_make(capsys, tmp_path, name)))
    bled = list(_boxes(_make(capsys, tmp_path, name, "--bleed", "3")))
    marked = list(_boxes(_make(capsys, tmp_path, name, "--bleed", "3", "--crop-marks")))
    assert len(plain) == len(bled) == len(marked) >= 1
    for p, b, m in zip(plain, bled, marked):
        trim = _size(b["TrimBox"])
        assert trim == _size(p.get("TrimBox", p["MediaBox"])), name  # the trimmed page is the paper
        # the paper; a card of a small table its half or quarter (A5, A6: issue 22); the CCSS its own
        papers = [[round(x, 1) for x in A4], [420.9, 595.3], [297.6, 420.9]]
        assert trim in papers + [t[::-1] for t in papers] or name == "ccss", (name, trim)
        assert abs(_size(b["MediaBox"])[0] - trim[0] - 2 * BLEED) < 0.6, name
        assert abs(_size(b["BleedBox"])[0] - trim[0] - 2 * BLEED) < 0.6, name
        assert abs(_size(m["MediaBox"])[0] - trim[0] - 2 * SLUG) < 0.6, name


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(set(COMMANDS) - {"table"}))  # a chart card: tests/test_render_cards.py
def test_grayscale_reaches_the_pdf(capsys, tmp_path, name):
    colour = _colours(_make(capsys, tmp_path, name))
    gray = _colours(_make(capsys, tmp_path, name, "--grayscale"))
    assert all(_gray(c) for c in gray), (name, sorted(c for c in gray if not _gray(c)))
    if name in DEVICE_GRAY:  # issue 23: DeviceGray, one channel (not neutral RGB or CMYK)
        assert all(len(c) == 1 for c in gray), (name, sorted(c for c in gray if len(c) != 1))
    if name != "turns":  # the blank okinawa sheet draws no coloured event
        assert not all(_gray(c) for c in colour), name  # the option changed something


def test_every_pdf_command_takes_the_print_options():
    names = {"table", "scenario", "summary", "turns", "glossary", "ccss", "build", "odds"}
    for name in names:
        params = {p.name for p in cli.cli.commands[name].params} if name in cli.cli.commands else \
            {p.name for p in cli.cli.get_command(click.Context(cli.cli), name).params}
        assert {"paper_", "grayscale", "bleed_mm", "crop_marks"} <= params, name
        assert "lang_" in params, name   # the glossary too: --lang chooses its lists (issue 24)
        assert ("dpi" in params) == (name != "build"), name   # every aid exports PNG pages


LANG_COMMANDS = ("list", "table", "scenario", "summary", "turns", "glossary", "ccss", "build")


def _default(name, param):
    cmd = cli.cli.get_command(click.Context(cli.cli), name)
    value = next(p.default for p in cmd.params if p.name == param)
    return value() if callable(value) else value


def test_one_lang_rule_for_every_command(monkeypatch):
    """issue 24: one --lang default, $PLAYAIDS_LANG else en, for every command."""
    monkeypatch.delenv("PLAYAIDS_LANG", raising=False)
    assert {_default(n, "lang_") for n in LANG_COMMANDS} == {"en"}
    monkeypatch.setenv("PLAYAIDS_LANG", "ja")
    assert {_default(n, "lang_") for n in LANG_COMMANDS} == {"ja"}
    monkeypatch.setenv("PLAYAIDS_LANG", "both")   # list titles, build and every aid take both
    assert {_default(n, "lang_") for n in LANG_COMMANDS} == {"both"}
    monkeypatch.setenv("PLAYAIDS_LANG", "klingon")   # not a language: the rule's fallback
    assert {_default(n, "lang_") for n in LANG_COMMANDS} == {"en"}


def test_defaults_are_kept_per_command():
    def default(name, param):
        return _default(name, param)

    assert default("build", "paper_") == "a4"
    assert {default(n, "paper_") for n in ("table", "scenario", "summary", "turns", "glossary", "ccss")} == {"a4"}


def test_the_decorator_yields_a_pagespec_and_build_pages():
    seen = {}

    @click.command()
    @pageoptions.page_options()
    def one(page, dpi):
        seen["one"] = page, dpi

    @click.command()
    @pageoptions.page_options(many=True)
    def many(pages):
        seen["many"] = pages

    one.main(["--paper", "letter", "--grayscale", "--bleed", "2", "--crop-marks", "--lang", "both", "--dpi", "72"],
             standalone_mode=False)
    assert seen["one"] == (PageSpec(paper="letter", lang="both", grayscale=True, bleed_mm=2.0, crop_marks=True), 72)
    many.main(["--paper", "all", "--lang", "en"], standalone_mode=False)
    assert [(p.paper, p.lang) for p in seen["many"]] == [("a4", "en"), ("letter", "en"), ("a3", "en"), ("tabloid", "en")]
    many.main(["--paper", "a3", "--lang", "all", "--grayscale", "--bleed", "3"], standalone_mode=False)
    assert seen["many"] == [PageSpec(paper="a3", lang=x, grayscale=True, bleed_mm=3.0) for x in ("ja", "en", "both")]


@pytest.mark.slow
def test_one_bleed_and_one_crop_mark_weight_for_every_renderer(cli_in, tmp_path):
    """Issue 13: ReportLab aids (a card) and WeasyPrint ones (a summary) declare the same 3 mm
    BleedBox and draw crop marks of one weight."""
    import pdfplumber
    from pdfminer.pdftypes import resolve1

    from playaids.render.page import CROP_MARK_PT

    outs = {"card": tmp_path / "crt.en.a4.pdf", "summary": tmp_path / "summary.en.a4.pdf"}
    assert cli_in("table", "rgi-macarthur", "retreat", "-o", outs["card"], "--bleed", "3", "--crop-marks").returncode == 0
    assert cli_in("summary", "rgi-macarthur", "--lang", "en", "-o", outs["summary"], "--bleed", "3",
                  "--crop-marks").returncode == 0
    for kind, path in outs.items():
        with pdfplumber.open(path) as pdf:
            page = pdf.pages[0]
            trim = [float(v) for v in resolve1(page.page_obj.attrs["TrimBox"])]
            bleed = [float(v) for v in resolve1(page.page_obj.attrs["BleedBox"])]
            assert [round((t - b) * 25.4 / 72, 2) for t, b in zip(trim[:2], bleed[:2])] == [3.0, 3.0], kind
            # the crop marks: lines wholly outside the trimmed page
            top = float(page.mediabox[3])
            x0, x1, t0, t1 = trim[0], trim[2], top - trim[3], top - trim[1]
            marks = [ln for ln in page.lines if ln["x1"] <= x0 + 0.1 or ln["x0"] >= x1 - 0.1
                     or ln["bottom"] <= t0 + 0.1 or ln["top"] >= t1 - 0.1]
            assert len(marks) >= 8, kind
            assert {round(ln.get("linewidth", 0), 2) for ln in marks} == {CROP_MARK_PT}, kind
