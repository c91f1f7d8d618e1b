"""Reports of a comparison: readable text, JSON, daff's highlighter diff (CSV) and HTML.

The highlighter diff follows the tabular diff format of daff (paulfitz/daff, spec 0.8):
the source data is LOCAL, the checked file REMOTE. First column: the action. A `!` row,
present when the columns differ, tags each column `+++` (only in the file), `---` (only in
the source), `(old label)` (renamed) and `:` (moved); the `@@` row holds the column labels;
data rows are tagged `+++` (only in the file), `---` (only in the source), `->` (a cell
changed, written `old->new`; the arrow grows to `-->` if a value holds `->`), `:` (moved),
`+` (unchanged but for a value in an added column) or nothing. Every row is shown.
"""
from __future__ import annotations

import csv
import io
import json

from playaids import resources
from playaids.words import count
from playaids.checker.compare import Comparison, Difference, display

TEMPLATES = resources.TEMPLATES


def _q(s) -> str:
    return f'"{s}"'


def describe(d: Difference) -> str:
    """One line for a difference (without where it is)."""
    k = d.kind
    if k == "corner":
        return f"corner label: expected {_q(d.expected)}, found {_q(d.found)}"
    if k == "header-row":
        return f"extra header row {_q(d.found)}"
    if k == "missing-column":
        return f"missing column {_q(d.column)}"
    if k == "extra-column":
        return (f"extra column {_q(d.column)}" if d.column else "extra column with no label") + \
            (f": {d.found}" if d.found else "")
    if k == "column-label":
        return f"column {_q(d.column)}: label reads {_q(d.found)}"
    if k == "columns-swapped":
        return f"columns {_q(d.column)} and {_q(d.other)} swapped"
    if k == "column-moved":
        return f"column {_q(d.column)} moved (it is {d.expected})"
    if k == "missing-row":
        return f"missing row {_q(d.row)}"
    if k == "extra-row":
        return (f"extra row {_q(d.row)}" if d.row else "extra row with no label") + (f": {d.found}" if d.found else "")
    if k == "row-range":
        return f"row {_q(d.row)}: die-roll range reads {_q(d.found)}"
    if k == "row-label":
        return f"row {_q(d.row)}: label reads {_q(d.found)}" if d.found else f"row {_q(d.row)}: no label"
    if k == "rows-swapped":
        return f"rows {_q(d.row)} and {_q(d.other)} swapped"
    if k == "row-moved":
        return f"row {_q(d.row)} moved (it is {d.expected})"
    return f"cell {_q(d.row)} × {_q(d.column)}: expected {_q(d.expected)}, found {_q(d.found)}"


def _heading(cmp: Comparison) -> list[str]:
    t = cmp.table
    lang = "en" if cmp.lang == "both" else cmp.lang
    title = t.title.get(lang)
    grid = "" if cmp.grid_name == "main" else f", {cmp.grid_name} grid"
    f = cmp.found
    shape = (f"header rows 1-{f.header_rows}" if f.header_rows > 1 else
             "header row 1" if f.header_rows == 1 else "no header row")
    kind = f.raw.kind + (f", {f.raw.encoding}" if f.raw.encoding else "") + (f", {f.raw.origin}" if f.raw.origin else "")
    if f.raw.kind == "pdf" and f.raw.title:
        kind += f" \"{f.raw.title if len(f.raw.title) <= 60 else f.raw.title[:59] + '…'}\""
    out = [f"{t.game}/{t.id}: {title} (rule {t.rule}{grid})",
           f"file: {cmp.path} ({kind}; {shape}, row labels in column {f.label_col + 1})"]
    normalised = cmp.normalised
    if normalised:
        out.append("equal after normalising: " + ", ".join(f"{k} ({v})" for k, v in normalised.items()))
    return out


def summary(cmp: Comparison) -> str:
    """A few words: equal with its size, or the number of differences by kind."""
    if cmp.equal:
        return f"equal, {count(len(cmp.grid.rows), 'row')} × {count(len(cmp.grid.columns), 'column')}"
    n = len(cmp.differences)
    kinds = ", ".join(f"{v} {k}" for k, v in cmp.counts().items())
    accepted = sum(1 for d in cmp.differences if d.accepted)
    tail = "" if not accepted else "; all accepted" if accepted == n else f"; {accepted} accepted"
    return f"{n} difference{'s' if n != 1 else ''} ({kinds}{tail})"


def to_text(cmp: Comparison) -> str:
    out = _heading(cmp)
    out.append(summary(cmp) + (":" if not cmp.equal else ""))
    for d in cmp.differences:
        out.append(f"  {describe(d)}" + (f" ({d.where})" if d.where else "")
                   + (f" - accepted: {d.accepted}" if d.accepted else ""))
    for e in cmp.unused_accepts:
        out.append(f"accept entry at line {e.line} matched no difference (remove it?)")
    out += [f"note: {n}" for n in cmp.notes]
    return "\n".join(out) + "\n"


def to_dict(cmp: Comparison) -> dict:
    f = cmp.found
    return {
        "game": cmp.table.game, "table": cmp.table.id, "grid": cmp.grid_name, "file": cmp.path,
        "kind": f.raw.kind, "encoding": f.raw.encoding or "UTF-8", "lang": cmp.lang, "equal": cmp.equal,
        "ok": cmp.ok, "normalised": cmp.normalised,
        "unused_accepts": [e.line for e in cmp.unused_accepts], "notes": list(cmp.notes),
        "origin": f.raw.origin, "title": f.raw.title,
        "found": {"header_rows": f.header_rows, "label_column": f.label_col + 1,
                  "rows": len(f.rows), "columns": len(f.columns)},
        "expected": {"rows": len(cmp.grid.rows), "columns": len(cmp.grid.columns)},
        "counts": cmp.counts(),
        "differences": [d.as_dict() for d in cmp.differences],
    }


def to_json(cmp: Comparison) -> str:
    return json.dumps(to_dict(cmp), ensure_ascii=False, indent=2) + "\n"


# --- daff highlighter diff -------------------------------------------------------------

def _label_changed(cmp: Comparison, p) -> bool:
    if p.e == -1:
        return any(d.kind == "corner" for d in cmp.differences)
    return p.how == "content"


def highlighter_rows(cmp: Comparison) -> list[list[str]]:
    """The diff as a table (list of rows), action column first."""
    f, cols = cmp.found, cmp.columns
    schema = []
    for p in cols:
        act = "+++" if p.e is None else "---" if p.f is None else ""
        if act == "" and _label_changed(cmp, p):
            act = f"({cmp.expected_label('column', p.e)})"
        schema.append((":" if p.moved else "") + act)
    header = [(f.corner if p.e == -1 else f.column_label(p.f)) if p.f is not None
              else cmp.expected_label("column", p.e) for p in cols]

    def local(rp, cp):
        return cmp.expected_cell(rp.e, cp.e)

    def remote(rp, cp):
        return cmp.found_cell(rp.f, cp.f)

    values = [s for s in header]
    for rp in cmp.rows:
        for cp in cols:
            if rp.e is not None and cp.e is not None:
                values.append(local(rp, cp))
            if rp.f is not None and cp.f is not None:
                values.append(remote(rp, cp))
    sep = "->"
    while any(sep in v for v in values):
        sep = "-" + sep

    out = []
    if any(schema):
        out.append(["!"] + schema)
    out.append(["@@"] + header)
    for ri, rp in enumerate(cmp.rows):
        if rp.e is None:
            out.append(["+++"] + [remote(rp, cp) if cp.f is not None else "" for cp in cols])
            continue
        if rp.f is None:
            out.append(["---"] + [local(rp, cp) if cp.e is not None else "" for cp in cols])
            continue
        cells, changed, added = [], False, False
        for ci, cp in enumerate(cols):
            if cp.e is None:
                v = remote(rp, cp)
                added = added or v != ""
            elif cp.f is None:
                v = local(rp, cp)
            else:
                same = rp.how == "label" if cp.e == -1 else cmp.cell_status.get((ri, ci), True)
                v = local(rp, cp) if same else f"{local(rp, cp)}{sep}{remote(rp, cp)}"
                changed = changed or not same
            cells.append(v)
        act = sep if changed else ":" if rp.moved else "+" if added else ""
        out.append([act] + cells)
    return out


def to_highlighter(cmp: Comparison) -> str:
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerows(highlighter_rows(cmp))
    return buf.getvalue()


# --- HTML ------------------------------------------------------------------------------

def _html_model(cmp: Comparison) -> dict:
    cols = cmp.columns
    header = []
    for p in cols:
        label = (cmp.found.corner if p.e == -1 else cmp.found.column_label(p.f)) if p.f is not None \
            else cmp.expected_label("column", p.e)
        cls = "add" if p.e is None else "remove" if p.f is None else ""
        old = cmp.expected_label("column", p.e) if p.e is not None and p.f is not None and _label_changed(cmp, p) else None
        if old is not None:
            cls = "modify"
        header.append({"text": label, "old": old, "cls": (cls + (" move" if p.moved else "")).strip()})
    rows = []
    for ri, rp in enumerate(cmp.rows):
        row_cls = "add" if rp.e is None else "remove" if rp.f is None else "move" if rp.moved else ""
        cells = []
        for ci, cp in enumerate(cols):
            if rp.e is None or cp.e is None:
                text = cmp.found_cell(rp.f, cp.f) if rp.f is not None and cp.f is not None else ""
                cells.append({"text": text, "cls": "add"})
            elif rp.f is None or cp.f is None:
                cells.append({"text": cmp.expected_cell(rp.e, cp.e), "cls": "remove"})
            else:
                same = rp.how == "label" if cp.e == -1 else cmp.cell_status.get((ri, ci), True)
                if same:
                    cells.append({"text": cmp.expected_cell(rp.e, cp.e), "cls": ""})
                else:
                    cells.append({"text": cmp.found_cell(rp.f, cp.f), "old": cmp.expected_cell(rp.e, cp.e),
                                  "cls": "modify"})
            if cp.e == -1:
                cells[-1]["cls"] = (cells[-1]["cls"] + " label").strip()
        rows.append({"cls": row_cls, "cells": cells})
    return {"header": header, "rows": rows}


def to_html(cmp: Comparison) -> str:
    import jinja2

    env = jinja2.Environment(loader=jinja2.FileSystemLoader(str(TEMPLATES)), autoescape=True,
                             keep_trailing_newline=True, trim_blocks=True, lstrip_blocks=True)
    tpl = env.get_template("check-table.html.j2")
    return tpl.render(
        heading=_heading(cmp), summary=summary(cmp), equal=cmp.equal, lang=cmp.lang,
        differences=[{"kind": d.kind, "text": describe(d), "where": d.where or "", "accepted": d.accepted or ""}
                     for d in cmp.differences],
        grid=_html_model(cmp),
    )


FORMATS = {"text": to_text, "json": to_json, "diff": to_highlighter, "html": to_html}


__all__ = ["FORMATS", "describe", "display", "highlighter_rows", "summary", "to_dict"]
