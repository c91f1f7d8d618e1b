"""`playaids odds GAME TABLE`: the exact chances of a dice table, as a card (pdf), JSON or CSV."""
from __future__ import annotations

import click

from playaids import atomic, outputs
from playaids.cli import completion, finishing
from playaids.plugin import context
from playaids.plugin.pageoptions import page_options
from playaids.cli.examples import example

ODDS_FORMATS = ("csv", "json", "pdf", "png")


@click.command("odds", epilog=example("odds"))
@click.argument("game", shell_complete=completion.games)
@click.argument("table", shell_complete=completion.tables)
@click.option("--drm", "drm", default=None, metavar="N[,N...]|all",
              help="Die-roll modifiers to show: a list (-1,0,+1) or all (-2..+2); default 0 and, on each side "
                   "of it, the table's own modifier nearest to 0 (bombing: -2,0).")
@click.option("--format", "fmt", type=click.Choice(ODDS_FORMATS), default=None,
              help="csv, json, pdf (the odds card) or png (the card, an image a page); default: the -o "
                   "file's extension, else csv.")
@page_options()
@click.option("-o", "--output", "out", type=click.Path(dir_okay=False, allow_dash=True), default=None,
              help="Output file; its extension names the format (- or none: standard output).")
@click.pass_context
def odds_cmd(ctx, game, table, drm, fmt, page, dpi, out):
    """Exact chances of each result and effect of TABLE of GAME, per column, under die-roll
    modifiers. A table with no dice, or whose rows are not rolls, is refused (exit 2)."""
    from playaids import oddsexport

    root = context.repository(ctx)
    fmt = outputs.format_for(fmt, out, ODDS_FORMATS, "csv", "odds")
    analysis = oddsexport.analyse(root.table(game, table), drm)
    if fmt in ("pdf", "png"):
        from playaids.render import oddscard

        data = oddscard.render(analysis, root.game(game, with_tables=False), page)
        outputs.emit_pdf(finishing.finished(root, data, "odds", game, page, table), out, fmt, dpi)
    elif fmt == "json":
        atomic.emit(oddsexport.to_json(analysis), out)
    else:
        atomic.emit(oddsexport.to_csv(analysis, "ja" if page.lang == "ja" else "en"), out)
