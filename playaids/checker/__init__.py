"""The table checker: compare a publisher's table (CSV, JSON/YAML, Markdown, pasted text, a
PDF page) with the source data and report every difference.

    cmp = check_file(table, "crt.csv", glossary=Glossary(game.glossary))
    cmp.equal, cmp.differences
"""
from __future__ import annotations

from playaids.checker import readers
from playaids.checker.compare import Comparison, Difference, compare
from playaids.checker.normalise import Glossary, Keyer
from playaids.checker.structure import ExpectedKeys, fit, locate
from playaids.errors import DataError
from playaids.model import Table

__all__ = ["Comparison", "Difference", "Glossary", "check_file", "check_raw"]


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
    keyer = Keyer(glossary, squash_spaces=raw.kind == "pdf")
    best = None
    for name, grid in _grids(table, raw.name):
        ek = ExpectedKeys.of(grid, keyer)
        found = locate(raw, ek)
        score = fit(found, ek)
        if best is None or score > best[0]:
            best = (score, name, grid, found, ek)
    _, name, grid, found, ek = best
    return compare(table, grid, name, found, ek, path)


def check_file(table: Table, path, glossary: Glossary | None = None, page: int | None = None,
               index: int | None = None) -> Comparison:
    """Read `path` (its table number `index`, 1-based; on PDF page `page`) and compare."""
    tables = readers.read(path, page)
    label = "<stdin>" if str(path) == readers.STDIN else path
    if table.grid.rows or table.grid.columns:
        if not tables:
            raise readers.NotATable(label, "no rows and columns found")
        if all(t.width < 2 for t in tables):
            raise readers.NotATable(label, readers.ONE_COLUMN)
    if not tables:
        # the source has no grid either (its `missing:` says why): compare with an empty one
        tables = [readers.RawTable([], [], "empty")]
    k = index or 1
    if not 1 <= k <= len(tables):
        where = f"page {page} holds" if page is not None else "the file holds"
        raise DataError(label, f"--table {k}: {where} {len(tables)} table{'s' if len(tables) != 1 else ''}")
    return check_raw(table, tables[k - 1], glossary, str(label))
