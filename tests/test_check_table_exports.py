"""Every table of every game, exported and rewritten as a publisher would print it, checks
equal: CSV with full-width digits and Japanese headers, Markdown, JSON, YAML lists of rows."""
import csv
import io
import json

import pytest

from playaids import export
from playaids.checker import Glossary, check_file
from playaids.repository import Repository

ROOT = Repository.builtin()
CASES = [(g, t) for g in ROOT.game_ids() for t in ROOT.table_ids(g)]
FULL_WIDTH = str.maketrans("0123456789+-ABCDEFGHIJKLMNOPQRSTUVWXYZ",
                           "０１２３４５６７８９＋－ＡＢＣＤＥＦＧＨＩＪＫＬＭＮＯＰＱＲＳＴＵＶＷＸＹＺ")


@pytest.fixture(scope="module")
def glossaries():
    return {}


def japanese_full_width_csv(table) -> str:
    """The English export with the Japanese corner and column labels, and every digit, sign and
    capital letter full-width (as a Japanese publisher's spreadsheet would hold them)."""
    rows = export.grid_rows(table.grid, "en")
    g = table.grid
    rows[0] = [g.corner.ja if g.corner else ""] + [c.ja for c in g.columns]
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\r\n")
    for r in rows:
        w.writerow([c.translate(FULL_WIDTH) for c in r])
    return buf.getvalue()


@pytest.mark.sample(22)
@pytest.mark.parametrize("game_id,table_id", CASES)
def test_exports_check_equal(game_id, table_id, tmp_path, glossaries):
    if game_id not in glossaries:
        glossaries[game_id] = Glossary(ROOT.game(game_id, with_tables=False).glossary)
    gl = glossaries[game_id]
    table = ROOT.table(game_id, table_id)
    files = {
        "ja-full-width.csv": japanese_full_width_csv(table),
        "en.csv": export.to_csv(table, "en"),
        "both.md": export.to_markdown(table, "both"),
        "ja.md": export.to_markdown(table, "ja"),
        "export.json": export.to_json(table),
        "rows.yaml": json.dumps(export.grid_rows(table.grid, "ja"), ensure_ascii=False),  # JSON is YAML
    }
    for name, text in files.items():
        p = tmp_path / name
        p.write_text(text, encoding="utf-8")
        cmp = check_file(table, p, gl)
        assert cmp.equal, (name, [d.as_dict() for d in cmp.differences][:5])
        # a table whose grid is not in the source (missing:) may show only its modifiers
        assert cmp.grid_name == "main" or not table.grid.columns
    if table.grid.columns and table.modifiers is not None and table.modifiers.columns:
        cmp = check_file(table, tmp_path / "export.json", gl, index=2)
        assert cmp.grid_name == "modifiers" and cmp.equal
