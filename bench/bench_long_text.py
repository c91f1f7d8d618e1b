"""Issue 25 item 12: every text the schema accepts is drawn (wrapped, shrunk, split over pages)
or refused by `data validate` in one line. Each case is Okinawa's data with one text made as
long as its schema allows (or longer: then `data validate` must refuse it, exit 2, one line);
the card (`table -o x.pdf`) in each language and the chart sets (`build --only charts --check`)
must then exit 0 with a clean preflight, within 10 s and 300 MB each. Not part of the tests
(tests/test_hostile_long_text.py runs a sample).

    .venv/bin/python bench/bench_long_text.py [CASE...]      # prints one line per run
"""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "bench"))

JA = "長い" * 1995                      # 3,990 characters, breakable anywhere
EN = ("word " * 798).strip()            # 3,989 characters of words
X = "x" * 3990                          # one word of 3,990 characters
TEXTS = {"ja": JA, "en": EN, "x": X}


def _set(doc, where: str, value: str):
    """`doc` (fleet-damage.yaml) with the text at `where` set to `value`."""
    if where == "cell":
        doc["rows"][1]["cells"][3] = value
    elif where == "allcells":
        for r in doc["rows"]:
            r["cells"] = [value[:400]] * len(r["cells"])
    elif where == "column":
        doc["columns"][0] = value
    elif where == "corner":
        doc["corner"] = value
    elif where in ("note", "legend"):
        doc["notes" if where == "note" else "legend"][0]["text"] = {"ja": value, "en": value}
    elif where == "code":
        doc["legend"][0]["code"] = value
    elif where in ("key", "column_group", "missing", "title"):
        doc[where] = {"ja": value, "en": value}
    elif where == "label":
        doc["rows"][1]["label"] = value
    return doc


# (case, file, where, length): a length over the schema's bound must be refused by data validate
CASES = [(f"{w}-{t}", "table", w, 3990) for w in ("cell", "column", "corner", "note", "legend", "code", "key")
         for t in TEXTS] + [
    ("allcells-ja", "table", "allcells", 400), ("allcells-x", "table", "allcells", 400),
    ("label-ja", "table", "label", 300), ("label-x", "table", "label", 300),
    ("missing-ja", "table", "missing", 1000), ("missing-x", "table", "missing", 1000),
    ("missing-over", "table", "missing", 1001),
    ("title-ja", "table", "title", 160), ("title-x", "table", "title", 160), ("title-over", "table", "title", 3990),
    ("column_group-x", "table", "column_group", 160), ("column_group-over", "table", "column_group", 3990),
    ("sheet-title-x", "sheets", "title", 160), ("sheet-title-ja", "sheets", "title", 160),
    ("sheet-title-over", "sheets", "title", 3990),
    ("game-title-x", "game", "title", 160), ("game-title-over", "game", "title", 3990),
]


def run(args) -> tuple[int, float, float, str, int]:
    """(exit, CPU seconds, peak MB, last line of stderr, lines of stderr) of `playaids ARGS` in
    a fresh process (its own peak resident set, through wait4)."""
    t0 = time.perf_counter()
    with tempfile.TemporaryFile() as err:
        p = subprocess.Popen([sys.executable, "-m", "playaids", *map(str, args)], stdout=subprocess.DEVNULL,
                             stderr=err, env={**os.environ, "PYTHONPATH": str(ROOT)}, cwd=ROOT)
        _, status, usage = os.wait4(p.pid, 0)
        p.returncode = os.waitstatus_to_exitcode(status)
        err.seek(0)
        lines = err.read().decode(errors="replace").strip().splitlines()
    cpu = usage.ru_utime + usage.ru_stime   # its workers' included: steady on a loaded machine
    return p.returncode, cpu, usage.ru_maxrss / 1024, (lines or [""])[-1][:150], len(lines)


def preflight(pdf: Path) -> list[str]:
    """The preflight's findings on `pdf` but one language per aid (the case's text is in one
    language whatever the aid's)."""
    r = subprocess.run([sys.executable, "-m", "playaids", "preflight", pdf], capture_output=True, cwd=ROOT,
                       env={**os.environ, "PYTHONPATH": str(ROOT)})
    lines = (r.stdout + r.stderr).decode().strip().splitlines()
    return [x for x in lines if " sentence in a" not in x and "Japanese in an English" not in x
            and not x.startswith("preflight:")]


def make(tmp: Path, case, kind, where, length) -> Path:
    text = TEXTS["ja" if case.endswith(("-ja", "-over")) else "x" if case.endswith("-x") else case.rsplit("-", 1)[1]]
    text = (text * 2)[:length]
    d = tmp / case
    shutil.copytree(ROOT / "data" / "okinawa", d / "okinawa")
    game = d / "okinawa"
    if kind == "table":
        f = game / "tables" / "fleet-damage.yaml"
        f.write_text(yaml.safe_dump(_set(yaml.safe_load(f.read_text(encoding="utf-8")), where, text),
                                    allow_unicode=True), encoding="utf-8")
    elif kind == "sheets":
        f = game / "sheets.yaml"
        doc = yaml.safe_load(f.read_text(encoding="utf-8"))
        doc["sheets"][1]["title"] = {"ja": text, "en": text}   # the sheet of fleet-damage
        f.write_text(yaml.safe_dump(doc, allow_unicode=True), encoding="utf-8")
    else:
        f = game / "game.yaml"
        doc = yaml.safe_load(f.read_text(encoding="utf-8"))
        doc["title"] = {"ja": text, "en": text}
        f.write_text(yaml.safe_dump(doc, allow_unicode=True), encoding="utf-8")
    return d


def main() -> int:
    words = sys.argv[1:]
    tmp = Path(tempfile.mkdtemp(prefix="bench-long-"))
    ok = True
    for case, kind, where, length in CASES:
        if words and not any(w in case for w in words):
            continue
        d = make(tmp, case, kind, where, length)
        base = ["--data", d, "--no-builtin"]
        code, s, mb, last, n = run([*base, "data", "validate"])
        refused = case.endswith("-over")
        good = (code == 2 and n == 1) if refused else code == 0
        print(f"| {case} | data validate | {code} | {s:.1f} s CPU | {mb:.0f} MB | {last if code else ''}", flush=True)
        ok &= good
        if code:
            continue
        for lang in ("ja", "en", "both"):
            o = d / f"card.{lang}.a4.pdf"
            code, s, mb, last, n = run([*base, "table", "okinawa", "fleet-damage", "--lang", lang, "-o", o])
            found = preflight(o) if code == 0 else ["not drawn"]
            print(f"| {case} | card {lang} | {code} | {s:.1f} s CPU | {mb:.0f} MB | preflight: {found[:2]} {last}",
                  flush=True)
            ok &= code == 0 and s < 10 and mb < 300 and not found
        out = d / "out"
        code, s, mb, last, n = run([*base, "build", "okinawa", "--only", "charts", "--lang", "all", "--out", out])
        found = [f for p in sorted(out.glob("okinawa/**/*.pdf")) if "fleet-damage" in p.name or "charts." in p.name
                 for f in preflight(p)] if code == 0 else ["not built"]
        print(f"| {case} | build charts | {code} | {s:.1f} s CPU | {mb:.0f} MB | preflight: {found[:2]} {last}",
              flush=True)
        ok &= code == 0 and not found
    print(f"\nall drawn or refused: {ok}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
