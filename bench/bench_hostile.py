"""Peak memory and time of each command on hostile input at the size caps (issue 17; not part
of the test suite). Each case runs in its own process; the peak is that process's maximum
resident set (wait4), the time its wall clock, Python's start included.

    .venv/bin/python bench/bench_hostile.py        # prints a Markdown table for the README
"""
from __future__ import annotations

import os
import random
import subprocess
import sys
import tempfile
import time
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))
LIMIT_MB = 300


CAP_GB = 2          # address-space cap of each case: a blow-up fails fast instead of swapping
TIMEOUT = 120       # seconds; a case still running is killed (exit -9)


def measure(args: list, stdout=subprocess.DEVNULL, stdin=None) -> tuple[int, float, float, str]:
    """(exit status, peak MB, seconds, last line of stderr) of `playaids ARGS` in a fresh process;
    `stdin` is a path (or None: no standard input)."""
    import resource

    def cap():
        resource.setrlimit(resource.RLIMIT_AS, (CAP_GB << 30, CAP_GB << 30))

    t0 = time.perf_counter()
    with tempfile.TemporaryFile() as err, open(stdin or os.devnull, "rb") as inp:
        p = subprocess.Popen([sys.executable, "-m", "playaids", *map(str, args)], stdout=stdout, stdin=inp,
                             stderr=err, cwd=ROOT, preexec_fn=cap, env={**os.environ, "PYTHONPATH": str(ROOT)})
        while True:
            pid, status, usage = os.wait4(p.pid, os.WNOHANG)
            if pid:
                break
            if time.perf_counter() - t0 > TIMEOUT:
                p.kill()
            time.sleep(0.02)
        p.returncode = os.waitstatus_to_exitcode(status)
        err.seek(0)
        last = (err.read().decode(errors="replace").strip().splitlines() or [""])[-1]
    return p.returncode, usage.ru_maxrss / 1024, time.perf_counter() - t0, last[:100]


def cases(tmp: Path):
    rng = random.Random(1)
    million = tmp / "million.csv"
    million.write_text("\n".join(",".join(str(rng.randint(0, 99)) for _ in range(1000)) for _ in range(1000)))
    yield "check-table, a 1,000,000-cell CSV (2.9 MB)", ["check-table", "okinawa", "fleet-damage", million]

    big = tmp / "big.txt"
    big.write_text(("x" * 70 + "\n") * (20 * 1024 * 1024 // 71))
    yield "check-table, 20 MiB of text in one column (the size cap)", ["check-table", "okinawa", "fleet-damage", big]

    wide = tmp / "wide.txt"
    wide.write_text(("xx  yy" * 10 + "\n") * (20 * 1024 * 1024 // 61))
    yield "check-table, 20 MiB of text in 20 columns (3.4 M cells)", ["check-table", "okinawa", "fleet-damage", wide]

    md = tmp / "big.md"
    md.write_text("|a|b|\n|---|---|\n" + "|1|2|\n" * 19_900 + "prose line\n" * 1_000_000)
    yield "check-table, Markdown: a 20,000-row table in 11 MB of prose", ["check-table", "okinawa", "fleet-damage", md]

    js = tmp / "big.json"
    js.write_text("[" + ",".join(["[1,2,3,4,5,6,7,8,9,10]"] * (20 * 1024 * 1024 // 24)) + "]")
    yield "check-table, 20 MiB of JSON rows", ["check-table", "okinawa", "fleet-damage", js]

    binary = tmp / "noise.csv"
    binary.write_bytes(rng.randbytes(20 * 1024 * 1024 - 1))
    yield "check-table, 20 MiB of random bytes", ["check-table", "okinawa", "fleet-damage", binary]

    z = zlib.compressobj(9)
    body = b"".join(z.compress(b"\0" * (1 << 20)) for _ in range(1024)) + z.flush()
    bomb = tmp / "bomb.pdf"
    bomb.write_bytes(b"%PDF-1.4\n1 0 obj\n<< /Length " + str(len(body)).encode() + b" /Filter /FlateDecode >>\n"
                     b"stream\n" + body + b"\nendstream\nendobj\ntrailer << /Root 1 0 R >>\n%%EOF\n")
    yield f"check-table, a PDF whose stream unpacks to 1 GiB ({len(bomb.read_bytes()) // 1024} kB)", \
        ["check-table", "okinawa", "fleet-damage", bomb]

    import openpyxl

    wb = openpyxl.Workbook(write_only=True)
    ws = wb.create_sheet("big")
    for i in range(2000):
        ws.append([rng.randint(0, 99) for _ in range(100)])
    xlsx = tmp / "big.xlsx"
    wb.save(xlsx)
    yield "check-table, an .xlsx of 200,000 cells", ["check-table", "okinawa", "fleet-damage", xlsx]

    game = tmp / "data" / "wide"
    (game / "tables").mkdir(parents=True)
    (game / "game.yaml").write_text("id: wide\ntitle: {ja: 広い, en: Wide}\nsides: []\n", encoding="utf-8")
    (game / "glossary.yaml").write_text("[" + ", ".join(["1"] * (2 * 1024 * 1024 // 3 - 10)) + "]\n")
    yield "data validate, a 2 MiB YAML list of 700,000 numbers", ["data", "validate", tmp / "data"]

    (game / "glossary.yaml").write_text("a:\n" + "".join("  " * (i + 1) + "b:\n" for i in range(5000)))
    yield "data validate, YAML nested 5,000 levels deep", ["data", "validate", tmp / "data"]

    lines = tmp / "setups.jsonl"
    with open(lines, "wb") as f:
        subprocess.run([sys.executable, "-m", "playaids", "scenario", "amigos-insurrectors", "campaign", "--seed", "0",
                        "--count", "5000"], stdout=f, cwd=ROOT, check=True)
    text = lines.read_bytes()[: 2 * 1024 * 1024 - 100]
    lines.write_bytes(text[: text.rfind(b"\n") + 1])
    n = lines.read_bytes().count(b"\n")
    yield f"verify, JSON lines of {n:,} setups (2 MiB, the size cap)", ["verify", lines]

    yield "scenario --count 20,000 (Okinawa, streamed)", ["scenario", "okinawa", "campaign", "--seed", "0",
                                                          "--count", "20000"]
    yield "build, every game, ja/en/both, A4 (cold)", ["build", "--out", tmp / "out", "--lang", "all", "--force"]


def _chain(*its):
    for it in its:
        yield from it


def cases_round3(tmp: Path):
    """Issue 25: a small input claiming a large amount of work, every PDF filter spelling."""
    import json

    import hostile_shapes as hs

    t = tmp / "r3"
    for ext in ("json", "yaml", "txt"):
        f = hs.write(t / f"span.{ext}", hs.span_table("1e9" if ext != "yaml" else "1000000000"))
        yield f"1 check-table, a cell of span 1e9 (.{ext})", ["check-table", "okinawa", "fleet-damage", f]
    f = hs.write(t / "span-rows.json", hs.span_table("50000000", rows=20))
    yield "1 check-table, span 5e7 on 20 rows", ["check-table", "okinawa", "fleet-damage", f]
    for spelling in hs.FLATE_SPELLINGS:
        f = hs.write(t / f"bomb-{spelling}.pdf", hs.bomb_pdf(spelling))
        yield f"2 check-table, a 1 GiB bomb, filter {spelling}", ["check-table", "okinawa", "fleet-damage", f]
        yield f"3 preflight, a 1 GiB bomb, filter {spelling}", ["preflight", f]
    yield "2 check-table, a 1 GiB bomb from stdin", ["check-table", "okinawa", "fleet-damage", "-"], \
        t / "bomb-abbreviated.pdf"
    f = hs.write(t / "dense.pdf", hs.dense_pages_pdf(2000, 8000))
    yield f"3 preflight, 2,000 dense pages ({f.stat().st_size // 1024} kB)", ["preflight", f]
    yield f"3 check-table, 2,000 dense pages", ["check-table", "okinawa", "fleet-damage", f, "--page", 2000]
    f = hs.write(t / "dense250.pdf", hs.dense_pages_pdf(250, 8000))
    yield f"3 preflight, 250 dense pages (2 M glyphs)", ["preflight", f]
    yield f"3 check-table, 250 dense pages", ["check-table", "okinawa", "fleet-damage", f]
    f = hs.write(t / "zero.pdf", hs.zero_page_pdf())
    yield "3 preflight, a zero-page PDF", ["preflight", f]
    fifo = t / "fifo.pdf"
    os.mkfifo(fifo)
    yield "3 preflight, a FIFO named as a PDF", ["preflight", fifo]
    f = hs.write(t / "column.csv", "x\n" * 1_000_000)
    yield "5 check-table, a 1M-row one-column CSV", ["check-table", "okinawa", "fleet-damage", f]
    import random as _random

    rng = _random.Random(5)
    words = ["".join(rng.choice("abcdefghijklmnop") for _ in range(8)) for _ in range(16)]
    strings = (" ".join(words[(i * 7 + k) % 16] for k in range(10)) for i in range(1_800_000))   # 190 MB
    f = hs.xlsx(t / "strings.xlsx", [[0, 1], [2, 3]], strings=strings)
    yield f"5 check-table, an xlsx of {f.stat().st_size >> 20} MB with a 190 MB shared-strings part", \
        ["check-table", "okinawa", "fleet-damage", f]
    f = hs.xlsx_lying_size(t / "lying.xlsx", t / "strings.xlsx")
    yield "5 check-table, the same whose zip directory says the strings are 1 kB", \
        ["check-table", "okinawa", "fleet-damage", f]
    f = hs.xlsx(t / "million.xlsx", ([i, i + 1] for i in range(1_000_000)))
    yield f"5 check-table, a 1M-row xlsx ({f.stat().st_size >> 20} MB)", ["check-table", "okinawa", "fleet-damage", f]
    f = hs.xlsx(t / "stale.xlsx", ([i, i + 1] for i in range(1_000_000)), dimension="A1:B2")
    yield "5 check-table, a 1M-row xlsx whose <dimension> says A1:B2", ["check-table", "okinawa", "fleet-damage", f]
    f = hs.xlsx(t / "caps.xlsx", ([j for j in range(60)] for _ in range(19_999)))
    yield "5 check-table, an xlsx of 20,000 rows x 60 columns (1.2 M cells, over a workbook's cap)", \
        ["check-table", "okinawa", "fleet-damage", f]
    f = hs.xlsx(t / "cap.xlsx", ([j for j in range(60)] for _ in range(3_333)))
    yield "5 check-table, an xlsx of 199,980 cells (a workbook's cap)", ["check-table", "okinawa", "fleet-damage", f]
    f = hs.xlsx(t / "onecell.xlsx", [["x" * (190 << 20)]])
    yield "5 check-table, an xlsx of one 190 MB inline-string cell", ["check-table", "okinawa", "fleet-damage", f]
    f = hs.write(t / "rows.csv", "a,b\n" * 19_000)
    yield "5 check-table, 19,000 rows as --format html", ["check-table", "okinawa", "fleet-damage", f,
                                                          "--format", "html"]
    f = hs.write(t / "row.csv", ",".join(["1"] * 50_000) + "\n")
    yield "6 check-table, one CSV row of 100 kB", ["check-table", "okinawa", "fleet-damage", f]
    f = hs.write(t / "line.txt", "  ".join(["x"] * 20_000) + "\n" + "a  b\n")
    yield "6 check-table, one line of text of 60 kB", ["check-table", "okinawa", "fleet-damage", f]
    f = hs.write(t / "deep.json", hs.deep_json(50_000))
    yield "13 check-table, JSON 50,000 deep", ["check-table", "okinawa", "fleet-damage", f]
    f = hs.write(t / "digits.json", "[[" + "9" * 5000 + ", 1]]")
    yield "13 check-table, a 5,000-digit integer", ["check-table", "okinawa", "fleet-damage", f]


def main() -> int:
    """`bench_hostile.py [WORDS...]`: only the cases whose name holds one of WORDS; `round3`:
    only the shapes of issue 25; `h25 [ITEM numbers or WORDS]`: issue 25 re-checked item by item
    (bench/hostile_h25.py: exit code, CPU seconds, peak RSS and a verdict per case)."""
    words = sys.argv[1:]
    if words[:1] == ["h25"]:   # issue 25 re-checked: exit, CPU s, peak RSS and a verdict per case
        import hostile_h25

        return hostile_h25.main(words[1:])
    tmp = Path(tempfile.mkdtemp(prefix="bench-hostile-"))
    rows, ok = [], True
    every = cases_round3(tmp) if words[:1] == ["round3"] else _chain(cases(tmp), cases_round3(tmp))
    words = words[1:] if words[:1] == ["round3"] else words
    for case in every:
        name, args, stdin = (*case, None)[:3]
        if words and not any(w in name for w in words):
            continue
        code, mb, s, last = measure(args, stdin=stdin)
        rows.append(f"| {name} | {code} | {mb:.0f} MB | {s:.1f} s |")
        ok = ok and code in (0, 1, 2) and mb < LIMIT_MB and s < 10
        print(rows[-1] + (f" {last}" if code not in (0, 1, 2) or mb >= LIMIT_MB or s >= 10 else ""), flush=True)
    print(f"\nall under {LIMIT_MB} MB with exit 0/1/2: {ok}")
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
