"""Sources and reconstructions: one document per game holding the provenance the chart cards no
longer print (issue 13): for each table, its rule, where the seed prints it, and every value
reconstructed from damaged text with the reasoning (`note:` in the data). For a publisher
checking a translation, or a player who wants to know why a cell is shaded.

The reasoning is written in English in the data (quoting the seed's Japanese in 「」), so the
document is English quoting the Japanese: `sources.<paper>.pdf` (like the bilingual glossary, no
language in its name).
"""
from __future__ import annotations

import io

from reportlab.lib import colors
from reportlab.lib.styles import ParagraphStyle
from reportlab.platypus import KeepTogether, Paragraph, SimpleDocTemplate, Spacer

from playaids import __version__, fonts, workshop
from playaids.model import Game, Table
from playaids.render import page
from playaids.render.lines import Lines
from playaids.render.page import PageSpec


def entries(table: Table) -> list[tuple[str, str]]:
    """(what, note) of every note of a table: the table's own, then each noted label or cell."""
    out = [("the table", table.note)] if table.note else []
    if table.title.note:
        out.append(("the title", table.title.note))
    for _, row, col, note in table.cell_notes():
        where = " × ".join(x.en.replace("\n", " ") for x in (row, col) if x is not None)
        out.append((where, note))
    return out + remarks(table)


def _both(ja: str, en: str) -> str:
    """The English (this document's language); the Japanese where no English is given."""
    return " ".join((en or ja).split())


def remarks(table: Table) -> list[tuple[str, str]]:
    """(what, remark) of every maker's remark the aids leave out (playaids/workshop.py): a note
    that is wholly the designer's or a forum's answer, and the labelled remarks (translator,
    Consim, BG) inside a printed text."""
    out = []
    texts = [(f"note{f' (rule {n.rule})' if n.rule else ''}", n.text) for n in table.notes]
    texts += [(f"legend {e.code.en}", e.text) for e in table.legend]
    for g in (table.grid, table.modifiers):
        for r in (g.rows if g is not None else ()):
            texts += [(" × ".join(x.en.replace("\n", " ") for x in (r.label, col)), c)
                      for c, col in zip(g.expanded(r), g.columns) if c is not None]
    for where, t in texts:
        if where.startswith("note") and workshop.remark_only(t.ja, t.en):
            out.append((f"{where}, not printed on the aids", _both(t.ja, t.en)))
            continue
        ja, en = workshop.split(t.ja)[1], workshop.split(t.en)[1]
        if ja or en:   # the aids mark the text it was taken out of with the same sign
            out.append((f"{workshop.MARK} {where}, a remark not printed on the aids (marked {workshop.MARK} there)",
                        _both(" ".join(ja), " ".join(en))))
    return out


def turn_entries(rec) -> list[tuple[str, str]]:
    """(what, note) of every note of a turn record (turns.TurnRecord), in the record's order."""
    out = [("the turn record", rec.note)] if rec.note else []
    if rec.dates_note is not None:   # how the dates were read: the makers' reasoning, not on the sheet
        out.append(("the dates", " ".join(x for x in (rec.dates_note.en, rec.dates_note.note) if x)))
    if rec.calendar_note:
        out.append(("the calendar", rec.calendar_note))
    for e in rec.events:   # a box of the printed track whose turn cannot be read: not on the sheet
        if e.when.kind == "unknown":
            out.append((f"a box of the printed track, turn not legible ({e.rule})",
                        " ".join(e.text.en.split()) + (f" — {e.note}" if e.note else "")))
    for turn, (text, rule, note) in sorted(rec.labels.items()):
        if note:
            out.append((f"turn {turn} label ({rule})", note))
    for s in rec.scenarios:
        if s.note:
            out.append((f"{s.name.en} ({s.rule})", s.note))
    for kind, entries in (("event", rec.events), ("legend", rec.legend), ("every turn", rec.each_turn),
                          ("value", rec.per_turn), ("check box", rec.checkboxes), ("track", rec.tracks)):
        for e in entries:
            if getattr(e, "note", None) and not (kind == "event" and e.when.kind == "unknown"):
                name = getattr(e, "text", None) or getattr(e, "name", None)
                label = " ".join(name.en.split())[:90] if name is not None else kind
                out.append((f"{label} ({e.rule})", e.note))
    return out


def where_printed(table: Table) -> str:
    src = table.source or {}
    lines = src.get("lines")
    return f"lines {lines} of the seed" if lines else ""


def story(game: Game, tables: list[Table], spec: PageSpec, record=None) -> list:
    font = fonts.register()
    h1 = ParagraphStyle("h1", fontName=font, fontSize=16, leading=20, spaceAfter=4)
    meta = ParagraphStyle("meta", fontName=font, fontSize=9, leading=12,
                          textColor=colors.HexColor(spec.colour("muted")))
    h2 = ParagraphStyle("h2", fontName=font, fontSize=11, leading=14, spaceBefore=8, spaceAfter=2, keepWithNext=1)
    body = ParagraphStyle("body", fontName=font, fontSize=8.5, leading=11, leftIndent=10, firstLineIndent=-10)
    out = [Paragraph(fonts.markup(f"{game.title.en} - Sources and reconstructions (出典と復元)"), h1),
           Paragraph(fonts.markup("Where each chart card's values come from in the rules, and every value "
                            "reconstructed from damaged text (shaded and framed with dashes on the cards), "
                            "with the reasoning. Quotations of the rules are in 「」."), meta)]
    for t in tables:
        notes = entries(t)
        head = f"{t.title.en.replace(chr(10), ' / ')} - rule {t.rule}"
        printed = where_printed(t)
        block = [Paragraph(fonts.markup(head), h2)]
        if printed:
            block.append(Paragraph(fonts.markup(f"Printed at {printed}."), meta))
        if not notes:
            block.append(Paragraph(fonts.markup("Every value as printed; nothing reconstructed."), body))
        for what, note in notes:
            block.append(_entry(what, note))
        out.append(KeepTogether(block[:3]) if len(block) > 3 else KeepTogether(block))
        out += block[3:]
    notes = turn_entries(record) if record is not None else []
    if notes:
        out.append(Paragraph(fonts.markup(f"Turn record - rule {record.rule}"), h2))
        out += [_entry(what, note) for what, note in notes]
    out.append(Spacer(1, 4))
    return out


def _entry(what: str, note: str) -> Lines:
    """One bulleted entry, its lines broken under the kinsoku rules: the reasoning quotes the
    rules' Japanese in 「」, which ReportLab's English wrapping cut after the 「."""
    return Lines(f"{what}: {' '.join(note.split())}", 8.5, indent=10, bullet="•", after=0.0, leading=11 / 8.5)


def render(game: Game, tables: list[Table], spec: PageSpec, record=None) -> bytes:
    """The document as PDF bytes, identical for identical inputs; `record`: the game's turn
    record, whose notes follow the tables'."""
    text = " ".join([game.title.en] + [t.title.en for t in tables] + [n for t in tables for _, n in entries(t)]
                    + [w + n for w, n in (turn_entries(record) if record is not None else [])])
    font = fonts.register()
    fonts.check_glyphs(text, font, where=f"{game.id} sources")
    trim = spec.size
    buf = io.BytesIO()
    m = spec.margin + page.offset(spec)
    doc = SimpleDocTemplate(buf, pagesize=page.sheet(spec, trim), leftMargin=m, rightMargin=m, topMargin=m,
                            bottomMargin=m, title=f"{game.title.en} - Sources and reconstructions",
                            author="playaids", creator=f"playaids {__version__}", producer=f"playaids {__version__}",
                            invariant=1, initialFontName=font, lang="en")
    on_page = page.footer(spec, trim, font, f"{game.title.en} · Sources and reconstructions")

    with page.fixed_epoch():
        doc.build(story(game, tables, spec, record), onFirstPage=on_page, onLaterPages=on_page)
    return buf.getvalue()
