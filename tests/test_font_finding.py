"""Fonts are found on Debian, macOS and Windows and through fontconfig; an English aid needs no
Japanese font; the override is an explicit choice (issue 24)."""
import subprocess
import sys

import pytest

from playaids import fonts
from tests.conftest import ROOT

REAL = fonts.font_file(fonts.GOTHIC)   # this machine's IPAex Gothic, linked into the folders a test makes


@pytest.fixture
def nowhere(monkeypatch, tmp_path):
    """No Debian path, no fontconfig, no font folder but those the test makes."""
    monkeypatch.setattr(fonts, "_CANDIDATES", {fonts.GOTHIC: [], fonts.SYMBOLS: []})
    monkeypatch.setattr(fonts, "_fc_match", lambda family: None)
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    for var in ("LOCALAPPDATA", "WINDIR", "SystemRoot", "PLAYAIDS_FONT_IPAEXGOTHIC"):
        monkeypatch.delenv(var, raising=False)
    monkeypatch.setattr(fonts, "font_dirs", _only(tmp_path, fonts.font_dirs))
    fonts.font_file.cache_clear()
    yield tmp_path
    fonts.font_file.cache_clear()


def _only(tmp_path, real):
    return lambda: [d for d in real() if str(d).startswith(str(tmp_path))]


def _install(folder):
    folder.mkdir(parents=True)
    (folder / "ipaexg.ttf").symlink_to(REAL)
    return folder / "ipaexg.ttf"


def test_macos_user_fonts(nowhere):
    path = _install(nowhere / "home" / "Library" / "Fonts")
    assert fonts.font_file(fonts.GOTHIC) == str(path)


def test_windows_fonts(nowhere, monkeypatch):
    path = _install(nowhere / "Windows" / "Fonts")
    monkeypatch.setenv("WINDIR", str(nowhere / "Windows"))
    assert fonts.font_file(fonts.GOTHIC) == str(path)
    user = _install(nowhere / "AppData" / "Local" / "Microsoft" / "Windows" / "Fonts")
    monkeypatch.setenv("LOCALAPPDATA", str(nowhere / "AppData" / "Local"))
    fonts.font_file.cache_clear()
    assert fonts.font_file(fonts.GOTHIC) == str(user)   # the user's own font first


def test_linux_user_fonts_in_a_subfolder(nowhere):
    path = _install(nowhere / "home" / ".local" / "share" / "fonts" / "ipaex")
    assert fonts.font_file(fonts.GOTHIC) == str(path)


def test_missing_says_how_to_install_and_the_override(nowhere):
    with pytest.raises(fonts.FontMissing) as e:
        fonts.font_file(fonts.GOTHIC)
    assert "apt-get install fonts-ipaexfont-gothic" in str(e.value) and "PLAYAIDS_FONT_IPAEXGOTHIC" in str(e.value)


def test_the_override_is_never_replaced(nowhere, monkeypatch):
    monkeypatch.setenv("PLAYAIDS_FONT_IPAEXGOTHIC", str(nowhere / "nope.ttf"))
    with pytest.raises(fonts.FontMissing, match="nope.ttf"):
        fonts.font_file(fonts.GOTHIC)


WITHOUT_JAPANESE = """
import sys
from playaids import fonts
fonts._CANDIDATES[fonts.GOTHIC] = []
fonts._FILES[fonts.GOTHIC] = ("no-such-font.ttf",)
fonts._fc_match = lambda family: None
from playaids.render import cards
from playaids.render.page import PageSpec
from playaids.repository import open_data
root = open_data()
table, game = root.table("okinawa", "fleet-damage"), root.game("okinawa", with_tables=False)
pdf = cards.render(table, game, PageSpec(paper="a4", lang="en"))
assert pdf.startswith(b"%PDF")
try:
    cards.render(table, game, PageSpec(paper="a4", lang="ja"))
except fonts.FontMissing as e:
    print("ja:", e)
"""


@pytest.mark.slow
def test_an_english_card_needs_no_japanese_font():
    r = subprocess.run([sys.executable, "-c", WITHOUT_JAPANESE], capture_output=True, cwd=ROOT, timeout=120)
    assert r.returncode == 0, r.stderr.decode()[-2000:]
    out = r.stdout.decode()
    assert out.startswith("ja: okinawa/fleet-damage: font IPAexGothic not found: install it"), out


WITHOUT_JAPANESE_DOCUMENT = """
import sys
from playaids import fonts
fonts._CANDIDATES[fonts.GOTHIC] = []
fonts._FILES[fonts.GOTHIC] = ("no-such-font.ttf",)
fonts._fc_match = lambda family: None
from playaids.render import summary, glossary_pdf
from playaids.render.page import PageSpec
from playaids.repository import open_data
root = open_data()
for gid in sys.argv[1:]:
    game = root.game(gid, with_tables=False)
    for lang in ("en", "ja"):
        try:
            pdf = summary.render(root.summary(gid), game, PageSpec(paper="a4", lang=lang))
            open(f"summary.{gid}.{lang}.pdf", "wb").write(pdf)
            print(gid, lang, "summary", len(pdf))
        except fonts.FontMissing as e:
            print(gid, lang, "summary:", e)
    try:
        glossary_pdf.render(game, PageSpec(paper="a4", lang="en"))
    except fonts.FontMissing as e:
        print(gid, "glossary:", e)
"""


@pytest.mark.slow
def test_an_english_summary_needs_no_japanese_font(tmp_path):
    """Set in DejaVu Sans, its one font (Okinawa's too, since its English names the conference turns
    without 「幕」); any Japanese one and the glossary (it prints the Japanese terms) say to
    install IPAex Gothic."""
    import pdfplumber

    r = subprocess.run([sys.executable, "-c", WITHOUT_JAPANESE_DOCUMENT, "macarthur-bataan", "okinawa"],
                       capture_output=True, cwd=tmp_path, timeout=300, env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    assert r.returncode == 0, r.stderr.decode()[-2000:]
    out = r.stdout.decode().splitlines()
    assert out[0].startswith("macarthur-bataan en summary ")
    assert out[1].startswith("macarthur-bataan ja summary: font IPAexGothic not found: install it")
    assert out[2].startswith("macarthur-bataan glossary: font IPAexGothic not found: install it")
    assert out[3].startswith("okinawa en summary "), out[3]   # its English no longer quotes 「幕」
    with pdfplumber.open(tmp_path / "summary.macarthur-bataan.en.pdf") as pdf:
        faces = {c["fontname"].split("+")[-1] for p in pdf.pages for c in p.chars}
        text = pdf.pages[0].extract_text()
    assert faces == {"DejaVu-Sans"}, faces
    assert "MacArthur" in text
