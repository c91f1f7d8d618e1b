"""The `playaids` command. Errors become one line on stderr and exit code 2."""
from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from playaids import __version__, atomic, export, load
from playaids.errors import DataError, PlayaidsError
from playaids.render.page import LANGS, PAPERS, PageSpec

LANG = click.Choice(LANGS)
PAPER = click.Choice(sorted(PAPERS))


def _root(ctx) -> Path:
    return load.data_dir(ctx.obj.get("data"))


def _emit(text: str, out: str | None) -> None:
    if out:
        atomic.write_text(out, text)
    else:
        click.echo(text, nl=False)


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--data", "data", type=click.Path(file_okay=False), default=None,
              help="Data folder to use instead of the project's data/ (env PLAYAIDS_DATA).")
@click.version_option(__version__, prog_name="playaids")
@click.pass_context
def cli(ctx, data):
    """Print-ready play aids from board-wargame rules."""
    ctx.ensure_object(dict)["data"] = data


@cli.command("list")
@click.argument("game", required=False)
@click.pass_context
def list_cmd(ctx, game):
    """Game ids, or the table ids of GAME, one per line."""
    root = _root(ctx)
    ids = load.table_ids(root, game) if game else load.game_ids(root)
    for i in ids:
        click.echo(i)


@cli.command()
@click.argument("game")
@click.argument("table")
@click.option("--format", "fmt", type=click.Choice(["csv", "json", "md", "pdf"]), default="csv")
@click.option("--lang", type=LANG, default="en", show_default=True)
@click.option("--paper", type=PAPER, default="a4", show_default=True)
@click.option("--grayscale", is_flag=True, help="No colour; shading in grays.")
@click.option("-o", "--output", "out", type=click.Path(dir_okay=False), default=None)
@click.pass_context
def table(ctx, game, table, fmt, lang, paper, grayscale, out):
    """Print TABLE of GAME as csv, json, md (stdout) or pdf (a chart card)."""
    root = _root(ctx)
    t = load.load_table(root, game, table)
    if fmt == "pdf":
        from playaids.render import cards

        g = load.load_game(root, game, with_tables=False)
        data = cards.render(t, g, PageSpec(paper=paper, lang=lang, grayscale=grayscale))
        if out:
            atomic.write_bytes(out, data)
        elif sys.stdout.isatty():
            raise PlayaidsError("pdf output needs -o FILE (or a pipe)")
        else:
            sys.stdout.buffer.write(data)
        return
    _emit(export.FORMATS[fmt](t, lang), out)


@cli.group()
def data():
    """Schemas and validation of data folders."""


@data.command("schema")
@click.argument("kind", required=False, type=click.Choice(["table", "game", "glossary"]))
def data_schema(kind):
    """Print the JSON Schema (draft-07) of one data kind, or all of them."""
    from playaids import schemas

    doc = schemas.schema(kind) if kind else schemas.SCHEMAS
    click.echo(json.dumps(doc, ensure_ascii=False, indent=2))


@data.command("validate")
@click.argument("folder", required=False, type=click.Path(file_okay=False))
@click.pass_context
def data_validate(ctx, folder):
    """Check every game folder of the data folder; one line per problem, exit 2 if any."""
    root = load.data_dir(folder or ctx.obj.get("data"))
    ids, errors = load.validate_all(root)
    for e in errors:
        click.echo(str(e), err=True)
    if errors:
        raise SystemExit(2)
    click.echo(f"{len(ids)} games valid: {', '.join(ids)}")


@cli.command()
@click.argument("games", nargs=-1)
@click.option("--out", "out_dir", type=click.Path(file_okay=False), default="output", show_default=True)
@click.option("--lang", "langs", type=click.Choice(LANGS + ("all",)), default="all", show_default=True)
@click.option("--paper", "papers", type=click.Choice(sorted(PAPERS) + ["all"]), default="a4", show_default=True)
@click.option("--grayscale", is_flag=True)
@click.pass_context
def build(ctx, games, out_dir, langs, papers, grayscale):
    """Write every play aid into OUT/<game>/."""
    from playaids import build as builder

    root = _root(ctx)
    langs_ = LANGS if langs == "all" else (langs,)
    papers_ = tuple(sorted(PAPERS)) if papers == "all" else (papers,)
    summary = builder.build(root, Path(out_dir), games or None, langs_, papers_, grayscale)
    click.echo(summary, err=True)


def main() -> None:
    try:
        cli(standalone_mode=False, obj={})
    except PlayaidsError as e:
        click.echo(str(e) if isinstance(e, DataError) else f"playaids: {e}", err=True)
        sys.exit(2)
    except click.exceptions.Exit as e:
        sys.exit(e.exit_code)
    except click.ClickException as e:
        e.show()
        sys.exit(2)
    except click.exceptions.Abort:
        click.echo("playaids: aborted", err=True)
        sys.exit(2)
    except BrokenPipeError:
        sys.exit(0)
