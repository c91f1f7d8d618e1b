"""The `playaids` command. Errors become one line on stderr and exit code 2."""
from __future__ import annotations

import importlib
import json
import os
import sys
import time
from pathlib import Path

import click

from playaids import __version__, atomic, games, outputs, repository
from playaids.build import kinds
from playaids.cli import completion, finishing
from playaids.plugin import context
from playaids import setupreader
from playaids.engine import setupfile
from playaids.errors import DataError, PlayaidsError, Verdict, printable
from playaids.words import count
from playaids.plugin.pageoptions import lang_option, page_options
from playaids.cli.examples import example


def _root(ctx):
    return context.repository(ctx)


# Commands whose modules are imported only when they run (a warm `build` stays fast).
LAZY = {"check-table": "playaids.cli.check_table:check_table",  # the table checker, issue 7
        "turns": "playaids.cli.documents:turns_cmd", "summary": "playaids.cli.documents:summary_cmd",  # issue 5
        "glossary": "playaids.cli.documents:glossary_cmd",
        "preflight": "playaids.cli.preflight:preflight",  # the print preflight, issue 13
        "coverage": "playaids.cli.coverage:coverage_cmd",  # the coverage ledger, issue 21
        "odds": "playaids.cli.odds:odds_cmd",  # odds cards, issue 26
        "charts": "playaids.cli.charts:charts_cmd"}  # a chart set as PDF or PNG, issue 24


class LazyGroup(click.Group):
    def list_commands(self, ctx):
        return sorted([*super().list_commands(ctx), *LAZY])

    def get_command(self, ctx, name):
        if name in LAZY:
            module, attr = LAZY[name].split(":")
            return getattr(importlib.import_module(module), attr)
        return super().get_command(ctx, name)


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]},
             epilog=example("playaids"))
@click.option("--data", "data", type=click.Path(file_okay=False), multiple=True,
              help="A folder of your games, added to the built-in ones (repeatable; the first holding a "
                   "game id wins; also env PLAYAIDS_DATA, a path list).")
@click.option("--no-builtin", is_flag=True, help="Only the --data folders, not the built-in games.")
@click.version_option(__version__, prog_name="playaids")
@click.pass_context
def cli(ctx, data, no_builtin):
    """Print-ready play aids from board-wargame rules."""
    ctx.ensure_object(dict)["data"] = data
    ctx.obj["builtin"] = not no_builtin
    # what every command, a game's own included, takes through plugin.context
    ctx.obj["open_repository"] = lambda: repository.open_data(data, not no_builtin)
    ctx.obj["read_setup"] = lambda path: setupreader.load(path, context.repository(ctx).setup_keys)


@cli.command("list", epilog=example("list"))
@click.argument("game", required=False, shell_complete=completion.games)
@click.option("--scenarios", is_flag=True, help="List the scenarios of GAME instead of its tables.")
@click.option("--units", "units_of", metavar="SCENARIO", default=None,
              help="List what a setup of SCENARIO must place: unit, side, count, where (rule).")
@click.option("--format", "fmt", type=click.Choice(["text", "ids", "json"]), default="text", show_default=True,
              help="text: id and title; ids: the ids alone, one a line; json: everything.")
@lang_option()
@click.pass_context
def list_cmd(ctx, game, scenarios, units_of, fmt, lang_):
    """Games, or the tables (--scenarios: scenarios; --units SCENARIO: units) of GAME."""
    lang = lang_
    root = _root(ctx)
    if units_of:
        if not game:
            raise PlayaidsError("--units needs GAME")
        sc = root.scenario(game, units_of)
        def named(n):   # a unit's name: {ja, en}; both: the two
            n = n or {}
            return " / ".join(dict.fromkeys(x for x in (n.get("ja"), n.get("en")) if x)) if lang == "both" else n.get(lang)

        rows = [{"id": u.id, "title": named(u.name) or u.id, "side": u.side, "count": u.count,
                 "at": u.at if u.at is not None else "any", "rule": u.rule} for u in sc.units]
    elif scenarios and game:
        root.game(game, with_tables=False)
        rows = [{"id": sid, "title": root.scenario(game, sid).title.get(lang) or sid}
                for sid in root.scenario_ids(game)]
    elif game:
        rows = [{"id": tid, "title": root.table(game, tid).title.get(lang) or tid}
                for tid in root.table_ids(game)]
    else:
        rows = [{"id": gid, "title": root.game(gid, with_tables=False).title.get(lang) or gid,
                 "source": str(root.game_dir(gid))} for gid in root.game_ids()]
    if fmt == "json":
        click.echo(json.dumps(rows, ensure_ascii=False, indent=2, default=str))
        return
    width = max((len(r["id"]) for r in rows), default=0)
    for r in rows:
        if fmt == "ids":
            click.echo(r["id"])
        elif units_of:
            at = r["at"] if isinstance(r["at"], str) else json.dumps(r["at"], ensure_ascii=False)
            click.echo(printable(f"{r['id']:<{width}}  {r['side']:<8} {str(r['count']):>8}  at {at}  ({r['rule']})"
                                 f"  {' '.join(str(r['title']).split())}"))
        else:
            builtin = "source" not in r or Path(r["source"]).parent == Path(repository.DEFAULT_DATA)
            origin = "" if builtin else f"  (from {Path(r['source']).parent})"
            click.echo(printable(f"{r['id']:<{width}}  {' '.join(str(r['title']).split())}{origin}"))


TABLE_FORMATS = ("csv", "json", "md", "xlsx", "pdf", "png")
MAX_SHEETS = 1000  # --count with --sheet: one PDF per setup
OUT_HELP = "Output file; its extension names the format (- or none: standard output)."


@cli.command(epilog=example("table"))
@click.argument("game", shell_complete=completion.games)
@click.argument("table", shell_complete=completion.tables)
@click.option("--format", "fmt", type=click.Choice(TABLE_FORMATS), default=None,
              help="csv, json, md, xlsx (a workbook), pdf (the chart card) or png (the card, an image a page); "
                   "default: the -o file's extension, else csv.")
@page_options()
@click.option("-o", "--output", "out", type=click.Path(dir_okay=False, allow_dash=True), default=None, help=OUT_HELP)
@click.pass_context
def table(ctx, game, table, fmt, page, dpi, out):
    """Print TABLE of GAME as csv, json, md (standard output), an xlsx workbook, or its chart
    card as pdf or png."""
    root = _root(ctx)
    fmt = outputs.format_for(fmt, out, TABLE_FORMATS, "csv", "table")
    t = root.table(game, table)
    if fmt in ("pdf", "png"):
        from playaids.render import cards

        g = root.game(game, with_tables=False)
        outputs.emit_pdf(finishing.finished(root, cards.render(t, g, page), "card", game, page, table), out, fmt, dpi)
        return
    from playaids import export

    if fmt == "xlsx":
        atomic.emit(outputs.workbook(export.grid_rows(t.grid, page.lang), t.id), out)
        return
    atomic.emit(export.FORMATS[fmt](t, page.lang), out)


def _sheet_name(sheet):
    """The sheet of seed S with --count: sheet.S.pdf."""
    stem = Path(sheet)
    return lambda s: stem.with_name(f"{stem.stem}.{s}{stem.suffix or '.pdf'}")


def _game_options(fn):
    """The options games add to `scenario` (games.base.GameRules.scenario_options)."""
    for option in reversed(games.scenario_options()):
        fn = option(fn)
    return fn


@cli.command(epilog=example("scenario"))
@click.argument("game", shell_complete=completion.games)
@click.argument("scenario", shell_complete=completion.scenarios)
@click.option("--seed", type=click.IntRange(0, 2**63 - 1), default=None,
              help="Seed of the random draws (default: a fresh one, printed on stderr and kept in the setup).")
@click.option("--count", type=click.IntRange(1, 1_000_000), default=None,
              help="Write COUNT setups (seeds SEED..SEED+COUNT-1) as JSON lines (-o FILE.yaml: a YAML stream).")
@click.option("--map", "map_file", type=click.Path(dir_okay=False), default=None,
              help="A map file (map.yaml) adding the places, hexes and counter values the rules do not give.")
@click.option("-o", "--output", "out", type=click.Path(dir_okay=False, allow_dash=True), default=None,
              help="The setup file: .yaml or .json (--count: .jsonl or .yaml); - or none: standard output.")
@click.option("--sheet", type=click.Path(dir_okay=False, allow_dash=True), default=None,
              help="Also write the setup sheet: .pdf, or .png (an image a page); --count: SHEET.SEED.pdf each.")
@click.option("--template", is_flag=True,
              help="Write a fill-in setup instead: every draw, choice and placement, blank, with what the "
                   "rules allow as comments (then: playaids verify FILE).")
@page_options()
@_game_options
@click.pass_context
def scenario(ctx, game, scenario, seed, count, map_file, out, sheet, template, page, dpi, **game_options):
    """Generate a random setup of SCENARIO (YAML on standard output unless -o)."""
    from playaids.engine import api

    root = _root(ctx)
    if template:
        given = [k for k, v in game_options.items() if v not in (None, False, ())]
        if seed is not None or count or sheet or map_file or given:
            # a blank setup reads no map or terrain: one named would be ignored (and -o could
            # name it, replacing it)
            extra = "".join(f", --{k.replace('_', '-')}" for k in given)
            raise PlayaidsError(f"--template writes a blank setup: no --seed, --count, --sheet, --map{extra}")
        outputs.format_for(None, out, ("yaml",), "yaml", "scenario --template")
        from playaids.engine import template as fill_in

        atomic.emit(fill_in.template(root.scenario(game, scenario), page.lang), out)
        return
    fmt = outputs.format_for(None, out, ("jsonl", "yaml") if count else ("yaml", "json"),
                             "jsonl" if count else "yaml", "scenario --count" if count else "scenario")
    sheet_fmt = outputs.format_for(None, sheet, ("pdf", "png"), "pdf", "scenario --sheet") if sheet else None
    outputs.one_stdout(("-o", out or "-"), ("--sheet", sheet))
    if count and sheet == "-":
        raise PlayaidsError("--sheet with --count writes one sheet per setup: give a file name, not -")
    options = {k: v for k, v in game_options.items() if v not in (None, False, ())} or None
    if sheet and out and str(out) != "-" and os.path.abspath(sheet) == os.path.abspath(out):
        raise PlayaidsError(f"{out}: named by both -o and --sheet; choose two files")
    if count and sheet and count > MAX_SHEETS:
        raise PlayaidsError(f"--sheet with --count writes one sheet per setup: at most {MAX_SHEETS}, not {count}")
    fresh = seed is None
    if fresh:  # a fresh seed, said aloud once the setup is made: every setup can be drawn again
        import secrets

        seed = secrets.randbelow(10**9)
    if count and sheet and out and str(out) != "-":   # `-o s.0.pdf --sheet s.pdf`: a sheet is the output
        clash = [p for p in map(_sheet_name(sheet), range(seed, seed + count))
                 if os.path.abspath(p) == os.path.abspath(out)]
        if clash:
            raise PlayaidsError(f"{out}: named by -o and by --sheet (the sheet of seed {clash[0].stem.rsplit('.', 1)[-1]}); "
                                f"choose two names")

    def tell():
        if fresh:
            click.echo(f"playaids: seed {seed} (give --seed {seed} to draw this setup again)", err=True)

    def write_sheet(setup, path):
        from playaids.build.kinds import sheet_view
        from playaids.render import setupsheet

        sc, found = api.verify_setup(root, setup, map_file)
        words = setupsheet.Words(root, setup, sc, page.lang)
        title = words.each(lambda lg: f"セットアップシート：{setupsheet.text(sc.title, lg)}（シード {setup.seed}）" if lg == "ja"
                           else f"Setup sheet: {setupsheet.text(sc.title, lg)} (seed {setup.seed})", " / ")
        sheet = setupsheet.render(root, sheet_view(root, setup, sc, found), page)
        data = finishing.finished(root, sheet, "setup-sheet", game, page,
                                  scenario, title=title, name=f"seed{setup.seed}")
        outputs.emit_pdf(data, path, sheet_fmt, dpi)

    if count:
        def records():
            for s in range(seed, seed + count):  # streamed: bounded memory
                setup = api.generate(root, game, scenario, s, map_file, options)
                if sheet:  # one sheet per setup, the seed in its name: sheet.SEED.pdf
                    write_sheet(setup, _sheet_name(sheet)(s))
                if fmt == "yaml":   # a YAML stream, `---` before each document
                    yield "---\n" + setupfile.dump(setup)
                else:
                    yield json.dumps(setup.as_dict(), ensure_ascii=False, sort_keys=False) + "\n"

        if out and str(out) != "-":
            atomic.write_chunks(out, (record.encode("utf-8") for record in records()))
        else:
            for record in records():
                click.echo(record, nl=False)
        tell()
        return
    setup = api.generate(root, game, scenario, seed, map_file, options)
    text = setupfile.dump(setup) if fmt == "yaml" else json.dumps(setup.as_dict(), ensure_ascii=False, indent=2) + "\n"
    atomic.emit(text, out)
    if sheet:
        write_sheet(setup, sheet)
    tell()


@cli.command(epilog=example("verify"))
@click.argument("files", nargs=-1, required=True, type=click.Path(dir_okay=False, allow_dash=True))
@click.option("--map", "map_file", type=click.Path(dir_okay=False), default=None,
              help="A map file (map.yaml) giving the places, hexes and counter values the rules do not give.")
@click.option("--format", "fmt", type=click.Choice(["text", "json"]), default="text", show_default=True,
              help="text: one line per violation and per setup; json: the same facts.")
@click.option("--strict", is_flag=True, help="Exit 1 when any rule is unchecked, not only when one is broken.")
@click.pass_context
def verify(ctx, files, map_file, fmt, strict):
    """Check setup FILES against the rules: exit 0 legal, 1 any violation (with --strict: or any
    rule unchecked), 2 unreadable or naming a place the map does not know.

    A file may hold one setup, a YAML stream of them (`---` between) or JSON lines (as
    `scenario --count` writes them); each is reported as FILE #N. Every set-up rule the
    scenario's coverage ledger lists as unchecked is a line `unchecked:` (`playaids coverage`)."""
    from playaids.engine import api

    root = _root(ctx)
    report = _VerifyReport(fmt, many=len(files) > 1, strict=strict)
    unreadable = []
    for f in files:  # each file on its own: one unreadable file does not hide the others' reports
        try:
            for name, setup, stream in _named_setups(f, root):   # record by record: any length, bounded memory
                sc, found = api.verify_setup(root, setup, map_file)
                report.add(name, setup, sc, api.root_causes(sc, found), stream)
        except PlayaidsError as e:
            if len(files) == 1:
                raise
            unreadable.append({"file": f, "error": str(e)})
            click.echo(e.report(), err=True)
    report.close(unreadable)
    if unreadable or report.wrong_input:
        raise Verdict(2)
    if report.broken:
        raise Verdict(1)


def _named_setups(f, root):
    """(name, setup, in a stream) of each setup of file f: FILE for a file of one, FILE #N for
    the setups of a stream."""
    setups = setupreader.iter_all(f, root.setup_keys)
    first = next(setups)
    second = next(setups, None)
    if second is None:
        yield f, first, False
        return
    yield f"{f} #1", first, True
    yield f"{f} #2", second, True
    for k, setup in enumerate(setups, 3):
        yield f"{f} #{k}", setup, True


class _VerifyReport:
    """verify's report, written as each setup is checked (nothing kept but counts): text, one
    line per violation and one per setup; json, one object, or a list of them when more than one."""

    def __init__(self, fmt: str, many: bool, strict: bool = False):
        self.fmt, self.many, self.strict, self.count, self.first = fmt, many, strict, 0, None
        self.broken = self.wrong_input = False

    def add(self, f, setup, sc, found, stream: bool) -> None:
        from playaids.engine import api

        located = []
        for v in found:  # where each one is in the file, 1-based, as an editor shows it
            path, line, where = api.locate(setup, v)
            located.append({**v.as_dict(), "where": where, "file": path, "line": line})
        located.sort(key=lambda v: (v["line"] is None, v["line"] or 0))   # in the file's order
        bad = any(v.status == "violation" for v in found)
        error = any(v.status == "error" for v in found)
        self.broken = self.broken or bad or (self.strict and any(v.status == "unchecked" for v in found))
        self.wrong_input = self.wrong_input or error
        self.count += 1
        entry = {"file": f, "game": sc.game, "scenario": sc.id, "legal": not bad and not error, "violations": located}
        if self.fmt == "json":
            self._json(entry)
            return
        if self.many or stream:
            click.echo(f"== {f}")
        for v in located:
            at = f"{v['file']}:{v['line']}: " if v["line"] else ""
            head = "unchecked: " if v["status"] == "unchecked" else ""
            rule = f"{v['rule']}  " if v["rule"] else ""
            click.echo(printable(f"{at}{rule}{v['where']}: {head}{v['message']}"))
        click.echo(printable(f"{f}: {_verdict(found)} ({sc.game} {sc.id})"))

    def _json(self, entry) -> None:
        import textwrap

        if self.first is None and self.count <= 1:   # one alone is printed as an object
            self.first = entry
            return
        if self.first is not None:
            click.echo("[\n" + textwrap.indent(json.dumps(self.first, ensure_ascii=False, indent=2), "  "), nl=False)
            self.first = None
        click.echo(",\n" + textwrap.indent(json.dumps(entry, ensure_ascii=False, indent=2), "  "), nl=False)

    def close(self, unreadable) -> None:
        if self.fmt != "json":
            return
        for entry in unreadable:
            self.count += 1
            self._json(entry)
        if self.first is not None:
            click.echo(json.dumps(self.first, ensure_ascii=False, indent=2))
        elif self.count:
            click.echo("\n]")


def _verdict(found) -> str:
    """`legal`, `3 violations`, `1 error` (a place the map does not know), then `, 2 unchecked`."""
    def n(count, word):
        return f"{count} {word}{'s' if count != 1 else ''}"
    e = sum(v.status == "error" for v in found)
    b = sum(v.status == "violation" for v in found)
    u = sum(v.status == "unchecked" for v in found)
    head = ", ".join(x for x in (n(e, "error") if e else "", n(b, "violation") if b else "") if x) or "legal"
    return head + (f", {u} unchecked" if u else "")


@cli.group(epilog=example("data"))
def data():
    """Schemas and validation of data folders."""


@data.command("schema", epilog=example("data schema"))
@click.argument("kind", required=False,
                type=click.Choice(["table", "game", "glossary", "scenario", "map", "turns", "rules", "sheets", "setup"]
                                  + sorted(games.schemas())))
def data_schema(kind):
    """Print the JSON Schema (draft-07) of one kind of file, or of every data kind: the data files,
    the setup file (`setup`, every game's own keys allowed) and the games' own input files."""
    from playaids import schemas

    every = {**schemas.SCHEMAS, "setup": schemas.setup(tuple(games.setup_keys_of_all())), **games.schemas()}
    click.echo(json.dumps(every[kind] if kind else every, ensure_ascii=False, indent=2))


@data.command("validate", epilog=example("data validate"))
@click.argument("folder", required=False, type=click.Path(file_okay=False))
@click.pass_context
def data_validate(ctx, folder):
    """Check every game folder of FOLDER (a folder of game folders; default: every data folder
    of the command line); one line per problem, exit 2 if any."""
    if folder and (Path(folder) / "game.yaml").is_file():
        parent = Path(folder).resolve().parent
        raise DataError(folder, f"is a game folder: give the folder that holds it (playaids data validate {parent})")
    root = repository.open_data(folder, builtin=False) if folder else _root(ctx)
    ids, errors = root.validate_all()
    for e in errors:
        click.echo(str(e), err=True)
    if errors:
        raise Verdict(2)
    if not ids:
        raise DataError(folder or ".", "no game folder here (a game is a folder holding game.yaml)")
    click.echo(f"{count(len(ids), 'game')} valid: {', '.join(ids)}")


@cli.command(epilog=example("build"))
@click.argument("games", nargs=-1, shell_complete=completion.games)
@click.option("--out", "out_dir", type=click.Path(file_okay=False), default="output", show_default=True,
              help="The folder to build into: OUT/<game>/... and the gallery OUT/index.html.")
@page_options(paper="a4", many=True)
@click.option("--force", is_flag=True, help="Render everything again, changed or not.")
@click.option("--check", is_flag=True, help="Then run the print preflight over every PDF of the build (exit 1 on findings).")
@click.option("--only", multiple=True, type=click.Choice(list(kinds.groups())),
              help="Build only these aids (repeatable): " + "; ".join(
                  f"{g} = {words}" if words else g for g, words in kinds.groups().items()) + ".")
@click.option("--watch", is_flag=True, help="Then build again whenever a data file is saved (only the aids that "
                                            "read it are rendered); Ctrl-C stops.")
@click.pass_context
def build(ctx, games, out_dir, pages, force, check, only, watch):
    """Write every play aid into OUT/<game>/ and the gallery OUT/index.html."""
    if not str(out_dir).strip():
        raise PlayaidsError("--out is empty: name the folder to build into")
    if watch:
        from playaids.build import watch as watching

        first = [force]

        def once():
            _root(ctx).refresh()   # the files saved since the last build are read again
            try:
                _build_once(ctx, games, out_dir, pages, first.pop() if first else False, check, only)
            except Verdict:   # preflight findings: printed, and the watch goes on
                pass
            return ""

        try:
            watching.watch(_root(ctx), once, lambda line: click.echo(line, err=True) if line else None)
        except KeyboardInterrupt:
            click.echo("playaids: stopped watching", err=True)
        return
    _build_once(ctx, games, out_dir, pages, force, check, only)


def _build_once(ctx, games, out_dir, pages, force, check, only) -> None:
    from playaids.build import stamp as buildstamp

    t0 = time.perf_counter()
    root = _root(ctx)
    only = tuple(dict.fromkeys(only))
    key = buildstamp.stamp(root, buildstamp.options(games, pages, only))
    if not force and (done := buildstamp.nothing_to_do(out_dir, key, t0)):
        click.echo(done, err=True)  # nothing changed since the last build: known from file hashes alone
        _preflight_build(out_dir) if check else None
        return
    from playaids.build import builder

    summary = builder.build(root, Path(out_dir), games or None, pages, force, progress=builder.stderr_progress,
                            key=key, only=only)
    click.echo(summary, err=True)
    if check:
        _preflight_build(out_dir)


def _preflight_build(out_dir) -> None:
    """The preflight over the PDFs this build vouches for (its stamp's outputs)."""
    from playaids import preflight
    from playaids.build import stamp as buildstamp

    record = json.loads(buildstamp.stamp_path(out_dir).read_text(encoding="utf-8"))
    pdfs = [Path(out_dir) / rel for rel in sorted(record["outputs"]) if rel.endswith(".pdf")]
    findings = []
    for found, error in preflight.check_all(pdfs):
        if error:   # a PDF this build wrote that cannot be read: a finding like any other
            click.echo(printable(error))
            findings.append(error)
        findings += found
    for f in (f for f in findings if not isinstance(f, str)):
        click.echo(printable(f.line()))
    click.echo(f"preflight: {count(len(pdfs), 'PDF')}, {count(len(findings), 'finding')}", err=True)
    if findings:
        raise Verdict(1)


for _command in games.commands():  # each game's own commands (games.base.GameRules.commands)
    cli.add_command(_command)


_NO_ARGS = getattr(click.exceptions, "NoArgsIsHelpError", ())  # click >= 8.2


class _Closed:
    """Standard input or output the shell closed (`<&-`, `>&-`): using it is one line, exit 2."""

    def __init__(self, name: str):
        self.name = name

    def __getattr__(self, attr):
        if attr in ("isatty", "flush", "close"):   # the interpreter flushes at exit: nothing to do
            return lambda: False
        if attr in ("buffer",):
            return self
        raise PlayaidsError(f"standard {self.name} is closed")


def _closed_streams() -> None:
    if sys.stdin is None:
        sys.stdin = _Closed("input")
    if sys.stdout is None:
        sys.stdout = _Closed("output")


def _choice_hint(e: click.exceptions.UsageError) -> str:
    """A value outside an option's choices (`--only chart`, `data schema tabel`): the closest ones."""
    param = getattr(e, "param", None)
    if not isinstance(getattr(param, "type", None), click.Choice):
        return ""
    import re

    from playaids.errors import did_you_mean

    bad = re.match(r"'(.*)' is not one of", e.format_message().split(": ", 1)[-1])
    near = did_you_mean(bad.group(1), [str(c) for c in param.type.choices]) if bad else []
    return f"; did you mean {' or '.join(near)}?" if near else ""


def main(argv=None) -> None:
    """Run the CLI; every error is one line on stderr (exit 2 for bad input)."""
    atomic.forget_inputs()
    _closed_streams()
    try:
        cli(args=argv, prog_name="playaids", standalone_mode=False, obj={})
    except PlayaidsError as e:
        click.echo(e.report(), err=True)
        sys.exit(e.exit_code)
    except Verdict as e:
        sys.exit(e.exit_code)
    except click.exceptions.Exit as e:
        sys.exit(e.exit_code)
    except _NO_ARGS as e:  # `playaids` alone: the help, as help
        click.echo(e.ctx.get_help() if e.ctx else "playaids --help")
        sys.exit(0)
    except click.exceptions.UsageError as e:
        where = f" ({e.ctx.command_path})" if e.ctx else ""
        message, hint = " ".join(e.format_message().split()), _choice_hint(e)
        if hint:
            message = message.rstrip(".") + hint
        click.echo(printable(f"playaids: {message}{where}; see --help"), err=True)
        sys.exit(2)
    except click.ClickException as e:
        click.echo(printable(f"playaids: {' '.join(e.format_message().split())}"), err=True)
        sys.exit(2)
    except click.exceptions.Abort:  # Ctrl-C: every file written is complete, none half-written
        click.echo("playaids: interrupted", err=True)
        # the workers are killed and their temporary files gone (build.runner._stop): no shutdown
        # left to run, and Python's own would wake the dead pool's thread through a closed pipe
        # ("Exception ignored ... Bad file descriptor" under a loaded machine)
        for stream in (sys.stdout, sys.stderr):
            try:
                stream.flush()
            except (OSError, ValueError, AttributeError):
                pass
        os._exit(130)
    except BrokenPipeError:
        sys.exit(0)
    except OSError as e:   # a write to standard output names no file: `> /dev/full`
        click.echo(printable(f"playaids: {e.filename or 'standard output'}: {e.strerror or e}"), err=True)
        sys.exit(2)
    except Exception as e:  # a bug: still one line, the traceback on request
        if e.__class__.__name__ == "LayoutError":   # data too long to draw: a refusal, not a bug
            from playaids.render import page

            click.echo(f"playaids: {page.unfit(e, 'the output')}", err=True)
            sys.exit(2)
        if os.environ.get("PLAYAIDS_DEBUG"):
            raise
        click.echo(printable(f"playaids: internal error: {type(e).__name__}: {e} (PLAYAIDS_DEBUG=1 shows the traceback)"),
                   err=True)
        sys.exit(3)
