"""Mutation test: every table of every game is exported as CSV, then damaged the ways a
translated table goes wrong: a digit changed, a die-roll range changed (row label), two
columns swapped, a row dropped, two cells transposed. The checker must report each of them,
with the right row and column, and nothing else.

Each mutation is checked alone (English CSV), then all together in the Japanese,
full-width version of the table.
"""
import csv
import io
import random
import re

import pytest

from playaids import export
from playaids.checker import Glossary, check_file
from playaids.checker.normalise import Keyer, norm, parse_range
from playaids.repository import Repository

ROOT = Repository.builtin()
CASES = [(g, t) for g in ROOT.game_ids() for t in ROOT.table_ids(g)]
FULL_WIDTH = str.maketrans("0123456789+-", "０１２３４５６７８９＋－")
RANGE = re.compile(r"\d+(-\d+)?")


class Mutant:
    """A copy of the exported grid (header row, then label + cells) with mutations applied
    and the differences they must produce, as (kind, row label, column label)."""

    def __init__(self, table, lang, rng):
        self.table, self.lang, self.rng = table, lang, rng
        g = table.grid
        self.rows = export.grid_rows(g, lang)
        self.row_labels = [self.label(r.label) for r in g.rows]       # source index -> label
        self.col_labels = [self.label(c) for c in g.columns]
        self.order = list(range(len(g.rows)))                         # file row -> source row
        self.cols = list(range(len(g.columns)))                       # file column -> source col
        self.cells = [g.expanded(r) for r in g.rows]
        self.expected: set = set()
        self.keyer = Keyer(Glossary())
        self.used_rows: set = set()

    def label(self, t) -> str:
        return t.get(self.lang).replace("\n", " / ")

    def file_row(self, i):
        return self.order.index(i) + 1

    def file_col(self, j):
        return self.cols.index(j) + 1

    def free_rows(self):
        return [i for i in self.order if i not in self.used_rows]

    # --- the mutations; each returns False when the table offers no place for it
    def digit(self) -> bool:
        spots = [(i, j) for i in self.free_rows() for j in range(len(self.col_labels))
                 if self.cells[i][j] is not None and re.search(r"\d", self.cells[i][j].get(self.lang))]
        if not spots:
            return False
        i, j = self.rng.choice(spots)
        old = self.rows[self.file_row(i)][self.file_col(j)]
        k = self.rng.choice([m.start() for m in re.finditer(r"\d", old)])
        new = old[:k] + str((int(old[k]) + 1) % 10) + old[k + 1:]
        self.rows[self.file_row(i)][self.file_col(j)] = new
        self.used_rows.add(i)
        self.expected.add(("cell", self.row_labels[i], self.col_labels[j]))
        return True

    def range_(self) -> bool:
        taken = {norm(s) for s in self.row_labels}
        spots = []
        for i in self.free_rows():
            lab = self.row_labels[i]
            if not RANGE.fullmatch(lab):
                continue
            lo, hi = parse_range(lab)
            new = f"{lo}-{hi + 1}" if lo == hi else f"{lo}-{hi - 1}" if hi - 1 > lo else f"{lo}"
            if norm(new) not in taken:
                spots.append((i, new))
        if not spots:
            return False
        i, new = self.rng.choice(spots)
        self.rows[self.file_row(i)][0] = new
        self.used_rows.add(i)
        self.expected.add(("row-range", self.row_labels[i], None))
        return True

    def swap_columns(self) -> bool:
        if len(self.cols) < 2:
            return False
        a, b = sorted(self.rng.sample(range(len(self.cols)), 2))
        for r in self.rows:
            r[a + 1], r[b + 1] = r[b + 1], r[a + 1]
        self.cols[a], self.cols[b] = self.cols[b], self.cols[a]
        ja, jb = sorted((self.cols[a], self.cols[b]))
        self.expected.add(("columns-swapped", None, self.col_labels[ja]))
        return True

    def drop_row(self) -> bool:
        free = self.free_rows()
        if len(free) < 2:
            return False
        i = self.rng.choice(free)
        del self.rows[self.file_row(i)]
        self.order.remove(i)
        self.used_rows.add(i)
        self.expected.add(("missing-row", self.row_labels[i], None))
        return True

    def transpose(self) -> bool:
        def differ(i1, j1, i2, j2):
            a, b = self.cells[i1][j1], self.cells[i2][j2]
            if a is None or b is None:
                return False
            return (self.keyer.cell(b.get(self.lang)) not in self.keyer.of(a, cell=True)
                    and self.keyer.cell(a.get(self.lang)) not in self.keyer.of(b, cell=True))
        n = len(self.col_labels)
        spots = [((i, j1), (i, j2)) for i in self.free_rows() for j1 in range(n) for j2 in range(j1 + 1, n)
                 if differ(i, j1, i, j2)]
        if not spots and n:   # a one-column table: two cells of the column
            free = self.free_rows()
            spots = [((i1, 0), (i2, 0)) for x, i1 in enumerate(free) for i2 in free[x + 1:] if differ(i1, 0, i2, 0)]
        if not spots:
            return False
        (i1, j1), (i2, j2) = self.rng.choice(spots)
        r1, c1, r2, c2 = self.file_row(i1), self.file_col(j1), self.file_row(i2), self.file_col(j2)
        self.rows[r1][c1], self.rows[r2][c2] = self.rows[r2][c2], self.rows[r1][c1]
        self.used_rows.update({i1, i2})
        self.expected |= {("cell", self.row_labels[i1], self.col_labels[j1]),
                          ("cell", self.row_labels[i2], self.col_labels[j2])}
        return True

    def csv(self, full_width=False) -> str:
        buf = io.StringIO()
        w = csv.writer(buf, lineterminator="\n")
        for r in self.rows:
            w.writerow([c.translate(FULL_WIDTH) for c in r] if full_width else r)
        return buf.getvalue()


MUTATIONS = ("digit", "range_", "swap_columns", "drop_row", "transpose")


def reported(cmp):
    return {(d.kind, d.row, d.column) for d in cmp.differences}


@pytest.fixture(scope="module")
def tally():
    counts = {"injected": 0, "found": 0}
    yield counts
    if counts["injected"]:
        print(f"\nmutations injected: {counts['injected']}, reported with their cell: {counts['found']}")


@pytest.mark.parametrize("game_id,table_id", CASES)
def test_every_mutation_is_reported_with_its_cell(game_id, table_id, tmp_path, tally):
    table = ROOT.table(game_id, table_id)
    if not table.grid.rows or not table.grid.columns:
        pytest.skip("no grid in the source (missing:)")
    rng = random.Random(f"{game_id}/{table_id}")
    applied = 0
    for name in MUTATIONS:
        m = Mutant(table, "en", rng)
        if not getattr(m, name)():
            continue
        p = tmp_path / f"{name}.csv"
        p.write_text(m.csv(), encoding="utf-8")
        cmp = check_file(table, p)
        tally["injected"] += len(m.expected)
        tally["found"] += len(m.expected & reported(cmp))
        assert reported(cmp) == m.expected, (name, [d.as_dict() for d in cmp.differences])
        cells = {(d.row, d.column): d for d in cmp.differences if d.kind == "cell"}
        for (_, row, col) in (e for e in m.expected if e[0] == "cell"):
            fr, fc = m.file_row(m.row_labels.index(row)), m.file_col(m.col_labels.index(col))
            assert norm(cells[row, col].found) == norm(m.rows[fr][fc].replace("\n", " "))
        applied += 1
    assert applied >= 1

    # all at once, Japanese labels and full-width digits
    m = Mutant(table, "ja", rng)
    done = [name for name in ("range_", "digit", "transpose", "drop_row", "swap_columns") if getattr(m, name)()]
    p = tmp_path / "all.csv"
    p.write_text(m.csv(full_width=True), encoding="utf-8")
    cmp = check_file(table, p)
    tally["injected"] += len(m.expected)
    tally["found"] += len(m.expected & reported(cmp))
    assert reported(cmp) == m.expected, (done, [d.as_dict() for d in cmp.differences])
