"""Table exports: CSV, JSON and Markdown, the formats `playaids table` prints and
`playaids check-table` reads back."""
from __future__ import annotations

import csv
import io
import json

from playaids.model import Grid, Table, Text


def _t(x: Text | None, lang: str) -> str:
    if x is None:
        return ""
    s = x.get(lang)
    return s.replace("\n", " / ") if lang == "both" else s


def grid_rows(grid: Grid, lang: str) -> list[list[str]]:
    """Header row (corner, column labels) then one row per table row (label, cells)."""
    out = [[_t(grid.corner, lang)] + [_t(c, lang) for c in grid.columns]]
    for r in grid.rows:
        out.append([_t(r.label, lang)] + [_t(c, lang) for c in grid.expanded(r)])
    return out


def to_csv(table: Table, lang: str = "en") -> str:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    for row in grid_rows(table.grid, lang):
        w.writerow(row)
    return buf.getvalue()


def _text_json(x: Text | None):
    if x is None:
        return None
    d = {"text": x.ja} if x.neutral else {"ja": x.ja, "en": x.en}
    if x.gloss:
        d["gloss"] = True
    if x.note:
        d["note"] = x.note
    if x.rule:
        d["rule"] = x.rule
    if x.span != 1:
        d["span"] = x.span
    return d


def _grid_json(g: Grid | None):
    if g is None:
        return None
    return {
        "corner": _text_json(g.corner),
        "columns": [_text_json(c) for c in g.columns],
        "rows": [{"label": _text_json(r.label), "cells": [_text_json(c) for c in r.cells],
                  **({"rule": r.rule} if r.rule else {}), **({"note": r.note} if r.note else {})}
                 for r in g.rows],
    }


def to_dict(table: Table) -> dict:
    d = {
        "game": table.game, "id": table.id, "title": _text_json(table.title), "rule": table.rule,
        "dice": table.dice, **_grid_json(table.grid),
    }
    if table.modifiers:
        d["modifiers"] = _grid_json(table.modifiers)
    if table.legend:
        d["legend"] = [{"code": _text_json(e.code), "text": _text_json(e.text), **({"rule": e.rule} if e.rule else {})}
                       for e in table.legend]
    if table.notes:
        d["notes"] = [{"text": _text_json(n.text), **({"rule": n.rule} if n.rule else {})}
                      for n in table.notes]
    if table.missing:
        d["missing"] = _text_json(table.missing)
    if table.note:
        d["note"] = table.note
    if table.source:
        d["source"] = table.source
    return d


def to_json(table: Table, lang: str = "en") -> str:
    return json.dumps(to_dict(table), ensure_ascii=False, indent=2) + "\n"


def _md_cell(s: str) -> str:
    return s.replace("|", "\\|").replace("\n", "<br>")


def _md_grid(grid: Grid, lang: str) -> list[str]:
    rows = grid_rows(grid, lang)
    if len(rows[0]) == 1 and len(rows) == 1:
        return []
    lines = ["| " + " | ".join(_md_cell(c) for c in rows[0]) + " |",
             "|" + "---|" * len(rows[0])]
    lines += ["| " + " | ".join(_md_cell(c) for c in r) + " |" for r in rows[1:]]
    return lines


def _rule(lang: str, rule: str | None) -> str:
    if not rule:
        return ""
    return f" ({'ルール' if lang == 'ja' else 'rule'} {rule})"


def to_markdown(table: Table, lang: str = "en") -> str:
    L = "en" if lang == "both" else lang
    title = table.title.get(lang).replace("\n", " / ")
    out = [f"## {title}", ""]
    meta = [f"{'ルール' if L == 'ja' else 'Rule'} {table.rule}"]
    if table.dice:
        meta.append(f"{'ダイス' if L == 'ja' else 'Dice'} {table.dice}")
    out += [" · ".join(meta), ""]
    if table.missing:
        out += [f"> {_t(table.missing, lang)}", ""]
    grid = _md_grid(table.grid, lang)
    if grid:
        out += grid + [""]
    if table.modifiers:
        out += [f"### {'サイの目修正' if L == 'ja' else 'Modifiers'}", ""] + _md_grid(table.modifiers, lang) + [""]
    if table.legend:
        out += [f"### {'記号' if L == 'ja' else 'Legend'}", ""]
        out += [f"- **{_t(e.code, lang)}**: {_t(e.text, lang)}{_rule(L, e.rule)}" for e in table.legend] + [""]
    if table.notes:
        out += [f"### {'注' if L == 'ja' else 'Notes'}", ""]
        out += [f"- {_t(n.text, lang)}{_rule(L, n.rule)}" for n in table.notes] + [""]
    cell_notes = table.cell_notes()
    if cell_notes or table.note:
        out += [f"### {'出典についての注' if L == 'ja' else 'Source notes'}", ""]
        if table.note:
            out.append(f"- {table.note}")
        for _, row, col, note in cell_notes:
            where = " × ".join(x.get(L) for x in (row, col) if x is not None)
            out.append(f"- {where}: {note}")
        out.append("")
    return "\n".join(out)


FORMATS = {"csv": to_csv, "json": to_json, "md": to_markdown}
