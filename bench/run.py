"""All benchmarks in one table: `make bench` (or .venv/bin/python bench/run.py).

cold full build, warm no-change rebuild, peak memory of a build process, one chart card,
one document, setups per second, verify of a full Okinawa setup, check-table on 10,000
cells and on one PDF page. Timings are wall-clock on this machine; run it on an idle one.
"""
from __future__ import annotations

import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
PY = sys.executable


def build_times() -> list[tuple[str, str]]:
    with tempfile.TemporaryDirectory() as d:
        out = Path(d) / "output"
        cmd = [PY, "-m", "playaids", "build", "--out", str(out), "--lang", "all"]
        t0 = time.perf_counter()
        subprocess.run(cmd, check=True, capture_output=True, cwd=ROOT)
        cold = time.perf_counter() - t0
        peak_mb = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
        t0 = time.perf_counter()
        subprocess.run(cmd, check=True, capture_output=True, cwd=ROOT)
        warm = time.perf_counter() - t0
        files = sum(1 for p in out.rglob("*") if p.is_file())
    return [("cold full build (all games, ja/en/both, A4), target <= 15 s", f"{cold:.1f} s ({files} files)"),
            ("warm no-change rebuild, target <= 3 % of cold", f"{warm:.2f} s ({warm / cold * 100:.1f} %)"),
            ("peak memory of one build process, target <= 400 MB", f"{peak_mb:.0f} MB")]


def one_card() -> tuple[str, str]:
    from playaids.render import cards
    from playaids.render.page import PageSpec

    from playaids.repository import Repository

    root = Repository.builtin()
    game = root.game("macarthur-bataan", with_tables=False)
    table = root.table("macarthur-bataan", "crt")
    cards.render(table, game, PageSpec(lang="ja"))
    best = float("inf")
    for _ in range(5):  # best of 5 batches: this shared VM's timings wander by +-30 %
        t0 = time.perf_counter()
        for _ in range(5):
            cards.render(table, game, PageSpec(lang="ja"))
        best = min(best, (time.perf_counter() - t0) / 5)
    return "one chart card (MacArthur CRT, 3 pages, ja, warm, best of 5), target <= 50 ms", f"{best * 1000:.0f} ms"


def one_chart_set() -> tuple[str, str]:
    from playaids.render import chartsheet
    from playaids.render.page import PageSpec

    from playaids.repository import Repository

    root = Repository.builtin()
    game = root.game("okinawa")
    sheets = root.sheets("okinawa")
    chartsheet.render(game, sheets, game.tables, PageSpec(lang="en"))
    best = float("inf")
    for _ in range(3):
        t0 = time.perf_counter()
        chartsheet.render(game, sheets, game.tables, PageSpec(lang="en"))
        best = min(best, time.perf_counter() - t0)
    return "one chart set (Okinawa, 27 tables, en, A4, layout tried on every orientation and column count, best of 3)", \
        f"{best * 1000:.0f} ms"


def one_document() -> tuple[str, str]:
    from playaids.render import summary
    from playaids.render.page import PageSpec

    from playaids.repository import Repository

    root = Repository.builtin()
    game = root.game("okinawa", with_tables=False)
    data = root.summary("okinawa")
    summary.render(data, game, PageSpec(lang="both"))
    t0 = time.perf_counter()
    summary.render(data, game, PageSpec(lang="both"))
    return "one document (Okinawa rule summary, both, warm)", f"{(time.perf_counter() - t0) * 1000:.0f} ms"


def engine() -> list[tuple[str, str]]:
    import io
    from contextlib import redirect_stdout

    import bench_engine

    with redirect_stdout(io.StringIO()):
        worst = bench_engine.okinawa(50)
        full = bench_engine.setups_per_second(seconds=1.5)
        chits = {g: bench_engine.chit_level_per_second(g, s, seconds=1.5)
                 for g, s in (("amigos-insurrectors", "stand-up-fight"), ("okinawa", "free-variant"),
                              ("macarthur-bataan", "historical"))}
    return [("verify of a full Okinawa setup (worst scenario), target <= 2 ms", f"{worst:.2f} ms"),
            ("MacArthur historical setups generated+verified per second (units placed)", f"{full:,.0f}")] + [
        (f"chit-level setups/s, {g} (draws and secret choices), target >= 10,000", f"{r:,.0f}")
        for g, r in chits.items()]


def checker() -> list[tuple[str, str]]:
    r = subprocess.run([PY, str(ROOT / "bench" / "bench_check_table.py")], capture_output=True, text=True, cwd=ROOT)
    rows = []
    for line in r.stdout.splitlines():
        if line.startswith("check-table") and ":" in line:
            name, _, value = line.partition(": ")
            rows.append((name, value.split(" (")[0] + (" (" + value.split(" (", 1)[1] if " (" in value else "")))
    return rows or [("check-table", (r.stdout or r.stderr).strip()[-200:])]


def main() -> None:
    rows = build_times() + [one_card(), one_chart_set(), one_document()] + engine() + checker()
    print("| benchmark | value |\n|---|---|")
    for name, value in rows:
        print(f"| {name} | {value} |")


if __name__ == "__main__":
    main()
