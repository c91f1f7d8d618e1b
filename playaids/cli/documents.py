"""`playaids turns`, `playaids summary`, `playaids glossary`: the text documents of a game."""
from __future__ import annotations


import click

from playaids import atomic, outputs
from playaids.cli import completion, finishing
from playaids.plugin import context
from playaids.errors import PlayaidsError, printable_text
from playaids.plugin.pageoptions import page_options
from playaids.cli.examples import example


TURNS_FORMATS = ("pdf", "svg", "png")
SUMMARY_FORMATS = ("pdf", "html", "png")
GLOSSARY_FORMATS = ("md", "csv", "pdf", "html", "png")


def _root(ctx):
    return context.repository(ctx)




OUT_HELP = "Output file; its extension names the format (- or none: standard output)."


@click.command("turns", epilog=example("turns"))
@click.argument("game", shell_complete=completion.games)
@click.argument("scenario", required=False, shell_complete=completion.scenarios)
@page_options()
@click.option("--format", "fmt", type=click.Choice(TURNS_FORMATS), default=None,
              help="pdf, svg (the turn track alone: rows of boxes and their notes, for your own layout) or png "
                   "(an image a page); default: the -o file's extension, else pdf.")
@click.option("-o", "--output", "out", type=click.Path(dir_okay=False, allow_dash=True), default=None, help=OUT_HELP)
@click.pass_context
def turns_cmd(ctx, game, scenario, page, dpi, fmt, out):
    """Turn-record sheet of GAME (SCENARIO: a scenario id, default the first) as PDF or PNG, or
    its track as SVG."""
    fmt = outputs.format_for(fmt, out, TURNS_FORMATS, "pdf", "turns")
    from playaids.render import turnsheet

    root = _root(ctx)
    g = root.game(game, with_tables=False)
    rec = root.turns(game)
    rec.scenario(scenario)  # unknown scenario: one clean line before any work
    if fmt == "svg":
        atomic.emit(turnsheet.track_svg(rec, g, scenario, page), out)
        return
    outputs.emit_pdf(finishing.finished(root, turnsheet.render(rec, g, scenario, page), "turns", game, page, scenario),
                     out, fmt, dpi)


@click.command("summary", epilog=example("summary"))
@click.argument("game", shell_complete=completion.games)
@page_options()
@click.option("--format", "fmt", type=click.Choice(SUMMARY_FORMATS), default=None,
              help="pdf, html (the page WeasyPrint prints, for a browser) or png (an image a page); default: "
                   "the -o file's extension, else pdf.")
@click.option("-o", "--output", "out", type=click.Path(dir_okay=False, allow_dash=True), default=None, help=OUT_HELP)
@click.pass_context
def summary_cmd(ctx, game, page, dpi, fmt, out):
    """Rule summary of GAME (1-4 pages) as PDF, HTML or PNG; `--lang both` sets JA and EN side
    by side."""
    fmt = outputs.format_for(fmt, out, SUMMARY_FORMATS, "pdf", "summary")
    from playaids.render import summary

    root = _root(ctx)
    g = root.game(game, with_tables=False)
    s = root.summary(game)
    if fmt == "html":
        atomic.emit(summary.summary_html(s, g, page)[0], out)
        return
    outputs.emit_pdf(finishing.finished(root, summary.render(s, g, page), "summary", game, page), out, fmt, dpi)


@click.command("glossary", epilog=example("glossary"))
@click.argument("game", shell_complete=completion.games)
@click.option("--format", "fmt", type=click.Choice(GLOSSARY_FORMATS), default=None,
              help="md, csv, pdf, html or png; default: the -o file's extension, else md.")
@page_options()
@click.option("-o", "--output", "out", type=click.Path(dir_okay=False, allow_dash=True), default=None, help=OUT_HELP)
@click.pass_context
def glossary_cmd(ctx, game, fmt, page, dpi, out):
    """The glossary of GAME (JA, EN, rule, note) as Markdown, CSV, PDF, HTML or PNG. Every term
    is in both languages; --lang chooses the lists: ja, Japanese in gojuon order; en, English
    A-Z; both, the two."""
    fmt = outputs.format_for(fmt, out, GLOSSARY_FORMATS, "md", "glossary")
    from playaids import glossary

    g = _root(ctx).game(game, with_tables=False)
    if not g.glossary:
        raise PlayaidsError(f"{game} has no glossary (data/{game}/glossary.yaml)")
    if fmt in ("pdf", "png", "html"):
        from playaids.render import glossary_pdf

        if fmt == "html":
            atomic.emit(glossary_pdf.glossary_html(g, page)[0], out)
        else:
            data = glossary_pdf.render(g, page)
            outputs.emit_pdf(finishing.finished(_root(ctx), data, "glossary-pdf", game, page), out, fmt, dpi)
        return
    terms = glossary.ordered(g.glossary, page.lang)
    text = glossary.to_csv(terms) if fmt == "csv" else glossary.to_markdown(terms, _title(g))
    atomic.emit(printable_text(text), out)


def _title(game) -> str:
    t = game.title
    name = t.ja if t.ja == t.en else f"{t.ja} / {t.en}"
    return f"{name} — 用語集 / glossary"

