"""Raw access to data/ for value spot-checks: tests read the YAML as written, so a wrong
value in data/ fails here whatever the loader does."""
from pathlib import Path

import yaml

DATA = Path(__file__).resolve().parent.parent / "data"


def raw_table(game: str, table_id: str) -> dict:
    with open(DATA / game / "tables" / f"{table_id}.yaml", encoding="utf-8") as f:
        return yaml.safe_load(f)


def text(value, lang: str = "en") -> str:
    """The string of a Text in one language (plain strings are language-neutral)."""
    if isinstance(value, str):
        return value
    if "text" in value:
        return value["text"]
    return value[lang]


def _labels(items, lang):
    return [text(x, lang) for x in items]


def cell(table: dict, row: str, column: str, grid: str | None = None, lang: str = "en") -> str:
    """The text of the cell at (row label, column label), labels matched in either language."""
    g = table if grid is None else table[grid]
    cols = g["columns"]
    for lab in (lang, "ja", "en"):
        names = _labels(cols, lab)
        if column in names:
            ci = names.index(column)
            break
    else:
        raise KeyError(f"no column {column!r} in {_labels(cols, 'en')}")
    for r in g["rows"]:
        if row in (text(r["label"], "ja"), text(r["label"], "en")):
            cells, pos = [], 0
            for c in r["cells"]:
                span = c.get("span", 1) if isinstance(c, dict) else 1
                cells.append((pos, c))
                pos += span
            for p, c in cells:
                span = c.get("span", 1) if isinstance(c, dict) else 1
                if p <= ci < p + span:
                    return text(c, lang)
    raise KeyError(f"no row {row!r}")


def note_of(value) -> str | None:
    return value.get("note") if isinstance(value, dict) else None


def raw_file(game: str, name: str) -> dict:
    """Any YAML file of a game folder (game.yaml, glossary.yaml ...), as written."""
    with open(DATA / game / name, encoding="utf-8") as f:
        return yaml.safe_load(f)


def row(table: dict, label: str, grid: str | None = None) -> dict:
    """The row whose label (ja or en) is `label`, in the table or in its `grid` (modifiers)."""
    g = table if grid is None else table[grid]
    for r in g["rows"]:
        if label in (text(r["label"], "ja"), text(r["label"], "en")):
            return r
    raise KeyError(label)
