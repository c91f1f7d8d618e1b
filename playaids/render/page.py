"""Page specification shared by every renderer: paper, language, colour, print marks."""
from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.pagesizes import A4, LETTER
from reportlab.lib.units import mm

PAPERS = {"a4": A4, "letter": LETTER}
LANGS = ("ja", "en", "both")

# Okabe-Ito palette: safe for colour-blind readers; grayscale mode replaces it.
OKABE_ITO = {"orange": "#E69F00", "sky": "#56B4E9", "green": "#009E73", "yellow": "#F0E442",
             "blue": "#0072B2", "vermillion": "#D55E00", "purple": "#CC79A7", "black": "#000000"}


@dataclass(frozen=True)
class PageSpec:
    paper: str = "a4"
    lang: str = "both"
    grayscale: bool = False
    bleed_mm: float = 0.0
    crop_marks: bool = False
    margin_mm: float = 12.0

    @property
    def size(self) -> tuple[float, float]:
        return PAPERS[self.paper]

    @property
    def margin(self) -> float:
        return self.margin_mm * mm

    def colour(self, name: str) -> str:
        """A named colour of the palette, or its gray equivalent in grayscale mode."""
        gray = {"header": "#D9D9D9", "note": "#EFEFEF", "accent": "#000000", "rule": "#000000",
                "muted": "#555555"}
        colour = {"header": "#CFE6F5", "note": "#FBF3C4", "accent": OKABE_ITO["blue"],
                  "rule": "#000000", "muted": "#555555"}
        return (gray if self.grayscale else colour)[name]

    def word(self, ja: str, en: str) -> str:
        """A fixed UI word in the page language (`both`: JA / EN)."""
        return {"ja": ja, "en": en}.get(self.lang, f"{ja} / {en}")
