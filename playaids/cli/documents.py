"""`playaids turns`, `playaids summary`, `playaids glossary`: the text documents of a game."""
from __future__ import annotations


import click

from playaids import atomic
from playaids.cli import completion, context
from playaids.errors import PlayaidsError, printable_text
from playaids.cli.pageoptions import page_options


def _root(ctx):
    return context.repository(ctx)




@click.command("turns")
@click.argument("game", shell_complete=completion.games)
@click.argument("scenario", required=False, shell_complete=completion.scenarios)
@page_options(lang="both")
@click.option("--format", "fmt", type=click.Choice(["pdf", "svg"]), default=None,
              help="pdf, or svg: the turn track alone (rows of boxes and their notes), for your own layout; "
                   "default: the -o file's extension, else pdf.")
@click.option("-o", "--output", "out", type=click.Path(dir_okay=False), default=None)
@click.pass_context
def turns_cmd(ctx, game, scenario, page, fmt, out):
    """Turn-record sheet of GAME (SCENARIO: a scenario id, default the first) as PDF, or its
    track as SVG."""
    fmt = atomic.format_for(fmt, out, ("pdf", "svg"), "pdf")
    from playaids.render import turnsheet

    root = _root(ctx)
    g = root.game(game, with_tables=False)
    rec = root.turns(game)
    rec.scenario(scenario)  # unknown scenario: one clean line before any work
    if fmt == "svg":
        svg = turnsheet.track_svg(rec, g, scenario, page)
        if out:
            atomic.write_text(out, svg)
        else:
            click.echo(svg)
        return
    atomic.emit(turnsheet.render(rec, g, scenario, page), out)


@click.command("summary")
@click.argument("game", shell_complete=completion.games)
@page_options(lang="both")
@click.option("-o", "--output", "out", type=click.Path(dir_okay=False), default=None)
@click.pass_context
def summary_cmd(ctx, game, page, out):
    """Rule summary of GAME (1-4 pages) as PDF; `--lang both` sets JA and EN side by side."""
    from playaids.render import summary

    root = _root(ctx)
    g = root.game(game, with_tables=False)
    s = root.summary(game)
    atomic.emit(summary.render(s, g, page), out)


@click.command("glossary")
@click.argument("game", shell_complete=completion.games)
@click.option("--format", "fmt", type=click.Choice(["md", "csv", "pdf"]), default=None,
              help="md, csv or pdf; default: the -o file's extension, else md.")
@page_options(lang=None)
@click.option("-o", "--output", "out", type=click.Path(dir_okay=False), default=None)
@click.pass_context
def glossary_cmd(ctx, game, fmt, page, out):
    """The glossary of GAME (JA, EN, rule, note) as Markdown, CSV or PDF (always both languages)."""
    fmt = atomic.format_for(fmt, out, ("md", "csv", "pdf"), "md")
    from playaids import glossary

    g = _root(ctx).game(game, with_tables=False)
    if not g.glossary:
        raise PlayaidsError(f"{game} has no glossary (data/{game}/glossary.yaml)")
    if fmt == "pdf":
        from playaids.render import glossary_pdf

        atomic.emit(glossary_pdf.render(g, page), out)
        return
    text = glossary.to_csv(g.glossary) if fmt == "csv" else glossary.to_markdown(g.glossary, _title(g))
    if out:
        atomic.write_text(out, printable_text(text))
    else:
        click.echo(printable_text(text), nl=False)


def _title(game) -> str:
    t = game.title
    name = t.ja if t.ja == t.en else f"{t.ja} / {t.en}"
    return f"{name} — 用語集 / glossary"

