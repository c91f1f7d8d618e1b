"""Shell completion of game, table and scenario ids (click's completion: see the README).
A completer never fails: a broken data folder completes nothing."""
from __future__ import annotations

from click.shell_completion import CompletionItem

from playaids import repository


def _root(ctx):
    params = ctx.find_root().params
    return repository.open_data(params.get("data"), not params.get("no_builtin"))


def _items(ids, incomplete: str) -> list[CompletionItem]:
    """Ids taken from file names: one holding a control character or a space (an escape
    sequence for the terminal) is not offered."""
    return [CompletionItem(i) for i in ids if i.startswith(incomplete) and i.isprintable() and " " not in i]


def games(ctx, param, incomplete):
    try:
        return _items(_root(ctx).game_ids(), incomplete)
    except Exception:  # completion must stay silent on any data problem
        return []


def tables(ctx, param, incomplete):
    try:
        return _items(_root(ctx).table_ids(ctx.params["game"]), incomplete)
    except Exception:
        return []


def scenarios(ctx, param, incomplete):
    try:

        return _items(_root(ctx).scenario_ids(ctx.params["game"]), incomplete)
    except Exception:
        return []
