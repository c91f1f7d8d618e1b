"""`playaids charts GAME`: the game's chart set (every table packed onto its sheets) as PDF or
as PNG, an image a page (issue 24: PNG export for every printable aid; `build --only charts`
writes the same PDF with the cards)."""
from __future__ import annotations

import click

from playaids import outputs
from playaids.cli import completion, finishing
from playaids.plugin import context
from playaids.cli.examples import example
from playaids.plugin.pageoptions import page_options

CHART_FORMATS = ("pdf", "png")


@click.command("charts", epilog=example("charts"))
@click.argument("game", shell_complete=completion.games)
@click.option("--format", "fmt", type=click.Choice(CHART_FORMATS), default=None,
              help="pdf or png (an image a page); default: the -o file's extension, else pdf.")
@page_options()
@click.option("-o", "--output", "out", type=click.Path(dir_okay=False, allow_dash=True), default=None,
              help="Output file; its extension names the format (- or none: standard output).")
@click.pass_context
def charts_cmd(ctx, game, fmt, page, dpi, out):
    """The chart set of GAME: its tables packed onto a few dense sheets, as PDF or PNG."""
    from playaids.render import chartsheet

    root = context.repository(ctx)
    fmt = outputs.format_for(fmt, out, CHART_FORMATS, "pdf", "charts")
    data = chartsheet.render(root.game(game, with_tables=False), root.sheets(game), root.tables(game), page)
    outputs.emit_pdf(finishing.finished(root, data, "chartset", game, page), out, fmt, dpi)
