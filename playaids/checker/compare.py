"""Compare a table as found in a file with its source grid: rows and columns matched by label,
never by position; every difference reported with its row and column.

Matching, in order:
1. rows and columns whose label equals a source label (after normalisation, in ja, en,
   bilingual or through the glossary);
2. a row whose die-roll label overlaps an unmatched source range (`11` for `11-12`);
3. unmatched columns, then rows, whose cells mostly agree with an unmatched source one
   (a renamed column, a relabelled row);
what is left is missing (source only) or extra (file only). Cells are compared where both
their row and their column matched.
"""
from __future__ import annotations

import bisect
from collections import Counter
from dataclasses import asdict, dataclass, field

from playaids.checker.normalise import CJK_CHAR, display, needed, parse_range
from playaids.checker.structure import ExpectedKeys, FoundGrid
from playaids.model import Grid, Table, Text

SIMILAR = 0.5              # share of agreeing cells that pairs an unlabelled row or column
MAX_PAIRINGS = 40_000      # unmatched source x found pairs considered for content pairing

KINDS = ("corner", "header-row", "missing-column", "extra-column", "column-label", "columns-swapped",
         "column-moved", "missing-row", "extra-row", "row-range", "row-label", "rows-swapped",
         "row-moved", "cell")


@dataclass(frozen=True)
class Difference:
    kind: str
    row: str | None = None        # source row label (file's label for an extra row)
    column: str | None = None     # source column label (file's label for an extra column)
    expected: str | None = None
    found: str | None = None
    where: str | None = None      # where in the file
    other: str | None = None      # the second label of a swapped pair
    accepted: str | None = None   # why it is intended (an --accept entry), else None

    def as_dict(self) -> dict:
        return {k: v for k, v in asdict(self).items() if v is not None}


@dataclass
class Pair:
    """An aligned row or column: source index `e` (-1: the label column), found index `f`."""

    e: int | None
    f: int | None
    how: str = "label"            # label | range | content | missing | extra
    moved: bool = False


@dataclass
class Comparison:
    table: Table
    grid: Grid
    grid_name: str
    path: str
    found: FoundGrid
    lang: str
    columns: list[Pair]           # output order: the file's, source-only ones inserted
    rows: list[Pair]
    differences: list[Difference]
    cell_status: dict = field(default_factory=dict)   # (row pair idx, col pair idx) -> equal?
    # (found text, source text) pairs equal only after normalisation -> how often
    _normalised_pairs: Counter = field(default_factory=Counter)

    def note_normalised(self, keyer, found: str, t: Text | None) -> None:
        """Note a found text that equals the source text `t` only after normalisation."""
        if t is None or found == t.ja or found == t.en or not found:
            return
        k = keyer.cell(found)
        form = t.ja if keyer.cell(t.ja) == k else t.en if keyer.cell(t.en) == k else None
        if form is not None:
            self._normalised_pairs[(found, form)] += 1

    @property
    def normalised(self) -> dict[str, int]:
        """Each normalisation that made labels or cells equal, with how many (in STEPS order)."""
        out: Counter = Counter()
        for (found, form), n in self._normalised_pairs.items():
            for name in needed(found.strip(), form):
                out[name] += n
        return dict(out)

    unused_accepts: list = field(default_factory=list)   # --accept entries that matched nothing
    notes: list = field(default_factory=list)            # what the reader noted (a substitution, a likelier table)

    @property
    def equal(self) -> bool:
        return not self.differences

    @property
    def ok(self) -> bool:
        """Equal, or every difference accepted as intended."""
        return all(d.accepted for d in self.differences)

    def counts(self) -> dict:
        return dict(sorted(Counter(d.kind for d in self.differences).items(), key=lambda kv: KINDS.index(kv[0])))

    # text of the source in the report language
    def text(self, t: Text | None) -> str:
        return "" if t is None else t.get(self.lang).replace("\n", " / ")

    def expected_label(self, axis: str, e: int) -> str:
        if axis == "column":
            return self.text(self.grid.corner) if e == -1 else self.text(self.grid.columns[e])
        return self.text(self.grid.rows[e].label)

    def expected_cell(self, e_row: int, e_col: int) -> str:
        if e_col == -1:
            return self.expected_label("row", e_row)
        c = self.grid.expanded(self.grid.rows[e_row])[e_col]
        return "" if c is None else self.text(c)

    def found_cell(self, f_row: int, f_col: int) -> str:
        return display(self.found.rows[f_row].cells[f_col])


SHOWN = 12   # cells of an extra row or column quoted in its line of the report


def _some(cells: list[str]) -> str:
    """The first non-empty cells of an extra row or column, `| `-separated, and how many more."""
    shown, more = [], 0
    for c in cells:
        if c and not c.isspace():
            if len(shown) < SHOWN:
                shown.append(display(c))
            else:
                more += 1
    return " | ".join(shown) + (f" | … {more} more" if more else "")


def _lis(seq: list[int]) -> set[int]:
    """Positions of one longest increasing subsequence of `seq`."""
    tails, tails_at, prev = [], [], [-1] * len(seq)
    for i, v in enumerate(seq):
        k = bisect.bisect_left(tails, v)
        if k == len(tails):
            tails.append(v)
            tails_at.append(i)
        else:
            tails[k], tails_at[k] = v, i
        prev[i] = tails_at[k - 1] if k else -1
    out, i = set(), tails_at[-1] if tails_at else -1
    while i >= 0:
        out.add(i)
        i = prev[i]
    return out


def _order(pairs: list[Pair]) -> tuple[str, list[Pair]] | None:
    """How the matched pairs (in file order) are out of source order: a single swap of two,
    or the ones moved (outside a longest run in source order)."""
    seq = [p.e for p in pairs]
    if seq == sorted(seq):
        return None
    s = sorted(seq)
    wrong = [k for k in range(len(seq)) if seq[k] != s[k]]
    if len(wrong) == 2:
        moved = [pairs[k] for k in wrong]
        for p in moved:
            p.moved = True
        return "swapped", sorted(moved, key=lambda p: p.e)
    keep = _lis(seq)
    moved = [pairs[k] for k in range(len(seq)) if k not in keep]
    for p in moved:
        p.moved = True
    return "moved", moved


def _order_diffs(axis: str, order, cmp, where_of) -> list[Difference]:
    """Two rows (columns) swapped, or each one moved, as `_order` found them."""
    if not order:
        return []
    kind, moved = order
    if kind == "swapped":
        a, b = moved
        return [Difference(f"{axis}s-swapped", other=cmp.expected_label(axis, b.e),
                           where=f"{where_of(a.f)}, {where_of(b.f)}", **{axis: cmp.expected_label(axis, a.e)})]
    return [Difference(f"{axis}-moved", expected=f"{axis} {p.e + 1} of the source", where=where_of(p.f),
                       **{axis: cmp.expected_label(axis, p.e)}) for p in moved]


def _merge(matched: list[Pair], missing: list[int]) -> list[Pair]:
    """File order, with each source-only entry placed after the entry of the source entry before it."""
    out = list(matched)
    for e in sorted(missing):
        at = 0
        for k, p in enumerate(out):
            if p.e is not None and p.e < e:
                at = k + 1
        out.insert(at, Pair(e, None, "missing"))
    return out


class _Matcher:
    def __init__(self, grid: Grid, found: FoundGrid, ek: ExpectedKeys):
        self.grid, self.found, self.ek, self.keyer = grid, found, ek, ek.keyer
        self._cell_keys: dict = {}
        self._expanded = [grid.expanded(r) for r in grid.rows]

    def cell_keys(self, i: int, j: int) -> frozenset:
        k = (i, j)
        if k not in self._cell_keys:
            row = self._expanded[i]
            c = row[j]
            ks = self.keyer.of(c, cell=True)
            if c is None:  # a column covered by a spanning cell: empty, or the spanning text again
                owner = next(x for x in reversed(row[:j]) if x is not None)
                ks = ks | self.keyer.of(owner, cell=True)
            self._cell_keys[k] = ks
        return self._cell_keys[k]

    def equal(self, i: int, j: int, fr: int, fc: int) -> bool:
        found = self.keyer.cell(self.found.rows[fr].cells[fc])
        c = self._expanded[i][j]
        # the common case first: the cell printed as the source's Japanese or English
        if c is not None and (found == self.keyer.cell(c.ja) or found == self.keyer.cell(c.en)):
            return True
        return found in self.cell_keys(i, j)

    # -- label matching ------------------------------------------------------------------
    def match_rows(self) -> dict[int, Pair]:
        used, out = set(), {}
        for fi, r in enumerate(self.found.rows):
            rows = self.ek.row_index.get(r.key, ())
            if len({self.grid.rows[i].label.draw for i in rows}) > 1:
                continue   # symbols drawn with no words (a legend's): their rows pair by content
            for i in rows:
                if i not in used:
                    used.add(i)
                    out[fi] = Pair(i, fi)
                    break
        return out

    def match_columns(self) -> dict[int, Pair]:
        used, out = set(), {}
        for level in (0, 1):   # whole labels first, then single parts of a multi-row header
            for col in self.found.columns:
                if col.index in out:
                    continue
                ks = col.keys[:1] if level == 0 else col.keys[1:]
                for k in ks:
                    j = next((j for j in self.ek.column_index.get(k, ()) if j not in used), None)
                    if j is not None:
                        used.add(j)
                        out[col.index] = Pair(j, col.index)
                        break
        return out

    def match_ranges(self, rows: dict[int, Pair]) -> None:
        used = {p.e for p in rows.values()}
        ranges = {i: parse_range(r.label.ja) or parse_range(r.label.en) for i, r in enumerate(self.grid.rows)}
        for fi, r in enumerate(self.found.rows):
            if fi in rows:
                continue
            fr = parse_range(r.label)
            if fr is None:
                continue
            best = None
            for i, er in ranges.items():
                if i in used or er is None:
                    continue
                overlap = min(fr[1], er[1]) - max(fr[0], er[0]) + 1
                if overlap > 0 and (best is None or overlap > best[0]):
                    best = (overlap, i)
            if best:
                used.add(best[1])
                rows[fi] = Pair(best[1], fi, "range")

    # -- content pairing -----------------------------------------------------------------
    def pair_by_content(self, exp_un: list[int], found_un: list[int], sim) -> list[Pair]:
        if not exp_un or not found_un or len(exp_un) * len(found_un) > MAX_PAIRINGS:
            return []
        cands = []
        for a, e in enumerate(exp_un):
            for b, f in enumerate(found_un):
                s = sim(e, f)
                if s is None:   # nothing to compare by: pair by rank when the counts agree
                    s = 1.0 if len(exp_un) == len(found_un) and a == b else 0.0
                if s >= SIMILAR:
                    cands.append((-s, abs(a - b), a, b, e, f))
        cands.sort()
        used_e, used_f, out = set(), set(), []
        for *_, e, f in cands:
            if e not in used_e and f not in used_f:
                used_e.add(e)
                used_f.add(f)
                out.append(Pair(e, f, "content"))
        return out

    def column_sim(self, rows: dict[int, Pair]):
        pairs = list(rows.values())

        def sim(j, c):
            if not pairs:
                return None
            return sum(self.equal(p.e, j, p.f, c) for p in pairs) / len(pairs)
        return sim

    def row_sim(self, cols: dict[int, Pair]):
        pairs = [p for p in cols.values() if p.e >= 0]

        def sim(i, fi):
            if not pairs:
                return None
            return sum(self.equal(i, p.e, fi, p.f) for p in pairs) / len(pairs)
        return sim


def _lang(grid: Grid, found: FoundGrid, rows: list[Pair], cols: list[Pair], norm) -> str:
    """The language the file is written in, from the labels that matched."""
    votes = Counter()
    for p in cols:
        if p.how == "label" and p.e is not None and p.f is not None and p.e >= 0:
            t, s = grid.columns[p.e], norm(found.column_label(p.f))
            if not t.neutral and t.ja != t.en:
                votes["ja" if s == norm(t.ja) else "en" if s == norm(t.en) else "both"] += 1
    for p in rows:
        if p.how == "label" and p.e is not None and p.f is not None:
            t, s = grid.rows[p.e].label, found.rows[p.f].key
            if not t.neutral and t.ja != t.en:
                votes["ja" if s == norm(t.ja) else "en" if s == norm(t.en) else "both"] += 1
    if grid.corner is not None and not grid.corner.neutral and grid.corner.ja != grid.corner.en:
        s = norm(found.corner)
        if s in (norm(grid.corner.ja), norm(grid.corner.en)):
            votes["ja" if s == norm(grid.corner.ja) else "en"] += 1
    if not votes:   # neutral labels only: the file's script decides
        header = [found.corner] + [c.label for c in found.columns] + [r.label for r in found.rows]
        return "ja" if any(CJK_CHAR.search(s) for s in header) else "en"
    return max(("en", "ja", "both"), key=lambda k: votes[k])


def compare(table: Table, grid: Grid, grid_name: str, found: FoundGrid, ek: ExpectedKeys,
            path: str = "") -> Comparison:
    """Compare `found` (located with `ek`, the keys of `grid`) with `grid` of `table`."""
    m = _Matcher(grid, found, ek)
    norm = ek.keyer.label
    rows = m.match_rows()
    cols = m.match_columns()
    m.match_ranges(rows)
    exp_cols_un = [j for j in range(len(grid.columns)) if j not in {p.e for p in cols.values()}]
    found_cols_un = [c.index for c in found.columns if c.index not in cols]
    for p in m.pair_by_content(exp_cols_un, found_cols_un, m.column_sim(rows)):
        cols[p.f] = p
    exp_rows_un = [i for i in range(len(grid.rows)) if i not in {p.e for p in rows.values()}]
    found_rows_un = [fi for fi in range(len(found.rows)) if fi not in rows]
    for p in m.pair_by_content(exp_rows_un, found_rows_un, m.row_sim(cols)):
        rows[p.f] = p

    col_pairs = [Pair(-1, found.label_col)]
    for c in sorted(c.index for c in found.columns):
        col_pairs.append(cols.get(c) or Pair(None, c, "extra"))
    col_pairs.sort(key=lambda p: p.f)
    row_pairs = [rows.get(fi) or Pair(None, fi, "extra") for fi in range(len(found.rows))]

    col_order = _order([p for p in col_pairs if p.e is not None and p.e >= 0])
    row_order = _order([p for p in row_pairs if p.e is not None])
    col_pairs = _merge(col_pairs, [j for j in range(len(grid.columns)) if j not in {p.e for p in col_pairs}])
    row_pairs = _merge(row_pairs, [i for i in range(len(grid.rows)) if i not in {p.e for p in row_pairs}])

    lang = _lang(grid, found, row_pairs, col_pairs, norm)
    cmp = Comparison(table, grid, grid_name, path, found, lang, col_pairs, row_pairs, [])
    diffs = cmp.differences
    raw = found.raw

    # a group header over the columns ("Odds") may be the second half of the source's corner
    # label ("Die roll / Odds")
    groups = {r: " ".join(raw.rows[r][c.index].strip() for c in found.columns if raw.rows[r][c.index].strip())
              for r in found.group_rows}
    corner_found = found.corner
    corners = [corner_found] + [f"{a} / {b}" for g in groups.values() for a, b in ((corner_found, g), (g, corner_found))]
    if found.header_rows and not any(norm(c) in m.ek.corner for c in corners):
        diffs.append(Difference("corner", expected=cmp.text(grid.corner), found=corner_found,
                                where=raw.where[0] if raw.where else None))
    corner_parts = {p for k in m.ek.corner for p in k.split("/")}
    if grid_name == "main" and table.column_group is not None:   # the heading over the result columns
        corner_parts |= set(m.keyer.of(table.column_group))
    for r, text in groups.items():
        if norm(text) not in corner_parts:
            diffs.append(Difference("header-row", found=text, where=raw.where[r]))

    col_where = raw.column_where

    for p in col_pairs:
        if p.e is None:
            label = found.column_label(p.f)
            cells = _some([r.cells[p.f] for r in found.rows])
            diffs.append(Difference("extra-column", column=label, found=cells, where=col_where(p.f)))
        elif p.f is None:
            label = cmp.expected_label("column", p.e)
            diffs.append(Difference("missing-column", column=label, expected=label))
        elif p.how == "content":
            diffs.append(Difference("column-label", column=cmp.expected_label("column", p.e),
                                    expected=cmp.expected_label("column", p.e),
                                    found=found.column_label(p.f), where=col_where(p.f)))
    diffs += _order_diffs("column", col_order, cmp, col_where)

    for p in row_pairs:
        if p.e is None:
            r = found.rows[p.f]
            cells = _some([c for k, c in enumerate(r.cells) if k != found.label_col])
            diffs.append(Difference("extra-row", row=display(r.label), found=cells, where=r.where))
        elif p.f is None:
            label = cmp.expected_label("row", p.e)
            diffs.append(Difference("missing-row", row=label, expected=label))
        elif p.how in ("range", "content") and not (p.how == "content" and found.rows[p.f].key in
                                                      ek.row_index and p.e in ek.row_index[found.rows[p.f].key]):
            r = found.rows[p.f]   # (a row paired by content whose label is its own: a drawn symbol's)
            diffs.append(Difference("row-range" if p.how == "range" else "row-label",
                                    row=cmp.expected_label("row", p.e), expected=cmp.expected_label("row", p.e),
                                    found=display(r.label), where=r.where))
    diffs += _order_diffs("row", row_order, cmp, lambda f: found.rows[f].where)

    paired_cols = [(ci, cp) for ci, cp in enumerate(col_pairs) if cp.e is not None and cp.f is not None and cp.e >= 0]
    keyer = m.keyer
    kcell, pairs = keyer.cell, cmp._normalised_pairs
    for cp in paired_cols:
        if cp[1].how == "label":
            cmp.note_normalised(keyer, found.column_label(cp[1].f), grid.columns[cp[1].e])
    for ri, rp in enumerate(row_pairs):
        if rp.e is None or rp.f is None:
            continue
        if rp.how == "label":
            cmp.note_normalised(keyer, found.rows[rp.f].label, grid.rows[rp.e].label)
        expanded = m._expanded[rp.e]
        cells = found.rows[rp.f].cells
        for ci, cp in paired_cols:
            text, c = cells[cp.f], expanded[cp.e]
            if c is None:
                ok = m.equal(rp.e, cp.e, rp.f, cp.f)
            elif text == c.ja or text == c.en:
                ok = True      # printed exactly as the source
            else:              # equal after normalisation (noted for the report), or in another form
                fk = kcell(text)
                form = c.ja if fk == kcell(c.ja) else c.en if fk == kcell(c.en) else None
                if form is not None:
                    ok = True
                    pairs[(text, form)] += 1
                else:
                    ok = fk in m.cell_keys(rp.e, cp.e)
            cmp.cell_status[(ri, ci)] = ok
            if not ok:
                diffs.append(Difference("cell", row=cmp.expected_label("row", rp.e),
                                        column=cmp.expected_label("column", cp.e),
                                        expected=cmp.expected_cell(rp.e, cp.e),
                                        found=cmp.found_cell(rp.f, cp.f),
                                        where=raw.cell_where(found.rows[rp.f].index, cp.f)))
    return cmp
