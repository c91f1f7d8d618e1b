"""Parse and validate the documents of a game folder (game, tables, glossary) into model
objects; repository.Repository reads the files and keeps what is parsed.

Every problem becomes a DataError located at `file:line:col`.
"""
from __future__ import annotations

import functools

from playaids import schemas, yamlsafe
from playaids.errors import DataError
from playaids.model import MAP_SYMBOLS, Game, Grid, LegendEntry, Note, OddsSpec, Row, Side, Table, Term, Text

@functools.lru_cache(maxsize=None)
def _validator(kind: str):
    import jsonschema  # only when a file is checked: a warm build checks none

    schema = schemas.schema(kind)
    jsonschema.Draft7Validator.check_schema(schema)
    return schemas.validator(schema)


def _short(v) -> str:
    """A value for an error line: never a whole list or mapping of the file."""
    r = repr(v)
    return r if len(r) <= 60 else f"a {type(v).__name__} ({r[:40]}...)"


_TYPE_WORDS = {"object": "a mapping", "array": "a list", "integer": "a whole number", "number": "a number",
               "string": "a text", "boolean": "true or false", "null": "empty"}


def describe(err, path=None) -> str:
    where = ".".join(str(p) for p in (err.absolute_path if path is None else path)) or "document"
    if err.validator == "oneOf" and "ja" in str(err.schema):
        if isinstance(err.instance, dict) and "draw" in err.instance and err.instance["draw"] not in MAP_SYMBOLS:
            return f"{where}.draw: no map symbol {_short(err.instance['draw'])}: one of {', '.join(MAP_SYMBOLS)}"
        return f"{where}: must be a string, {{ja: ..., en: ...}} or {{text: ...}}"
    if err.validator in ("oneOf", "anyOf") and isinstance(err.instance, float) and \
            any(isinstance(x, dict) and x.get("type") == "integer" for x in err.validator_value):
        return f"{where}: {_short(err.instance)} is not a whole number"
    if err.validator == "additionalProperties":
        return f"{where}: {err.message}"
    if err.validator == "required":
        return f"{where}: {err.message}"
    if err.validator == "maxItems":
        return f"{where}: {len(err.instance)} entries, at most {err.validator_value} allowed"
    if err.validator == "maxLength":
        return f"{where}: {len(err.instance)} characters, at most {err.validator_value} allowed"
    if err.validator == "maxProperties":
        return f"{where}: {len(err.instance)} keys, at most {err.validator_value} allowed"
    if err.validator in ("minimum", "maximum"):
        bound = "at least" if err.validator == "minimum" else "at most"
        return f"{where}: {err.message} (must be {bound} {err.validator_value})"
    if err.validator == "type":
        kinds = err.validator_value if isinstance(err.validator_value, list) else [err.validator_value]
        words = " or ".join(_TYPE_WORDS.get(k, k) for k in kinds)
        if where == "document" and isinstance(err.instance, str):   # not a data file at all (issue 25
            # item 9: the start of /etc/passwd was quoted): its text is never echoed
            return f"{where}: a text of {len(err.instance):,} characters, not {words}"
        return f"{where}: {_short(err.instance)} is not of type {err.validator_value!r} (must be {words})"
    # jsonschema's message quotes the value whole: a file's text is never echoed past a few words
    return f"{where}: {err.message if len(err.message) <= 160 else err.message[:157] + '...'}"


@functools.lru_cache(maxsize=None)
def _schema_digest(kind: str) -> str:
    import hashlib
    import json

    return hashlib.sha256(json.dumps(schemas.schema(kind), sort_keys=True).encode()).hexdigest()[:16]


def validate(located: yamlsafe.Located, kind: str, known: set | None = None) -> None:
    """Check a document against its JSON Schema (each document and kind once); `known`: the
    digests of files that already passed (repository.Repository.valid_digests), skipped."""
    if kind in located.checked:
        return
    key = f"{kind}:{_schema_digest(kind)}:{located.digest}" if located.digest else None
    if known is not None and key in known:
        located.checked.add(kind)
        return
    errors = schemas.errors(_validator(kind), located.data)
    if errors:
        raise schema_error(located, errors)
    located.checked.add(kind)
    if known is not None and key:
        known.add(key)


def schema_error(located: yamlsafe.Located, errors, base: tuple = ()) -> DataError:
    """The DataError of the most telling of a document's schema errors (`base`: where the
    validated part lies in the file)."""
    import jsonschema.exceptions

    err = jsonschema.exceptions.best_match(errors)
    if err.validator == "required":  # a misspelt key is both unknown and missing: name the typo
        err = next((e for e in errors if e.validator == "additionalProperties"
                    and e.absolute_path == err.absolute_path), err)
    path = base + tuple(err.absolute_path)
    if err.validator == "additionalProperties" and isinstance(err.instance, dict):
        extra = [k for k in err.instance if k not in err.schema.get("properties", {})]
        if extra:
            where = ".".join(map(str, path)) or "document"
            import difflib

            near = difflib.get_close_matches(str(extra[0]), list(err.schema.get("properties", {})), 1)
            hint = f" (did you mean {near[0]!r}?)" if near else ""
            return located.error(path + (extra[0],), f"{where}: unknown key {extra[0]!r}{hint}")
    return located.error(path, describe(err, path))


def text(value) -> Text:
    if isinstance(value, str):
        return Text.plain(value)
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return Text.plain(str(value))
    if "text" in value:
        return Text(value["text"], value["text"], neutral=True, note=value.get("note"),
                    rule=value.get("rule"), span=value.get("span", 1), draw=value.get("draw"))
    return Text(value["ja"], value["en"], gloss=value.get("gloss", False), note=value.get("note"),
                rule=value.get("rule"), span=value.get("span", 1), draw=value.get("draw"))


def _grid(doc, located, base) -> Grid:
    columns = tuple(text(c) for c in doc["columns"])
    rows = []
    seen_rows: dict = {}
    seen_cols: dict = {}
    for i, c in enumerate(columns):
        if c.en in seen_cols and c.en:
            raise located.error(base + ("columns", i), f"duplicate column label {c.en!r}")
        seen_cols[c.en] = i
    for i, r in enumerate(doc["rows"]):
        label = text(r["label"])
        cells = tuple(text(c) for c in r["cells"])
        width = sum(c.span for c in cells)
        if width != len(columns):
            raise located.error(base + ("rows", i, "cells"),
                                f"ragged row {label.en!r}: {width} cells for {len(columns)} columns")
        key = (label.en, label.draw)   # two symbols drawn with no words beside them are two labels
        if key in seen_rows:
            raise located.error(base + ("rows", i, "label"), f"duplicate row label {label.en!r}")
        seen_rows[key] = i
        rows.append(Row(label, cells, r.get("rule"), r.get("note")))
    corner = text(doc["corner"]) if "corner" in doc else None
    return Grid(corner, columns, tuple(rows))


# characters a table prints in one language (grids, legend, notes, key, boxes): the data's
# largest prints 4,465 (MacArthur's CRT); a card of 640,000 (40 columns x 400 rows of 40
# characters, within the 2 MiB a file may hold) took 38 s of CPU and 401 pages (issue 25 item 12)
MAX_PRINTED = 40_000


def _printed(t: Table, lang: str) -> int:
    texts = [t.title, t.key, t.missing, t.column_group]
    for g in (t.grid, t.modifiers):
        if g is not None:
            texts += [g.corner, *g.columns, *(x for row in g.rows for x in (row.label, *row.cells))]
    texts += [x for e in t.legend for x in (e.code, e.text)] + [n.text for n in t.notes]
    return sum(len(x.get(lang)) for x in texts if x is not None)


def table_from(located: yamlsafe.Located, game_id: str, expected_id: str | None = None) -> Table:
    table = _table_from(located, game_id, expected_id)
    for lang in ("ja", "en"):
        if (n := _printed(table, lang)) > MAX_PRINTED:
            raise located.error((), f"{n:,} characters to print in {'Japanese' if lang == 'ja' else 'English'}, "
                                    f"more than the {MAX_PRINTED:,} a table may hold (a card and a chart set "
                                    f"draw them all)")
    return table


def _table_from(located: yamlsafe.Located, game_id: str, expected_id: str | None = None) -> Table:
    validate(located, "table")
    doc = located.data
    if expected_id is not None and doc["id"] != expected_id:
        raise located.error(("id",), f"id {doc['id']!r} does not match the file name {expected_id!r}")
    grid = _grid(doc, located, ())
    modifiers = _grid(doc["modifiers"], located, ("modifiers",)) if "modifiers" in doc else None
    if not grid.rows and "missing" not in doc:
        raise located.error(("rows",), "a table with no rows must say what is missing (missing: {ja, en})")
    return Table(
        game=game_id, id=doc["id"], title=text(doc["title"]), rule=doc["rule"],
        dice=None if doc.get("dice") in (None, "none") else doc["dice"],
        grid=grid, modifiers=modifiers,
        legend=tuple(LegendEntry(text(e["code"]), text(e["text"]), e.get("rule"), e.get("note"))
                     for e in doc.get("legend", [])),
        notes=tuple(Note(text(n["text"]), n.get("rule"), n.get("note")) for n in doc.get("notes", [])),
        missing=text(doc["missing"]) if "missing" in doc else None,
        key=text(doc["key"]) if "key" in doc else None,
        column_group=text(doc["column_group"]) if "column_group" in doc else None,
        row_groups=doc.get("row_groups", 1), odds=_odds(doc.get("odds")),
        note=doc.get("note"), source=doc.get("source", {}), path=located.path,
    )


def _odds(doc) -> OddsSpec | None:
    if doc is None:
        return None
    clamp, elim = doc.get("clamp") or {}, doc.get("eliminated") or {}
    return OddsSpec(rolls=doc.get("rolls"), why=text(doc["why"]) if "why" in doc else None,
                    clamp_rule=clamp.get("rule"), clamp_note=clamp.get("note"),
                    parts=tuple(text(p) for p in doc.get("parts", ())),
                    eliminated_per=elim.get("per"), eliminated_rule=elim.get("rule"))


def _glossary(located: yamlsafe.Located | None) -> tuple[Term, ...]:
    if located is None:
        return ()
    validate(located, "glossary")
    terms = []
    seen: dict = {}
    for i, t in enumerate(located.data["terms"]):
        if t["ja"] in seen and seen[t["ja"]] != t["en"]:
            raise located.error(("terms", i, "ja"),
                                f"term {t['ja']!r} already glossed as {seen[t['ja']]!r}")
        seen[t["ja"]] = t["en"]
        terms.append(Term(t["ja"], t["en"], t.get("rule"), t.get("gloss", False), t.get("note"),
                          tuple(t.get("aliases", ())), t.get("reading")))
    return tuple(terms)


def game_from(located: yamlsafe.Located, game_id: str, folder: str, glossary: yamlsafe.Located | None) -> Game:
    """A game.yaml (and its glossary.yaml), without its tables (repository.Repository.game adds them)."""
    validate(located, "game")
    doc = located.data
    if doc["id"] != game_id:
        raise located.error(("id",), f"id {doc['id']!r} does not match the folder name {game_id!r}")
    return Game(
        id=game_id, title=text(doc["title"]),
        sides=tuple(Side(s["id"], text(s["name"])) for s in doc["sides"]),
        source=doc["source"], tables={}, glossary=_glossary(glossary), path=folder,
        headings=tuple(doc.get("rule-headings", {}).get("headings", {}).items()),
        heading_prefixes=tuple(doc.get("rule-headings", {}).get("prefixes", {}).items()),
    )
