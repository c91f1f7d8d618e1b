"""Japanese-capable TrueType fonts, found on Debian, macOS and Windows (their font folders) or
through fontconfig, registered with ReportLab (`PLAYAIDS_FONT_IPAEXGOTHIC=FILE` overrides).

ReportLab embeds TrueType outlines as subsets with a ToUnicode map; CFF-flavoured OpenType
(.otf, Noto CJK) does not work with it, so IPAex Gothic is the font of the chart cards.
Latin text is set in a Latin face beside it (issue 22), DejaVu Sans Condensed: a run of Latin
characters (`is_latin`) in it, every other run in IPAex Gothic, a sign neither has in DejaVu
Sans. ReportLab (`runs`, `markup`) and WeasyPrint (`font_face_css`) split text the same way.
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
# the Latin face (issue 22): narrower than IPAex Gothic's own Latin glyphs, so dense tables stay dense
LATIN = "DejaVuSansCondensed"
# Declared symbol font for the few signs IPAex lacks (≤, ≥, arrows): never a silent fallback.
SYMBOLS = "DejaVuSans"
# Debian's paths, tried first (no search needed on the machine `make build` sets up)
_CANDIDATES = {
    GOTHIC: ["/usr/share/fonts/opentype/ipaexfont-gothic/ipaexg.ttf",
             "/usr/share/fonts/truetype/ipaexfont-gothic/ipaexg.ttf",
             "/usr/share/fonts/truetype/fonts-japanese-gothic.ttf"],
    LATIN: ["/usr/share/fonts/truetype/dejavu/DejaVuSansCondensed.ttf"],
    SYMBOLS: ["/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"],
}
# the file each font is published as (IPA's ipaexg.ttf; DejaVu's), looked for in the font folders
_FILES = {GOTHIC: ("ipaexg.ttf",), LATIN: ("DejaVuSansCondensed.ttf",), SYMBOLS: ("DejaVuSans.ttf",)}
_PACKAGE = {GOTHIC: "fonts-ipaexfont-gothic", LATIN: "fonts-dejavu-extra", SYMBOLS: "fonts-dejavu-core"}
# Latin text: Basic Latin, Latin-1, Latin Extended-A/B and the punctuation of General
# Punctuation (dashes, quotes, bullet, primes), but for the marks of Japanese typesetting (the
# full-width bar and the leaders "‥" "…"). The choice looks at the character alone, never at
# its neighbours: a line's width is the sum of its pieces' (kinsoku.wrap measures them apart)
LATIN_RANGES = ((0x20, 0x7E), (0xA0, 0x24F), (0x2010, 0x203A))
JAPANESE_PUNCTUATION = "―‥…"
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
def cmap(family: str) -> frozenset:
    from reportlab.pdfbase import pdfmetrics

    register(family)
    return frozenset(chr(c) for c in pdfmetrics.getFont(family).face.charToGlyph)


def is_latin(ch: str) -> bool:
    """A character of Latin text (LATIN_RANGES), set in the Latin face wherever it stands."""
    o = ord(ch)
    return any(a <= o <= b for a, b in LATIN_RANGES) and ch not in JAPANESE_PUNCTUATION


def _faces(s: str, family: str) -> list[str | None]:
    """The face of each character of `s`: a Latin character in the Latin face, everything else
    in `family`, else the Latin face, else the symbol font; None where none has a glyph.
    `family` other than IPAex Gothic (an explicit face) takes every character it has."""
    own = cmap(family)
    latin = cmap(LATIN)
    out: list[str | None] = []
    for ch in s:
        if ch in "\n\t":
            out.append(family)
        elif family == GOTHIC and ch in latin and is_latin(ch):
            out.append(LATIN)
        elif ch in own:
            out.append(family)
        elif ch in latin:
            out.append(LATIN)
        elif ch in cmap(SYMBOLS):
            out.append(SYMBOLS)
        else:
            out.append(None)
    return out


def _font_for(ch: str, family: str) -> str | None:
    return _faces(ch, family)[0]


def check_glyphs(s: str, family: str = GOTHIC, where: str = "") -> None:
    """Raise when `s` has a character neither the font, the Latin face nor the declared symbol
    font can draw."""
    for ch in sorted(set(s)):
        if _font_for(ch, family) is None:
            missing = face(family)[1]
            if missing:   # a Japanese character, and no Japanese font installed
                raise FontMissing(f"{where + ': ' if where else ''}{missing}")
            raise FontMissing(f"{where + ': ' if where else ''}character {ch!r} (U+{ord(ch):04X}) "
                              f"has no glyph in {family}, {LATIN} or {SYMBOLS}")


@functools.lru_cache(maxsize=65536)
def _runs(s: str, family: str) -> tuple[tuple[str, str], ...]:
    out: list[tuple[str, str]] = []
    for ch, f in zip(s, _faces(s, family)):
        f = f or family
        if out and out[-1][0] == f:
            out[-1] = (f, out[-1][1] + ch)
        else:
            out.append((f, ch))
    return tuple(out)


def runs(s: str, family: str = GOTHIC) -> list[tuple[str, str]]:
    """(font, text) runs: Latin text in the Latin face, the rest in `family`, a sign it lacks in
    the Latin face or the symbol font."""
    return list(_runs(s, family))


def single_font(s: str, family: str = GOTHIC) -> bool:
    """Whether `family` alone draws every character of `s` (its runs are all in it)."""
    return all(f == family for f, _ in _runs(s, family))


def only_font(s: str, family: str = GOTHIC) -> str | None:
    """The one font `s` is set in, None when it takes more than one (an empty string: `family`)."""
    fs = {f for f, _ in _runs(s, family)}
    return (fs.pop() if fs else family) if len(fs) <= 1 else None


def markup(s: str, family: str = GOTHIC) -> str:
    """ReportLab paragraph markup of `s`, escaped, with the runs in other faces tagged."""
    from xml.sax.saxutils import escape

    parts = []
    for f, text in _runs(s, family):
        parts.append(escape(text) if f == family else f'<font name="{register(f)}">{escape(text)}</font>')
    return "".join(parts)


@functools.lru_cache(maxsize=65536)
def width(s: str, family: str, size: float) -> float:
    """Width in points of `s` set in `family` (each run measured in its own face)."""
    from reportlab.pdfbase.pdfmetrics import stringWidth

    return sum(stringWidth(text, register(f), size) for f, text in _runs(s, family))


def draw_string(canvas, x: float, y: float, s: str, size: float, family: str = GOTHIC,
                anchor: str = "left") -> None:
    """`s` on a ReportLab canvas at baseline y, run by run in its faces; `anchor` "right": `s`
    ends at x."""
    if anchor == "right":
        x -= width(s, family, size)
    for f, text in _runs(s, family):
        canvas.setFont(register(f), size)
        canvas.drawString(x, y, text)
        x += width(text, f, size)


# -- WeasyPrint ---------------------------------------------------------------------------------

LATIN_CSS_FAMILY = "DejaVuSansCondensed Latin"


def _ranges(chars) -> list[tuple[int, int]]:
    out: list[list[int]] = []
    for o in sorted(ord(c) for c in chars):
        if out and out[-1][1] == o - 1:
            out[-1][1] = o
        else:
            out.append([o, o])
    return [(a, b) for a, b in out]


@functools.lru_cache(maxsize=None)
def font_face_css() -> str:
    """The @font-face of the Latin face for WeasyPrint: its file, limited (unicode-range) to
    the Latin characters it has, so a font stack of it, then IPAex Gothic, splits text as
    `runs` does."""
    from pathlib import Path

    chars = [c for c in cmap(LATIN) if is_latin(c)]
    ranges = ", ".join(f"U+{a:04X}" if a == b else f"U+{a:04X}-{b:04X}" for a, b in _ranges(chars))
    return (f'@font-face {{ font-family: "{LATIN_CSS_FAMILY}"; src: url("{Path(font_file(LATIN)).as_uri()}"); '
            f"unicode-range: {ranges}; }}")
