"""The table checker: compare a publisher's table (CSV, JSON/YAML, Markdown, pasted text, a
PDF page) with the source data and report every difference.

    cmp = check_file(table, "crt.csv", glossary=Glossary(game.glossary))
    cmp.equal, cmp.differences
"""
from __future__ import annotations

import re

from playaids.checker import readers
from playaids.checker.compare import Comparison, Difference, compare
from playaids.checker.normalise import Glossary, Keyer
from playaids.checker.structure import ExpectedKeys, fit, locate
from playaids.errors import DataError
from playaids.model import Table

__all__ = ["Comparison", "Difference", "Glossary", "best_other", "check_file", "check_raw", "choose", "select"]


def _grids(table: Table, name: str | None):
    grids = [("main", table.grid)]
    if table.modifiers is not None and table.modifiers.columns:
        grids.append(("modifiers", table.modifiers))
    if name is not None:
        named = [g for g in grids if g[0] == name]
        return named or grids[:1]
    return grids


def check_raw(table: Table, raw: readers.RawTable, glossary: Glossary | None = None, path: str = "") -> Comparison:
    """Compare one table as read with the grid of `table` it fits best (main or modifiers)."""
    codec = LEGACY.get(raw.encoding or "")
    keyer = Keyer(glossary, squash_spaces=raw.kind == "pdf", codec=codec)
    best = None
    for name, grid in _grids(table, raw.name):
        ek = ExpectedKeys.of(grid, keyer)
        found = locate(raw, ek)
        score = fit(found, ek)
        if best is None or score > best[0]:
            best = (score, name, grid, found, ek)
    _, name, grid, found, ek = best
    cmp = compare(table, grid, name, found, ek, path)
    if codec:
        _note_lost(cmp, grid, raw, codec)
    return cmp


# the legacy encodings a reader names (readers.decode) and their codecs: a character they lack
# was saved as "?"
LEGACY = {"Shift-JIS": "cp932", "EUC-JP": "euc_jp", "ISO-2022-JP": "iso2022_jp", "Windows-1252": "cp1252",
          "Latin-1": "latin_1"}


def _note_lost(cmp: Comparison, grid, raw: readers.RawTable, codec: str) -> None:
    """One note for the characters of the source the file's encoding cannot hold (read as the
    "?" it saved in their place, never as differences)."""
    if not any("?" in c for r in raw.rows for c in r):
        return
    texts = [grid.corner, *grid.columns, *(r.label for r in grid.rows), *(c for r in grid.rows for c in r.cells)]
    lost = set()
    for t in texts:
        for s in ((t.ja, t.en) if t is not None else ()):
            for ch in s or "":
                try:
                    ch.encode(codec)
                except UnicodeEncodeError:
                    lost.add(ch)
    if lost:
        shown = ", ".join(f'"{ch}"' for ch in sorted(lost))
        cmp.notes.append(f"{raw.encoding} ({codec}) cannot hold {shown}: the file has \"?\" in their place, "
                         f"taken as equal (save as UTF-8 to keep them)")


def _title_key(s: str | None) -> str:
    """A title compared loosely: NFKC, case folded, letters and digits alone."""
    from playaids.checker.normalise import norm

    return "".join(ch for ch in norm(s or "").casefold() if ch.isalnum())


# what a heading band prints beside the title (the rule, the dice), which a wrapped title may enclose
_BAND_WORDS = re.compile(r"(?:\bRule|ルール)\s*[0-9A-Za-z.\-]+|(?:\bDice|ダイス)|\b\d*d\d+\b|[·・/]")


def titled(table: Table, raw: readers.RawTable) -> bool:
    """The table's title (either language) is in the title the file gives this table."""
    found = _title_key(_BAND_WORDS.sub(" ", raw.title or ""))
    return bool(found) and any(k and k in found for k in (_title_key(table.title.en), _title_key(table.title.ja)))


def fit_ratio(table: Table, raw: readers.RawTable, glossary: Glossary | None = None) -> float:
    """The share of the source's row and column labels found in `raw` (its best grid)."""
    keyer = Keyer(glossary, squash_spaces=raw.kind == "pdf")
    best = 0.0
    for _, grid in _grids(table, raw.name):
        if not raw.rows:
            continue
        ek = ExpectedKeys.of(grid, keyer)
        total = len(ek.rows) + len(ek.columns)
        if total:
            best = max(best, fit(locate(raw, ek), ek) / total)
    return best


def choose(table: Table, tables: list[readers.RawTable], glossary: Glossary | None = None) -> readers.RawTable:
    """The table of a file that is `table`: of those titled with its title (a chart set's heading
    band, a card's heading), else of all, the one whose labels fit the source best."""
    named = [t for t in tables if titled(table, t)]
    pool = named or tables
    if len(pool) == 1:
        return pool[0]
    scores = [fit_ratio(table, t, glossary) for t in pool]
    return pool[max(range(len(pool)), key=lambda i: (scores[i], -i))]


def best_other(tables: list[Table], raw: readers.RawTable, current: Table,
               glossary: Glossary | None = None) -> tuple[Table, float] | None:
    """The table of the game whose labels `raw` fits better than `current`'s (a file holding
    another table): (that table, its fit), or None. A file far larger than every table of the
    game looks like none of them, and is not fitted against each (a 20,000-cell row took a
    comparison for each of Okinawa's 37 grids: 10 s)."""
    grids = [g for t in tables for g in (t.grid, t.modifiers) if g is not None]
    most_columns = max((len(g.columns) for g in grids), default=0)
    most_rows = max((len(g.rows) for g in grids), default=0)
    if raw.width > 2 * most_columns + 2 or len(raw.rows) > 2 * most_rows + 4:
        return None
    mine = fit_ratio(current, raw, glossary)
    best = None
    for t in tables:
        if t.id == current.id:
            continue
        score = fit_ratio(t, raw, glossary) + (0.5 if titled(t, raw) else 0.0)
        if score > mine + 0.2 and (best is None or score > best[1]):
            best = (t, score)
    return best


def has_grid(table: Table) -> bool:
    return bool(table.grid.rows or table.grid.columns or (table.modifiers is not None and table.modifiers.columns))


def select(table: Table, tables: list[readers.RawTable], glossary: Glossary | None = None,
           index: int | None = None, label="", page: int | None = None) -> readers.RawTable:
    """Of the tables a file holds, the one to compare: number `index` (1-based), else the one
    `choose` finds; a source without a grid (its `missing:` says why) is compared only with a
    table titled as it, else with none."""
    if not has_grid(table):
        tables = [t for t in tables if titled(table, t)]
    if table.grid.rows or table.grid.columns:
        if not tables:
            raise readers.NotATable(label, "no rows and columns found")
        if all(t.width < 2 for t in tables):
            raise readers.NotATable(label, readers.ONE_COLUMN)
    if not tables:
        return readers.RawTable([], [], "empty")
    if index is None:
        return choose(table, tables, glossary)
    if not 1 <= index <= len(tables):
        where = f"page {page} holds" if page is not None else "the file holds"
        raise DataError(label, f"--table {index}: {where} {len(tables)} table{'s' if len(tables) != 1 else ''}")
    return tables[index - 1]


def check_file(table: Table, path, glossary: Glossary | None = None, page: int | None = None,
               index: int | None = None) -> Comparison:
    """Read `path` (its table number `index`, 1-based; on PDF page `page`; without `index`, the
    table `choose` finds) and compare."""
    label = "<stdin>" if str(path) == readers.STDIN else path
    try:
        tables = readers.read(path, page)
    except readers.NotATable:
        if has_grid(table):
            raise
        tables = []   # no table in the file, nor in the source
    return check_raw(table, select(table, tables, glossary, index, label, page), glossary, str(label))
