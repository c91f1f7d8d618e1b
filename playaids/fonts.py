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
_CANDIDATES = {
    GOTHIC: ["/usr/share/fonts/opentype/ipaexfont-gothic/ipaexg.ttf",
             "/usr/share/fonts/truetype/ipaexfont-gothic/ipaexg.ttf",
             "/usr/share/fonts/truetype/fonts-japanese-gothic.ttf"],
}
_PACKAGE = {GOTHIC: "fonts-ipaexfont-gothic"}


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


def check_glyphs(s: str, family: str = GOTHIC, where: str = "") -> None:
    """Raise when `s` has a character the font cannot draw."""
    cmap = _cmap(family)
    for ch in s:
        if ch not in cmap and ch not in "\n\t":
            raise FontMissing(f"{where + ': ' if where else ''}character {ch!r} (U+{ord(ch):04X}) "
                              f"has no glyph in {family}")
