"""Japanese-capable TrueType fonts, found through fontconfig, registered with ReportLab.

ReportLab embeds TrueType outlines as subsets with a ToUnicode map; CFF-flavoured OpenType
(.otf, Noto CJK) does not work with it, so IPAex Gothic is the font of the chart cards.
A missing font or glyph is an error, never tofu.
"""
from __future__ import annotations

import functools
import os
import shutil
import subprocess

from playaids.errors import FontMissing

GOTHIC = "IPAexGothic"
# Declared symbol font for the few signs IPAex lacks (≤, ≥, arrows): never a silent fallback.
SYMBOLS = "DejaVuSans"
_CANDIDATES = {
    GOTHIC: ["/usr/share/fonts/opentype/ipaexfont-gothic/ipaexg.ttf",
             "/usr/share/fonts/truetype/ipaexfont-gothic/ipaexg.ttf",
             "/usr/share/fonts/truetype/fonts-japanese-gothic.ttf"],
    SYMBOLS: ["/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"],
}
_PACKAGE = {GOTHIC: "fonts-ipaexfont-gothic", SYMBOLS: "fonts-dejavu-core"}


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


@functools.lru_cache(maxsize=None)
def font_file(family: str = GOTHIC) -> str:
    env = os.environ.get("PLAYAIDS_FONT_" + family.upper())
    if env:  # an explicit choice is never silently replaced
        if os.path.isfile(env):
            return env
        raise FontMissing(f"font {family} not found at {env} (PLAYAIDS_FONT_{family.upper()})")
    for path in _CANDIDATES.get(family, []):
        if os.path.isfile(path):
            return path
    found = _fc_match(family)
    if found:
        return found
    raise FontMissing(f"font {family} not found: install the Debian package "
                      f"{_PACKAGE.get(family, family)} (apt-get install {_PACKAGE.get(family, family)})")


@functools.lru_cache(maxsize=None)
def register(family: str = GOTHIC) -> str:
    """Register the font with ReportLab once; returns the name to use in styles."""
    from reportlab.pdfbase import pdfmetrics
    from reportlab.pdfbase.ttfonts import TTFont

    pdfmetrics.registerFont(TTFont(family, font_file(family)))
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
