"""Find the shape of a table as read: which rows are headers, which column holds the row
labels. A table pasted from a rulebook may have two header rows (`神風 特攻機の数 5 10 ...`
over `通常 攻撃機の数 10 20 ...`), a group header spanning some columns (`命中ナンバー`
over `1 ... 9`) or a vertical header left of the row labels; the source grid's labels
decide which reading fits best.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from playaids.checker.normalise import Keyer, display, parse_range
from playaids.checker.readers import RawTable
from playaids.model import Grid

MAX_HEADER_ROWS = 4
LABEL_COLUMN_SEARCH = 3


@dataclass
class ExpectedKeys:
    """The comparison keys of a source grid's labels."""

    keyer: Keyer
    corner: frozenset
    columns: list[frozenset]
    rows: list[frozenset]
    row_index: dict = field(default_factory=dict)      # key -> [row indexes]
    column_index: dict = field(default_factory=dict)   # key -> [column indexes]

    @classmethod
    def of(cls, grid: Grid, keyer: Keyer) -> "ExpectedKeys":
        ek = cls(keyer, keyer.of(grid.corner), [keyer.of(c) for c in grid.columns],
                 [keyer.of(r.label) for r in grid.rows])
        for i, ks in enumerate(ek.rows):
            for k in ks:
                ek.row_index.setdefault(k, []).append(i)
        for j, ks in enumerate(ek.columns):
            for k in ks:
                ek.column_index.setdefault(k, []).append(j)
        return ek


@dataclass
class FoundColumn:
    index: int               # column of the raw table
    label: str               # header parts joined by " / "
    keys: tuple[str, ...]    # the whole label's key first, then each part's


@dataclass
class FoundRow:
    index: int               # row of the raw table
    label: str
    key: str
    cells: list[str]         # the whole raw row
    where: str


@dataclass
class FoundGrid:
    raw: RawTable
    label_col: int
    header_rows: int
    group_rows: list[int]    # header rows holding a group header over some columns
    corner: str
    columns: list[FoundColumn]
    rows: list[FoundRow]

    def column_label(self, c: int) -> str:
        """The label of the file's column `c` (by a map made once: a 20,000-column row looked each
        up through the list, 17 s)."""
        n, labels = self.__dict__.get("_labels", (-1, None))
        if n != len(self.columns):   # made again if columns were added since
            labels = {}
            for col in reversed(self.columns):   # the first column of an index wins, as before
                labels[col.index] = col.label
            self.__dict__["_labels"] = (len(self.columns), labels)
        return labels.get(c, "")


def _join(parts) -> str:
    return " / ".join(p for p in parts if p)


def _column(raw: RawTable, c: int, header: list[int], key) -> FoundColumn:
    parts = [raw.rows[r][c].strip() for r in header if raw.rows[r][c].strip()]
    ks = [key(_join(parts))] + ([key(p) for p in parts] if len(parts) > 1 else [])
    return FoundColumn(c, _join(display(p) for p in parts), tuple(ks))


def _label_column(raw: RawTable, data_cols: list[int], ek: ExpectedKeys) -> int:
    if raw.label_col is not None:
        return raw.label_col
    best, best_score = data_cols[0] if data_cols else 0, 0
    for c in data_cols[:LABEL_COLUMN_SEARCH]:
        score = sum(ek.keyer.label(r[c]) in ek.row_index for r in raw.rows[1:])
        if score > best_score:
            best, best_score = c, score
    return best


def _column_score(raw: RawTable, cols: list[int], label_col: int, h: int, ek: ExpectedKeys) -> int:
    header = list(range(h))
    matched = set()
    for c in cols:
        for k in _column(raw, c, header, ek.keyer.label).keys:
            matched.update(ek.column_index.get(k, ()))
    corner = ek.keyer.label(_join(raw.rows[r][label_col].strip() for r in header))
    return len(matched) + (corner in ek.corner and corner != "")


def _is_row_label(s: str, ek: ExpectedKeys) -> bool:
    return ek.keyer.label(s) in ek.row_index or parse_range(s) is not None


def locate(raw: RawTable, ek: ExpectedKeys) -> FoundGrid:
    if not raw.rows:
        return FoundGrid(raw, 0, 0, [], "", [], [])
    width = raw.width
    nonempty = [c for c in range(width) if any(r[c].strip() for r in raw.rows)]
    label_col = _label_column(raw, nonempty, ek)
    cols = [c for c in nonempty if c != label_col]
    if raw.header_rows is not None:
        h = raw.header_rows
    else:
        h = 1
        best = _column_score(raw, cols, label_col, 1, ek)
        if best == 0 and raw.rows and _is_row_label(raw.rows[0][label_col], ek) and ek.columns:
            h = 0   # no header row at all: the first row is already data
        while 0 < h < min(MAX_HEADER_ROWS, len(raw.rows)) and best < len(ek.columns) + 1:
            if _is_row_label(raw.rows[h][label_col], ek):
                break
            score = _column_score(raw, cols, label_col, h + 1, ek)
            if score <= best:
                break
            h, best = h + 1, score
    group = [r for r in range(h - 1) if any(not raw.rows[r][c].strip() for c in cols)]
    label_rows = [r for r in range(h) if r not in group]
    columns = [_column(raw, c, label_rows, ek.keyer.label) for c in cols]
    corner = _join(display(raw.rows[r][label_col]) for r in range(h))
    rows = [FoundRow(r, raw.rows[r][label_col].strip(), ek.keyer.label(raw.rows[r][label_col]), raw.rows[r],
                     raw.where[r] if r < len(raw.where) else "")
            for r in range(h, len(raw.rows))]
    return FoundGrid(raw, label_col, h, group, corner, columns, rows)


def fit(found: FoundGrid, ek: ExpectedKeys) -> int:
    """How many labels of the found grid match the source grid (to choose main or modifiers)."""
    rows = sum(r.key in ek.row_index for r in found.rows)
    cols = sum(any(k in ek.column_index for k in c.keys) for c in found.columns)
    return rows + cols
