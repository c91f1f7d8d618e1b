"""Document build time: every turn-record sheet, rule summary and glossary of every game, as
`playaids build` writes them (languages ja, en, both; A4), into a fresh folder.

Run: .venv/bin/python bench/bench_documents.py [--paper a4|letter|all] [--workers N]
Target: the whole set in <= 10 s (cold: nothing cached). Also reports the warm rebuild (every
document unchanged) and the CPU seconds spent per kind of document.
"""
import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from playaids import repository  # noqa: E402
from playaids.build import builder, runner  # noqa: E402
from playaids.render.page import LANGS, PAPERS, PageSpec  # noqa: E402


def _documents(jobs):
    return [j for j in jobs if j.kind in ("turns", "summary", "glossary-md", "glossary-csv", "glossary-pdf")]


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--paper", default="a4", choices=sorted(PAPERS) + ["all"])
    ap.add_argument("--workers", type=int, default=None, help="processes (default: one per core)")
    args = ap.parse_args(argv)
    papers = tuple(sorted(PAPERS)) if args.paper == "all" else (args.paper,)
    root = repository.open_data()
    ids = root.game_ids()
    os.environ.setdefault("SOURCE_DATE_EPOCH", "0")
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp)
        t0 = time.perf_counter()
        jobs = _documents(builder.plan(root, out, ids, [PageSpec(paper=p, lang=la) for p in papers for la in LANGS]))
        t_plan = time.perf_counter() - t0
        written, _ = runner.run(root, jobs, out, args.workers)
        cold = time.perf_counter() - t0
        t1 = time.perf_counter()
        jobs2 = _documents(builder.plan(root, out, ids, [PageSpec(paper=p, lang=la) for p in papers for la in LANGS]))
        _, unchanged = runner.run(root, jobs2, out, args.workers)
        warm = time.perf_counter() - t1
        pdfs = sorted(out.rglob("*.pdf"))
        pages = sum(_pages(p) for p in pdfs)
        kinds: dict = {}
        for j in jobs:  # CPU cost per kind, one process, in a warm interpreter
            if j.cost == 0:
                continue
            c = time.process_time()
            runner.render(j, root)
            kinds.setdefault(j.kind, [0, 0.0])
            kinds[j.kind][0] += 1
            kinds[j.kind][1] += time.process_time() - c
    workers = args.workers or os.cpu_count()
    calib = _calibrate()
    print("| benchmark | value |\n|---|---|")
    print(f"| machine: load average, CPU of a fixed Python loop (idle machine: about 0.4 s) | "
          f"{os.getloadavg()[0]:.1f}, {calib:.2f} s |")
    print(f"| documents ({len(ids)} games, langs {'/'.join(LANGS)}, paper {'/'.join(papers)}) | "
          f"{written} files, {len(pdfs)} PDFs, {pages} pages |")
    print(f"| cold build, {workers} worker(s) (target <= 10 s) | {cold:.2f} s (loading {t_plan:.2f} s) |")
    print(f"| warm rebuild ({unchanged} unchanged) | {warm:.2f} s |")
    for kind, (n, cpu) in sorted(kinds.items()):
        print(f"| {kind}: {n} documents, CPU | {cpu:.2f} s ({cpu / n * 1000:.0f} ms each) |")


def _calibrate() -> float:
    """CPU seconds of a fixed loop: tells a slow or shared machine from a slow build."""
    t = time.process_time()
    d: dict = {}
    for i in range(3_000_000):
        d[i % 1000] = d.get(i % 1000, 0) + i
    return time.process_time() - t


def _pages(path) -> int:
    import pdfplumber

    with pdfplumber.open(path) as pdf:
        return len(pdf.pages)


if __name__ == "__main__":
    main()
