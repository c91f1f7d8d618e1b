"""Load and validate data/<game>/ folders into model objects.

Every problem becomes a DataError located at `file:line:col`.
"""
from __future__ import annotations

import functools
import os
from pathlib import Path

from playaids import resources, schemas, yamlsafe
from playaids.errors import DataError, UnknownId
from playaids.model import Game, Grid, LegendEntry, Note, Row, Side, Table, Term, Text

DEFAULT_DATA = resources.DATA


class DataPath:
    """The data folders a command reads, the first holding a game winning: the user's
    (`--data DIR`, repeatable, then $PLAYAIDS_DATA, a path list) before the built-in games.
    A user's game with a built-in id replaces the built-in one."""

    def __init__(self, layers):
        self.layers = tuple(Path(d) for d in layers)

    def game_dir(self, game_id: str) -> Path:
        for d in self.layers:
            if (d / game_id / "game.yaml").is_file():
                return d / game_id
        return self.layers[0] / game_id

    def game_ids(self) -> list[str]:
        return sorted({p.name for d in self.layers for p in d.iterdir() if (p / "game.yaml").is_file()})

    def __str__(self) -> str:
        return os.pathsep.join(str(d) for d in self.layers)

    def __repr__(self) -> str:
        return f"DataPath({str(self)!r})"

    def __eq__(self, other) -> bool:
        return isinstance(other, DataPath) and self.layers == other.layers

    def __hash__(self) -> int:
        return hash(self.layers)


def data_dir(override=None, builtin: bool = True) -> Path | DataPath:
    """The data folders: `override` (a folder or several: --data), then $PLAYAIDS_DATA (a path
    list), then the built-in games unless `builtin` is false. One folder is a plain Path."""
    if isinstance(override, (str, os.PathLike)):
        override = [override]
    layers = [Path(d) for d in override or ()]
    env = os.environ.get("PLAYAIDS_DATA")
    if env:
        layers += [Path(d) for d in env.split(os.pathsep) if d]
    for d in layers:
        if not d.is_dir():
            raise DataError(d, "data folder not found")
        if len(layers) > 1 or builtin:   # a folder alone may be empty (build and validate say so)
            if not any((p / "game.yaml").is_file() for p in d.iterdir()):
                raise DataError(d, "no game folder here (a game is a folder holding game.yaml)")
    if builtin or not layers:
        layers.append(Path(DEFAULT_DATA))
    layers = list(dict.fromkeys(layers))
    return layers[0] if len(layers) == 1 else DataPath(layers)


def game_dir(root, game_id: str) -> Path:
    """The folder of a game (in the first data folder holding it)."""
    return root.game_dir(game_id) if isinstance(root, DataPath) else Path(root) / game_id


@functools.lru_cache(maxsize=None)
def _validator(kind: str):
    import jsonschema  # only when a file is checked: a warm build checks none

    schema = schemas.schema(kind)
    jsonschema.Draft7Validator.check_schema(schema)
    return jsonschema.Draft7Validator(schema)


def _short(v) -> str:
    """A value for an error line: never a whole list or mapping of the file."""
    r = repr(v)
    return r if len(r) <= 60 else f"a {type(v).__name__} ({r[:40]}...)"


def _describe(err, path=None) -> str:
    where = ".".join(str(p) for p in (err.absolute_path if path is None else path)) or "document"
    if err.validator == "oneOf" and "ja" in str(err.schema):
        return f"{where}: must be a string, {{ja: ..., en: ...}} or {{text: ...}}"
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
    if err.validator == "type":
        return f"{where}: {_short(err.instance)} is not of type {err.validator_value!r}"
    return f"{where}: {err.message}"


_VALID: dict = {}
# "kind:schema-digest:file-digest" of files that passed their schema: filled as files pass,
# and (by the build) from its cache, so an unchanged file is not checked again
VALID_DIGESTS: set = set()


@functools.lru_cache(maxsize=None)
def _schema_digest(kind: str) -> str:
    import hashlib
    import json

    return hashlib.sha256(json.dumps(schemas.schema(kind), sort_keys=True).encode()).hexdigest()[:16]


def validate(located: yamlsafe.Located, kind: str) -> None:
    if _VALID.get((id(located), kind)) is located:  # a cached parse already checked
        return
    key = f"{kind}:{_schema_digest(kind)}:{located.digest}" if located.digest else None
    if key in VALID_DIGESTS:
        return
    errors = list(_validator(kind).iter_errors(located.data))
    if not errors:
        _VALID[(id(located), kind)] = located
        if key:
            VALID_DIGESTS.add(key)
        return
    raise schema_error(located, errors)


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
    return located.error(path, _describe(err, path))


def text(value) -> Text:
    if isinstance(value, str):
        return Text.plain(value)
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return Text.plain(str(value))
    if "text" in value:
        return Text(value["text"], value["text"], neutral=True, note=value.get("note"),
                    rule=value.get("rule"), span=value.get("span", 1))
    return Text(value["ja"], value["en"], gloss=value.get("gloss", False), note=value.get("note"),
                rule=value.get("rule"), span=value.get("span", 1))


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
        if label.en in seen_rows:
            raise located.error(base + ("rows", i, "label"), f"duplicate row label {label.en!r}")
        seen_rows[label.en] = i
        rows.append(Row(label, cells, r.get("rule"), r.get("note")))
    corner = text(doc["corner"]) if "corner" in doc else None
    return Grid(corner, columns, tuple(rows))


def table_from(located: yamlsafe.Located, game_id: str, expected_id: str | None = None) -> Table:
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
        row_groups=doc.get("row_groups", 1),
        note=doc.get("note"), source=doc.get("source", {}), path=located.path,
    )


def game_ids(root) -> list[str]:
    if isinstance(root, DataPath):
        return root.game_ids()
    root = Path(root)
    return sorted(p.name for p in root.iterdir() if (p / "game.yaml").is_file())


def _game_dir(root, game_id: str) -> Path:
    d = game_dir(root, game_id)
    if not (d / "game.yaml").is_file():
        raise UnknownId("game", game_id, game_ids(root))
    return d


def table_ids(root, game_id: str) -> list[str]:
    d = _game_dir(root, game_id) / "tables"
    return sorted(p.stem for p in d.glob("*.yaml")) if d.is_dir() else []


def load_table(root, game_id: str, table_id: str) -> Table:
    d = _game_dir(root, game_id)
    path = d / "tables" / f"{table_id}.yaml"
    if not path.is_file():
        raise UnknownId(f"table of {game_id}", table_id, table_ids(root, game_id))
    return table_from(yamlsafe.load(path), game_id, table_id)


def _glossary(path: Path) -> tuple[Term, ...]:
    if not path.is_file():
        return ()
    located = yamlsafe.load(path)
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


def load_game(root, game_id: str, with_tables: bool = True) -> Game:
    d = _game_dir(root, game_id)
    located = yamlsafe.load(d / "game.yaml")
    validate(located, "game")
    doc = located.data
    if doc["id"] != game_id:
        raise located.error(("id",), f"id {doc['id']!r} does not match the folder name {game_id!r}")
    tables = {}
    if with_tables:
        for tid in table_ids(root, game_id):
            tables[tid] = load_table(root, game_id, tid)
    return Game(
        id=game_id, title=text(doc["title"]),
        sides=tuple(Side(s["id"], text(s["name"])) for s in doc["sides"]),
        source=doc["source"], tables=tables, glossary=_glossary(d / "glossary.yaml"), path=str(d),
    )


def validate_all(root) -> tuple[list[str], list[DataError]]:
    """Check every file of every game folder; returns (game ids, every error found)."""
    ids = game_ids(root)
    errors: list[DataError] = []
    for gid in ids:
        try:
            load_game(root, gid, with_tables=False)
        except DataError as e:
            errors.append(e)
        for tid in table_ids(root, gid):
            try:
                load_table(root, gid, tid)
            except DataError as e:
                errors.append(e)
        from playaids import chartsets, rules, turns  # documents: turns.yaml, rules.yaml (they import load)

        for check in (turns.check, rules.check, chartsets.load_sheets):
            try:
                check(root, gid)
            except DataError as e:
                errors.append(e)
        from playaids.engine import loading  # scenarios and map facts

        try:
            loading.load_map(root, gid)
        except DataError as e:
            errors.append(e)
        for sid in loading.scenario_ids(root, gid):
            try:
                loading.load_scenario(root, gid, sid)
            except DataError as e:
                errors.append(e)
    # a broken game.yaml is met again by every file that needs it: each problem once
    return ids, list({str(e): e for e in errors}.values())
