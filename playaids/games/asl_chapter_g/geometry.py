"""ASL geomorphic-board hex geometry: hex ids as printed (`25F7`), neighbours, hexsides
(`F7-G7`), vertices (`U1-V1-U2`) and page coordinates.

The seed gives no board drawing (G11.1 examples: "diagrams lost"); the neighbour pattern is
derived from the hex pairs its worked examples name (test_asl_geometry checks every one):
E9 touches D8, D9, F8, F9, E8, E10; F6 touches E6, E7, G6, G7 (G11.1 examples); K4-K3, K4-L4,
J4-I4, I4-H3, I4-H4, I4-I3, K2-J1, K2-K1 (board 36); DD2-DD3, DD2-EE3, DD2-CC2, U1-T0,
U1-V1-U2, U1-T0-U0 (G11.12 examples). So the columns lettered A, C, E, ... (even index from
A = 0) sit half a hex higher than B, D, F, ...: hex E9 lies between D8 and D9.

Board layout (not in the seed; the brief's geomorphic board): columns A-Z then AA, BB, ... GG
(33 columns); rows 1-10 in the A, C, E ... columns and 0-10 in the B, D, F ... columns, where
rows 0 and 10 of those columns are half hexes cut by the long board edges, and columns A and GG
are half hexes cut by the short edges. Hexes are flat-topped (columns run vertically).
"""
from __future__ import annotations

import functools
import math
import re

COLUMNS = 33  # A .. GG
ROWS = 10
SQRT3 = math.sqrt(3.0)
# directions 0-5 run clockwise from north; a hexside is named by the two hexes it separates
_HEX = re.compile(r"^(?P<board>[0-9]+[a-z]?)?(?P<col>[A-Z]+)(?P<row>[0-9]+)$")


def column_letters(index: int) -> str:
    """0 -> A ... 25 -> Z, 26 -> AA, 27 -> BB ... (ASL doubles the letter)."""
    if index < 0:
        raise ValueError(index)
    return chr(ord("A") + index % 26) * (index // 26 + 1)


def column_index(letters: str) -> int | None:
    if not letters or len(set(letters)) != 1 or not letters.isalpha() or not letters.isupper():
        return None
    return (len(letters) - 1) * 26 + ord(letters[0]) - ord("A")


class Hex(tuple):
    """(board, column index, row); str() gives the printed id."""

    __slots__ = ()

    def __new__(cls, board: str, col: int, row: int):
        return tuple.__new__(cls, (board, col, row))

    board = property(lambda s: s[0])
    col = property(lambda s: s[1])
    row = property(lambda s: s[2])

    def __str__(self) -> str:
        return f"{self.board}{column_letters(self.col)}{self.row}"

    def __repr__(self) -> str:
        return f"Hex({str(self)!r})"

    @property
    def local(self) -> str:
        """The id without the board number (`F7`)."""
        return f"{column_letters(self.col)}{self.row}"


def parse_hex(text, board: str = "") -> Hex | None:
    """`25F7` or `F7` (with a default board); None when it is not a hex id."""
    m = _HEX.match(str(text).strip())
    if not m:
        return None
    col = column_index(m["col"])
    row = int(m["row"])
    if col is None:
        return None
    return Hex(m["board"] or board, col, row)


def high_column(col: int) -> bool:
    """A, C, E ... (even index) sit half a hex higher than their neighbours (E9 between D8/D9)."""
    return col % 2 == 0


@functools.lru_cache(maxsize=65536)
def step(h: Hex, direction: int) -> Hex | None:
    """The hex next to h in a direction (0 = N, clockwise); None off the lettering (row < 0)."""
    d = direction % 6
    col, row = h.col, h.row
    if d == 0:
        nc, nr = col, row - 1
    elif d == 3:
        nc, nr = col, row + 1
    else:
        nc = col + (1 if d in (1, 2) else -1)
        upper = d in (1, 5)  # NE, NW
        if high_column(col):
            nr = row - 1 if upper else row
        else:
            nr = row if upper else row + 1
    if nc < 0 or nr < 0:
        return None
    return Hex(h.board, nc, nr)


def neighbours(h: Hex) -> list[Hex]:
    """The six adjacent hexes (by direction, clockwise from N), off-board ones included."""
    return [n for n in (step(h, d) for d in range(6)) if n is not None]


def direction(a: Hex, b: Hex) -> int | None:
    for d in range(6):
        if step(a, d) == b:
            return d
    return None


def adjacent(a: Hex, b: Hex) -> bool:
    return a.board == b.board and direction(a, b) is not None


def opposite(h: Hex, other: Hex) -> Hex | None:
    """The hex across the hexside of h opposite to the hexside h-other."""
    d = direction(h, other)
    return None if d is None else step(h, d + 3)


def hexside_id(a: Hex, b: Hex) -> str:
    return f"{a}-{b.local if a.board == b.board else b}"


def hexside_key(a: Hex, b: Hex) -> frozenset:
    return frozenset((a, b))


def parse_hexside(text, board: str = "") -> tuple[Hex, Hex] | None:
    """`25F7-G7`, `F7-G7` or `25F7-25G7`: the two hexes (the second takes the first's board)."""
    parts = str(text).split("-")
    if len(parts) != 2:
        return None
    a = parse_hex(parts[0], board)
    if a is None:
        return None
    b = parse_hex(parts[1], a.board)
    if b is None or not adjacent(a, b):
        return None
    return a, b


def vertices(h: Hex) -> list[frozenset]:
    """The six vertices of h, each named by the three hexes meeting there (N-NE first)."""
    out = []
    for d in range(6):
        a, b = step(h, d), step(h, d + 1)
        if a is not None and b is not None:
            out.append(frozenset((h, a, b)))
    return out


def parse_vertex(text, board: str = "") -> frozenset | None:
    parts = str(text).split("-")
    if len(parts) != 3:
        return None
    hs = [parse_hex(p, board) for p in parts]
    if any(x is None for x in hs):
        return None
    hs = [Hex(hs[0].board, x.col, x.row) for x in hs]
    if not (adjacent(hs[0], hs[1]) and adjacent(hs[1], hs[2]) and adjacent(hs[0], hs[2])):
        return None
    return frozenset(hs)


def on_board(h: Hex) -> bool:
    if not 0 <= h.col < COLUMNS:
        return False
    return (1 <= h.row <= ROWS) if high_column(h.col) else (0 <= h.row <= ROWS)


def half_hex(h: Hex) -> bool:
    """Cut by a board edge: columns A and GG, and rows 0 and 10 of the B, D, F ... columns."""
    return h.col in (0, COLUMNS - 1) or (not high_column(h.col) and h.row in (0, ROWS))


def board_hexes(board: str) -> list[Hex]:
    return [Hex(board, c, r) for c in range(COLUMNS) for r in range(0, ROWS + 1) if on_board(Hex(board, c, r))]


def cube(h: Hex) -> tuple[int, int, int]:
    q = h.col
    # B, D ... columns sit half a hex lower: offset -> cube for "odd-q" with A = 0 high
    r = h.row - (q - (q & 1)) // 2
    return q, r, -q - r


def distance(a: Hex, b: Hex) -> int | None:
    if a.board != b.board:
        return None  # crossing boards: not modelled
    qa, ra, sa = cube(a)
    qb, rb, sb = cube(b)
    return max(abs(qa - qb), abs(ra - rb), abs(sa - sb))


def centre(h: Hex, radius: float = 1.0) -> tuple[float, float]:
    """Centre in board units (x right, y down): board top-left corner at (0, 0), column A's
    centres on x = 0, the long edges at y = 0 and y = 10 hex heights."""
    x = h.col * 1.5 * radius
    y = (h.row - (0.5 if high_column(h.col) else 0.0)) * SQRT3 * radius
    return x, y


def corner(h: Hex, k: int, radius: float = 1.0) -> tuple[float, float]:
    """Corner k of h, k = 0 the corner between the N and NE hexsides, clockwise."""
    x, y = centre(h, radius)
    a = math.radians(-60 + 60 * k)
    return x + radius * math.cos(a), y + radius * math.sin(a)


def side_corners(h: Hex, d: int, radius: float = 1.0) -> tuple[tuple[float, float], tuple[float, float]]:
    """The two ends of h's hexside in direction d (0 = N)."""
    return corner(h, (d - 1) % 6, radius), corner(h, d % 6, radius)
