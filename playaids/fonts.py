"""Japanese-capable TrueType fonts, found on Debian, macOS and Windows (their font folders) or
through fontconfig, registered with ReportLab (`PLAYAIDS_FONT_IPAEXGOTHIC=FILE` overrides).

ReportLab embeds TrueType outlines as subsets with a ToUnicode map; CFF-flavoured OpenType
(.otf, Noto CJK) does not work with it, so IPAex Gothic is the font of the chart cards.
A missing font or glyph is an error, never tofu.
"""
from __future__ import annotations

import functools
import os
import shutil
import subprocess
from pathlib import Path

from playaids.errors import FontMissing

GOTHIC = "IPAexGothic"
# Declared symbol font for the few signs IPAex lacks (≤, ≥, arrows): never a silent fallback.
SYMBOLS = "DejaVuSans"
# Debian's paths, tried first (no search needed on the machine `make build` sets up)
_CANDIDATES = {
    GOTHIC: ["/usr/share/fonts/opentype/ipaexfont-gothic/ipaexg.ttf",
             "/usr/share/fonts/truetype/ipaexfont-gothic/ipaexg.ttf",
             "/usr/share/fonts/truetype/fonts-japanese-gothic.ttf"],
    SYMBOLS: ["/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"],
}
# the file each font is published as (IPA's ipaexg.ttf; DejaVu's), looked for in the font folders
_FILES = {GOTHIC: ("ipaexg.ttf",), SYMBOLS: ("DejaVuSans.ttf",)}
_PACKAGE = {GOTHIC: "fonts-ipaexfont-gothic", SYMBOLS: "fonts-dejavu-core"}
MAX_SEARCH = 20_000   # files looked at in the font folders, at most


def font_dirs() -> list[Path]:
    """The font folders of Debian (and other Linux), macOS and Windows that exist here, the
    user's own first."""
    home = Path.home()
    dirs = [home / ".local" / "share" / "fonts", home / ".fonts", home / "Library" / "Fonts",
            Path("/usr/local/share/fonts"), Path("/usr/share/fonts"), Path("/Library/Fonts"),
            Path("/System/Library/Fonts")]
    if os.environ.get("LOCALAPPDATA"):   # a font installed for one Windows user
        dirs.insert(0, Path(os.environ["LOCALAPPDATA"]) / "Microsoft" / "Windows" / "Fonts")
    for var in ("WINDIR", "SystemRoot"):
        if os.environ.get(var):
            dirs.append(Path(os.environ[var]) / "Fonts")
    return [d for d in dict.fromkeys(dirs) if d.is_dir()]


def _search(family: str) -> str | None:
    """The font's file in the font folders (font_dirs), by its published file name."""
    names = {n.lower() for n in _FILES.get(family, ())}
    seen = 0
    for d in font_dirs():
        for root, _, files in os.walk(d):
            for f in sorted(files):
                if f.lower() in names:
                    return os.path.join(root, f)
            seen += len(files)
            if seen > MAX_SEARCH:
                return None
    return None


def _fc_match(family: str) -> str | None:
    if not shutil.which("fc-match"):
        return None
    try:
        out = subprocess.run(["fc-match", "-f", "%{file}\n%{family}", family],
                             capture_output=True, text=True, timeout=10).stdout
    except (OSError, subprocess.SubprocessError):
        return None
    lines = out.splitlines()
    if len(lines) >= 2 and family.lower() in lines[1].lower().replace(" ", "") and lines[0].endswith(".ttf"):
        return lines[0]
    return None


def _missing(family: str) -> FontMissing:
    package = _PACKAGE.get(family, family)
    return FontMissing(f"font {family} not found: install it (Debian: apt-get install {package}; macOS, "
                       f"Windows: {_FILES.get(family, (family,))[0]} into your fonts folder) or give its file "
                       f"in PLAYAIDS_FONT_{family.upper()}")


@functools.lru_cache(maxsize=None)
def font_file(family: str = GOTHIC) -> str:
    """The font's TrueType file: $PLAYAIDS_FONT_<FAMILY> (an explicit choice, never replaced),
    else Debian's path, else the font folders of Linux, macOS and Windows, else fontconfig."""
    env = os.environ.get("PLAYAIDS_FONT_" + family.upper())
    if env:  # an explicit choice is never silently replaced
        if os.path.isfile(env):
            return env
        raise FontMissing(f"font {family} not found at {env} (PLAYAIDS_FONT_{family.upper()})")
    for path in _CANDIDATES.get(family, []):
        if os.path.isfile(path):
            return path
    found = _search(family) or _fc_match(family)
    if found:
        return found
    raise _missing(family)


@functools.lru_cache(maxsize=None)
def face(family: str = GOTHIC) -> tuple[str, str]:
    """(file, why it stands in) of the face drawn for `family`: its own file and "", or for IPAex
    Gothic not installed the symbol font, which draws every Latin character (an English aid
    needs no Japanese font), and the FontMissing text a Japanese character then raises
    (check_glyphs), never a tofu box."""
    try:
        return font_file(family), ""
    except FontMissing as e:
        if family != GOTHIC or os.environ.get("PLAYAIDS_FONT_" + family.upper()):
            raise
        return font_file(SYMBOLS), str(e)


@functools.lru_cache(maxsize=None)
def register(family: str = GOTHIC) -> str:
    """Register the font with ReportLab once; returns the name to use in styles."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    pdfmetrics.registerFont(TTFont(family, face(family)[0]))
    return family


@functools.lru_cache(maxsize=None)
def _cmap(family: str) -> frozenset:
    from reportlab.pdfbase import pdfmetrics

    register(family)
    return frozenset(chr(c) for c in pdfmetrics.getFont(family).face.charToGlyph)


def _font_for(ch: str, family: str) -> str | None:
    if ch in _cmap(family) or ch in "\n\t":
        return family
    if family == GOTHIC and ch in _cmap(SYMBOLS):
        return SYMBOLS
    return None


def check_glyphs(s: str, family: str = GOTHIC, where: str = "") -> None:
    """Raise when `s` has a character neither the font nor its declared symbol font can draw."""
    for ch in set(s):
        if _font_for(ch, family) is None:
            missing = face(family)[1]
            if missing:   # a Japanese character, and no Japanese font installed
                raise FontMissing(f"{where + ': ' if where else ''}{missing}")
            raise FontMissing(f"{where + ': ' if where else ''}character {ch!r} (U+{ord(ch):04X}) "
                              f"has no glyph in {family} or {SYMBOLS}")


def runs(s: str, family: str = GOTHIC) -> list[tuple[str, str]]:
    """(font, text) runs: characters the main font lacks go to the symbol font."""
    out: list[tuple[str, str]] = []
    for ch in s:
        f = _font_for(ch, family) or family
        if out and out[-1][0] == f:
            out[-1] = (f, out[-1][1] + ch)
        else:
            out.append((f, ch))
    return out


def single_font(s: str, family: str = GOTHIC) -> bool:
    """Whether the main font alone draws every character of `s`."""
    cmap = _cmap(family)
    return all(ch in cmap or ch in "\n\t" for ch in s)


def markup(s: str, family: str = GOTHIC) -> str:
    """ReportLab paragraph markup of `s`, escaped, with symbol-font runs tagged."""
    from xml.sax.saxutils import escape

    parts = []
    for f, text in runs(s, family):
        parts.append(escape(text) if f == family else f'<font name="{register(f)}">{escape(text)}</font>')
    return "".join(parts)


@functools.lru_cache(maxsize=65536)
def width(s: str, family: str, size: float) -> float:
    """Width in points of `s` set in `family` (symbol-font runs measured in their font)."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    return sum(stringWidth(text, register(f), size) for f, text in runs(s, family))
