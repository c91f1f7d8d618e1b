"""Benchmark of the table checker (not part of the test suite):

- a 100 x 100 table (10,000 cells) written as CSV with full-width digits and Japanese headers,
  checked against its source grid (target <= 0.2 s);
- one PDF page: a chart card this project renders, read back with pdfplumber and checked
  (target <= 0.3 s);
- a 1,000,000-cell CSV (1,000 x 1,000, full-width digits): checked in-process against a
  1,000 x 1,000 source (every cell compared), and by the `playaids check-table` command
  against a game's table (wall clock, Python's start included); target < 2 s each
  (csvdiff's published claim: a million records in under 2 s).

Times are the median CPU time of several runs.

    .venv/bin/python bench/bench_check_table.py
"""
from __future__ import annotations

import csv
import io
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from playaids.checker import Glossary, check_file, readers  # noqa: E402
from playaids.model import Grid, Row, Table, Text  # noqa: E402
from playaids.render import cards  # noqa: E402
from playaids.render.page import PageSpec  # noqa: E402
from playaids.repository import Repository

FULL_WIDTH = str.maketrans("0123456789+-", "０１２３４５６７８９＋－")
RESULTS = ["–", "1 / 1", "– / 2DR", "1D / 1", "3DRTG", "+1", "-2", "2S", "D", "2-1"]


def big_table(n_rows: int = 100, n_cols: int = 100) -> Table:
    columns = tuple(Text(f"列{j + 1}", f"Column {j + 1}") for j in range(n_cols))
    rows = tuple(Row(Text.plain(f"{2 * i + 1}-{2 * i + 2}"),
                     tuple(Text.plain(RESULTS[(i * 7 + j * 3) % len(RESULTS)]) for j in range(n_cols)))
                 for i in range(n_rows))
    grid = Grid(Text("サイの目", "Die roll"), columns, rows)
    return Table(game="bench", id="big", title=Text("大きな表", "Big table"), rule="1.0", dice="2d6", grid=grid)


def big_csv(table: Table) -> str:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    g = table.grid
    w.writerow([g.corner.ja] + [c.ja for c in g.columns])
    for r in g.rows:
        w.writerow([r.label.ja.translate(FULL_WIDTH)] + [c.ja.translate(FULL_WIDTH) for c in r.cells])
    return buf.getvalue()


def timed(fn, repeat: int = 7) -> tuple[float, object]:
    """Median CPU time of `fn` (process time: stable on a busy machine) and its result."""
    times, result = [], None
    for _ in range(repeat):
        t0 = time.process_time()
        result = fn()
        times.append(time.process_time() - t0)
    return statistics.median(times), result


def main() -> int:
    tmp = Path(tempfile.mkdtemp(prefix="bench-check-"))
    table = big_table()
    path = tmp / "big.csv"
    path.write_text(big_csv(table), encoding="utf-8")
    check_file(table, path)  # warm up imports
    t_big, cmp = timed(lambda: check_file(table, path))
    assert cmp.equal, cmp.differences[:3]
    cells = len(table.grid.rows) * len(table.grid.columns)
    print(f"check-table {cells} cells (CSV, full-width, ja headers): {t_big:.3f} s (target <= 0.2 s)")

    root = Repository.builtin()
    ok = t_big <= 0.2
    for game_id, table_id in (("okinawa", "kamikaze-hits"), ("macarthur-bataan", "crt")):
        game = root.game(game_id, with_tables=False)
        t = root.table(game_id, table_id)
        pdf = tmp / f"{table_id}.pdf"
        pdf.write_bytes(cards.render(t, game, PageSpec(lang="ja")))
        gl = Glossary(game.glossary)
        check_file(t, pdf, gl, page=1)
        t_pdf, cmp = timed(lambda: check_file(t, pdf, gl, page=1), repeat=5)
        assert cmp.equal, cmp.differences[:3]
        t_read, _ = timed(lambda: readers.read(pdf, page=1), repeat=5)
        print(f"check-table one PDF page ({game_id}/{table_id}, ja card): {t_pdf:.3f} s (target <= 0.3 s; "
              f"pdfplumber reading the page {t_read:.3f} s, the check itself {max(t_pdf - t_read, 0):.3f} s)")
        ok = ok and t_pdf <= 0.3
    million = big_table(1000, 1000)
    mpath = tmp / "million.csv"
    mpath.write_text(big_csv(million), encoding="utf-8")
    t_m, cmp = timed(lambda: check_file(million, mpath), repeat=3)
    assert cmp.equal, cmp.differences[:3]
    print(f"check-table 1,000,000 cells in-process (CSV, full-width, every cell compared): {t_m:.2f} s (target < 2 s)")
    import subprocess

    walls = []
    for _ in range(3):
        t0 = time.perf_counter()
        r = subprocess.run([sys.executable, "-m", "playaids", "check-table", "okinawa", "fleet-damage", str(mpath)],
                           capture_output=True, cwd=ROOT)
        walls.append(time.perf_counter() - t0)
        assert r.returncode == 1, r.stderr
    t_cli = statistics.median(walls)
    print(f"playaids check-table okinawa fleet-damage <1,000,000-cell CSV>: {t_cli:.2f} s wall (target < 2 s)")
    ok = ok and t_m < 2 and t_cli < 2
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
