"""`playaids check-table`: compare a publisher's table with the source data.

Exit status: 0 equal, 1 any difference, 2 a file that cannot be read or an unknown id.
"""
from __future__ import annotations

import json
from pathlib import Path

import click

from playaids import atomic, outputs
from playaids.cli import completion
from playaids.plugin import context
from playaids.checker import Glossary, accept, check_file, readers, report
from playaids.errors import DataError, PlayaidsError, Verdict
from playaids.cli.examples import example


@click.command("check-table", epilog=example("check-table"))
@click.argument("game", shell_complete=completion.games)
@click.argument("table_id", metavar="[TABLE]", required=False, shell_complete=completion.tables)
@click.argument("file", required=False, type=click.Path(dir_okay=False))
@click.option("--dir", "directory", type=click.Path(file_okay=False),
              help="Check every table of GAME against the files of DIR named after the table ids.")
@click.option("--page", type=click.IntRange(min=1), help="PDF: the page holding the table (1-based).")
@click.option("--table", "index", type=click.IntRange(min=1),
              help="Which table of the page or file, when it holds several (1-based; default 1).")
@click.option("--format", "fmt", type=click.Choice(list(report.FORMATS)), default=None,
              help="text report, json, diff (daff highlighter CSV) or html; default: the -o file's extension "
                   "(.txt, .json, .diff, .html), else text.")
@click.option("--accept", "accept_file", type=click.Path(dir_okay=False),
              help="YAML list of known, intended differences (row, column, found, why): marked accepted, "
                   "not failed.")
@click.option("-o", "--output", "out", type=click.Path(dir_okay=False, allow_dash=True), default=None,
              help="The report file: .txt (text), .json, .diff or .html (- or none: standard output).")
@click.pass_context
def check_table(ctx, game, table_id, file, directory, page, index, fmt, accept_file, out):
    """Compare TABLE of GAME with FILE (CSV, TSV, JSON, YAML, Markdown, text, PDF or .xlsx;
    - reads a paste from standard input) and report every difference; or, with --dir, every
    table of GAME with the files of DIR.

    Exit status: 0 equal (or every difference accepted), 1 any other difference, 2 a file
    that cannot be read, is not a table, or an unknown id."""
    fmt = outputs.format_for(fmt, out, tuple(report.FORMATS), "text", "check-table")
    root = context.repository(ctx)
    accepts = accept.load(accept_file) if accept_file else []
    if accept_file:
        atomic.note_input(accept_file)
    if directory:
        if table_id or file:
            raise PlayaidsError("give either TABLE FILE or --dir DIR")
        if fmt not in ("text", "json"):
            raise PlayaidsError("--dir reports as text or json")
        raise Verdict(_check_dir(root, game, Path(directory), page, index, fmt, out, accepts))
    if not table_id or not file:
        raise PlayaidsError("give TABLE and FILE (or --dir DIR)")
    if file != readers.STDIN:
        atomic.note_input(file)  # the report never replaces the table it checks
    g = root.game(game, with_tables=False)
    table = root.table(game, table_id)
    glossary = Glossary(g.glossary)
    cmp = check_file(table, file, glossary, page=page, index=index)
    cmp.unused_accepts = accept.apply(cmp, accepts)
    if not cmp.ok:
        _name_likelier(root, game, table, cmp, glossary)
    atomic.emit(report.FORMATS[fmt](cmp), out)
    raise Verdict(0 if cmp.ok else 1)


def _name_likelier(root, game: str, table, cmp, glossary) -> None:
    """When the file holds another table of the game, say which (its labels fit it better)."""
    from playaids.checker import best_other

    other = best_other([root.table(game, tid) for tid in root.table_ids(game)], cmp.found.raw, table, glossary)
    if other is not None:
        t, _ = other
        cmp.notes.append(f"the file's table looks like {t.id} ({t.title.en}), not {table.id}: "
                         f"playaids check-table {game} {t.id} {cmp.path}")


def _check_dir(root, game: str, directory: Path, page, index, fmt: str, out, accepts=()) -> int:
    if not directory.is_dir():
        raise DataError(directory, "folder not found")
    g = root.game(game, with_tables=False)
    glossary = Glossary(g.glossary)
    ids = root.table_ids(game)
    files: dict[str, list[Path]] = {}
    home = directory.resolve()
    for p in sorted(directory.iterdir()):
        # a link out of the folder is not followed: the report never shows another file's lines
        if p.is_file() and p.suffix.lower() in readers.EXTENSIONS and p.stem in ids \
                and p.resolve().is_relative_to(home):
            files.setdefault(p.stem, []).append(p)
            atomic.note_input(p)
    if not files:
        raise DataError(directory, f"no file named after a table of {game} "
                                   f"({', '.join(readers.SUPPORTED)})")
    results, worst = [], 0
    for tid in ids:
        if tid not in files:
            results.append({"table": tid, "status": "no file"})
            continue
        for p in files[tid]:
            try:
                table = root.table(game, tid)
                cmp = check_file(table, p, glossary, page=page if p.suffix.lower() == ".pdf" else None, index=index)
            except PlayaidsError as e:
                results.append({"table": tid, "file": p.name, "status": "error", "error": str(e)})
                worst = 2
                continue
            accept.apply(cmp, list(accepts))
            results.append({"table": tid, "file": p.name,
                            "status": "equal" if cmp.equal else "accepted" if cmp.ok else "differs",
                            "summary": report.summary(cmp), "report": report.to_dict(cmp)})
            if not cmp.ok:
                worst = max(worst, 1)
    if fmt == "json":
        text = json.dumps({"game": game, "dir": str(directory), "tables": results}, ensure_ascii=False, indent=2) + "\n"
    else:
        lines = [f"{game}: {sum(r['status'] != 'no file' for r in results)} checked in {directory}"]
        for r in results:
            name = r["table"] + (f" ({r['file']})" if "file" in r else "")
            detail = r.get("summary") or r.get("error") or r["status"]
            lines.append(f"  {name}: {detail}")
        text = "\n".join(lines) + "\n"
    atomic.emit(text, out)
    return worst
