"""Scenario engine timing: one verify of a full Okinawa set-up (every scenario), warm.

Run: .venv/bin/python bench/bench_engine.py   (target: one verify <= 2 ms)
"""
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from playaids import games, repository  # noqa: E402
from playaids.engine import generate as gen  # noqa: E402
from playaids.engine import verify as ver  # noqa: E402


def okinawa(n=200):
    root = repository.open_data()
    gmap = root.map("okinawa")
    checks = games.checks("okinawa").items()
    worst = 0.0
    for sid in root.scenario_ids("okinawa"):
        scenario = root.scenario("okinawa", sid)
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


def setups_per_second(game="macarthur-bataan", scenario_id="historical", seconds=2.0):
    """Generated and verified setups per second, one process (chit-level scenarios)."""
    root = repository.open_data()
    gmap = root.map(game)
    scenario = root.scenario(game, scenario_id)
    checks = games.checks(game).items()
    ver.verify(gen.generate(scenario, gmap, root, 0), scenario, gmap, root, checks)  # warm
    n, t0 = 0, time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        s = gen.generate(scenario, gmap, root, n)
        ver.verify(s, scenario, gmap, root, checks)
        n += 1
    rate = n / (time.perf_counter() - t0)
    print(f"{game} {scenario_id}: {rate:,.0f} setups generated and verified per second")
    return rate


def chit_level_per_second(game="macarthur-bataan", scenario_id="historical", seconds=2.0):
    """Chit-level setups a second: the draws, derived values and secret choices of a scenario
    (no unit placements), generated and verified."""
    import dataclasses
    import random

    from playaids.engine import vocabulary
    from playaids.engine.context import Context

    root = repository.open_data()
    gmap = root.map(game)
    scenario = dataclasses.replace(root.scenario(game, scenario_id), units=[], constraints=[])
    n, t0 = 0, time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        rng = random.Random(n)
        ctx = Context(root, scenario, gmap)
        for e in scenario.elements:
            v = vocabulary.element(e["kind"]).produce(e, rng, ctx)
            if v is not None:
                ctx.values[e["id"]] = v
        for e in scenario.elements:
            assert not vocabulary.element(e["kind"]).check(e, ctx.value(e["id"]), ctx)
        n += 1
    rate = n / (time.perf_counter() - t0)
    print(f"{game} {scenario_id} chit level: {rate:,.0f} setups generated and verified per second (target >= 10,000)")
    return rate


if __name__ == "__main__":
    okinawa()
    setups_per_second()
    setups_per_second("rgi-macarthur", "korea")
    chit_level_per_second()
    chit_level_per_second("amigos-insurrectors", "stand-up-fight")
    chit_level_per_second("okinawa", "free-variant")
