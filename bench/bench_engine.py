"""Scenario engine timing: one verify of a full Okinawa set-up (every scenario), warm.

Run: .venv/bin/python bench/bench_engine.py   (target: one verify <= 2 ms)
"""
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from playaids import games, load  # noqa: E402
from playaids.engine import generate as gen  # noqa: E402
from playaids.engine import loading  # noqa: E402
from playaids.engine import verify as ver  # noqa: E402


def okinawa(n=200):
    root = load.data_dir()
    gmap = loading.load_map(root, "okinawa")
    checks = games.checks("okinawa").items()
    worst = 0.0
    for sid in loading.scenario_ids(root, "okinawa"):
        scenario = loading.load_scenario(root, "okinawa", sid)
        setup = gen.generate(scenario, gmap, root, 1)
        ver.verify(setup, scenario, gmap, root, checks)  # warm
        t0 = time.perf_counter()
        for _ in range(n):
            ver.verify(setup, scenario, gmap, root, checks)
        one = (time.perf_counter() - t0) / n * 1000
        worst = max(worst, one)
        print(f"okinawa {sid:20s} {len(setup.placements):3d} placements  verify {one:6.3f} ms")
    print(f"okinawa worst verify {worst:.3f} ms (target <= 2 ms)")
    return worst


if __name__ == "__main__":
    okinawa()
