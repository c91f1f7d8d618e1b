"""check-table against the project's own files, every table of every game (issue 24's "Done
when"): the chart set (`playaids charts GAME --lang L -o x.pdf`) and the card (`playaids table
GAME TABLE --lang L -o x.pdf`), each read without --page, in English and Japanese; and a CP932
re-save of every Japanese CSV export (`table --lang ja -o t.csv`, re-encoded with Python's cp932
codec, errors='replace', as Excel's Japanese "CSV" saves it). Every command runs as a user types
it (in this process, through the CLI's own entry point) and the check's JSON report is read
back; a chart set is read once and each table found in it as `check-table` finds it (the
command itself is run for a table that is not equal: 5 s of reading a chart set a table).

    python bench/sweep_check_table_own.py [GAME ...] [--lang en,ja] [--out DIR]

Prints one line per file that is not equal, then the counts; exit 1 when any difference."""
from __future__ import annotations

import argparse
import contextlib
import io
import json
import sys
import tempfile
import time
from pathlib import Path


def run(*args) -> int:
    """One playaids command in this process; its exit code (its output goes to files)."""
    from playaids.cli import app

    with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()) as err:
        try:
            app.main([str(a) for a in args])
            code = 0
        except SystemExit as e:
            code = e.code if isinstance(e.code, int) else 1
    if code not in (0, 1):
        print(f"  exit {code}: playaids {' '.join(map(str, args))}: {err.getvalue().strip()[-300:]}")
    return code


def check(game: str, tid: str, path: Path, report: Path) -> tuple[int, dict | None]:
    code = run("check-table", game, tid, path, "-o", report)
    if code not in (0, 1):
        return code, None
    return code, json.loads(report.read_text(encoding="utf-8"))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("games", nargs="*")
    ap.add_argument("--lang", default="en,ja")
    ap.add_argument("--out", default=None, help="keep the files here (default: a temporary folder)")
    a = ap.parse_args(argv)
    from playaids.checker import Glossary, check_raw, readers, select
    from playaids.repository import open_data

    repo = open_data()
    games = a.games or repo.game_ids()
    langs = a.lang.split(",")
    out = Path(a.out or tempfile.mkdtemp(prefix="sweep-"))
    out.mkdir(parents=True, exist_ok=True)
    counts: dict[str, list[int]] = {}   # kind -> [checks, tables with differences, differences, notes]
    t0 = time.perf_counter()

    def tally(kind, game, tid, path, code, rep):
        c = counts.setdefault(kind, [0, 0, 0, 0])
        c[0] += 1
        if rep is None:
            c[1] += 1
            print(f"{kind:12} {game}/{tid}: ERROR reading {path}")
            return
        n = len(rep["differences"])
        c[2] += n
        c[3] += len(rep["notes"])
        if n or code:
            c[1] += 1
            first = rep["differences"][:3]
            print(f"{kind:12} {game}/{tid}: {n} differences ({rep.get('origin')!r} {rep.get('title')!r}) "
                  f"{json.dumps(first, ensure_ascii=False)[:600]}")
            for note in rep["notes"]:
                print(f"{'':12}   note: {note}")

    for game in games:
        for lang in langs:
            chart_set = out / f"{game}.charts.{lang}.pdf"
            if run("charts", game, "--lang", lang, "-o", chart_set) != 0:
                counts.setdefault(f"charts.{lang}", [0, 1, 0, 0])
                continue
            sheets = readers.read(chart_set)   # read once; each table as check-table finds it
            glossary = Glossary(repo.game(game, with_tables=False).glossary)
            for tid in repo.table_ids(game):
                table = repo.table(game, tid)
                cmp = check_raw(table, select(table, sheets, glossary), glossary, str(chart_set))
                code, rep = (1, None) if not cmp.equal else (0, {"differences": [], "notes": cmp.notes})
                if not cmp.equal:   # the command itself, for its report
                    code, rep = check(game, tid, chart_set, out / "report.json")
                tally(f"charts.{lang}", game, tid, chart_set, code, rep)
                card = out / f"{game}.{tid}.{lang}.pdf"
                if run("table", game, tid, "--lang", lang, "-o", card) != 0:
                    tally(f"card.{lang}", game, tid, card, 2, None)
                    continue
                code, rep = check(game, tid, card, out / "report.json")
                tally(f"card.{lang}", game, tid, card, code, rep)
        for tid in repo.table_ids(game):
            csv = out / f"{game}.{tid}.ja.csv"
            if run("table", game, tid, "--lang", "ja", "-o", csv) != 0:
                tally("csv.cp932", game, tid, csv, 2, None)
                continue
            text = csv.read_bytes().decode("utf-8-sig")
            saved = out / f"{game}.{tid}.ja.cp932.csv"
            saved.write_bytes(text.encode("cp932", errors="replace"))
            code, rep = check(game, tid, saved, out / "report.json")
            tally("csv.cp932", game, tid, saved, code, rep)
    print(f"{'checks':>24} {'not equal':>10} {'differences':>12} {'notes':>6}")
    for kind, (files, bad, diffs, notes) in counts.items():
        print(f"{kind:>12} {files:>11} {bad:>10} {diffs:>12} {notes:>6}")
    print(f"{time.perf_counter() - t0:.0f} s; files in {out}")
    return 1 if any(c[1] for c in counts.values()) else 0


if __name__ == "__main__":
    sys.exit(main())
