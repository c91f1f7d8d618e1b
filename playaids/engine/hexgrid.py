"""Hex numbering as printed on a map ("2819": column 28, row 19), with the grid geometry
(offset columns, which parity is shifted) given as data in map.yaml, never guessed here."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class HexGrid:
    digits: int = 2            # digits of the column part ("2819" -> 28 / 19)
    columns: str = "vertical"  # "vertical": hexes in columns (flat-topped); the rows shift by column
    shifted: str = "even"      # which columns sit half a hex lower: "even" or "odd"

    def parse(self, hexid: str) -> tuple[int, int] | None:
        s = str(hexid)
        if not s.isdigit() or len(s) != 2 * self.digits:
            return None
        return int(s[: self.digits]), int(s[self.digits:])

    def distance(self, a: str, b: str) -> int | None:
        pa, pb = self.parse(a), self.parse(b)
        if pa is None or pb is None:
            return None
        qa, ra, sa = self._axial(*pa)
        qb, rb, sb = self._axial(*pb)
        return max(abs(qa - qb), abs(ra - rb), abs(sa - sb))

    def _axial(self, col: int, row: int) -> tuple[int, int, int]:
        # offset -> cube for flat-topped columns; "even" = even columns shifted down
        if self.shifted == "even":
            q, r = col, row - (col + (col & 1)) // 2
        else:
            q, r = col, row - (col - (col & 1)) // 2
        return q, r, -q - r

    def neighbours(self, h: str) -> list[str]:
        p = self.parse(h)
        if p is None:
            return []
        col, row = p
        out = []
        for dc in (-1, 0, 1):
            for dr in (-1, 0, 1):
                c, r = col + dc, row + dr
                if (dc, dr) == (0, 0) or c < 0 or r < 0:
                    continue
                cand = f"{c:0{self.digits}d}{r:0{self.digits}d}"
                if self.distance(h, cand) == 1:
                    out.append(cand)
        return out
