"""Render a table as a card and read it back with pdfplumber: the shared comparison."""
from playaids import pdfread
from playaids.workshop import for_players
from playaids.render import cards, grid
from playaids.render.page import PageSpec


def expected_grid(grid, lang):
    rows = [[for_players(grid.corner.get(lang)) if grid.corner else ""] + [for_players(c.get(lang)) for c in grid.columns]]
    for r in grid.rows:   # as printed: a maker's labelled remark is in the sources appendix
        rows.append([for_players(r.label.get(lang))] +
                    [None if c is None else for_players(c.get(lang)) for c in grid.expanded(r)])
    return [[pdfread.comparable(c) if c is not None else None for c in row] for row in rows]


def read_back(pdf_path):
    """The card's ruled tables and its text, from one parse of the PDF (pdfplumber)."""
    import pdfplumber

    tables, text = [], []
    with pdfplumber.open(pdf_path) as pdf:
        for p in pdf.pages:
            tables.extend(p.extract_tables(pdfread.TABLE_SETTINGS))
            text.append(p.extract_text() or "")
    tables = pdfread.merge_continued(tables)
    grids = [[[pdfread.comparable(c) if c is not None else None for c in row] for row in t] for t in tables]
    return grids, "\n".join(text)


def assert_round_trip(table, game, lang, tmp_path, paper="a4"):
    pdf = tmp_path / f"{table.game}-{table.id}-{lang}-{paper}.pdf"
    pdf.write_bytes(cards.render(table, game, PageSpec(paper=paper, lang=lang)))
    grids = grid.drawn_grids(table)
    found, page_text = read_back(pdf)
    assert len(found) == len(grids), f"{table.id} {lang}: {len(found)} tables read, {len(grids)} expected"
    for g, f in zip(grids, found):
        exp = expected_grid(g, lang)
        # a spanning cell reads back as its text then empty (None) cells
        f = [[c if c != "" or e is not None else None for c, e in zip(frow, erow)] for frow, erow in zip(f, exp)]
        assert f == exp, f"{table.id} {lang}: read back differs"
    text = pdfread.comparable(page_text.replace("\n", " "))
    assert pdfread.comparable(cards.heading(table, PageSpec(paper=paper, lang=lang))) in text
    for e in table.legend:
        for x in (("ja", "en") if lang == "both" else (lang,)):   # bilingual: each language's line
            assert pdfread.comparable(e.code.get(x).replace(chr(10), ' / ')) in text
    return pdf
