"""Shell completion of game, table and scenario ids (click's completion: see the README).
A completer never fails: a broken data folder completes nothing."""
from __future__ import annotations

from click.shell_completion import CompletionItem

from playaids import load


def _root(ctx):
    params = ctx.find_root().params
    return load.data_dir(params.get("data"), not params.get("no_builtin"))


def _items(ids, incomplete: str) -> list[CompletionItem]:
    return [CompletionItem(i) for i in ids if i.startswith(incomplete)]


def games(ctx, param, incomplete):
    try:
        return _items(load.game_ids(_root(ctx)), incomplete)
    except Exception:  # completion must stay silent on any data problem
        return []


def tables(ctx, param, incomplete):
    try:
        return _items(load.table_ids(_root(ctx), ctx.params["game"]), incomplete)
    except Exception:
        return []


def scenarios(ctx, param, incomplete):
    try:
        from playaids.engine import loading

        return _items(loading.scenario_ids(_root(ctx), ctx.params["game"]), incomplete)
    except Exception:
        return []
