"""Known, intended differences (`check-table --accept FILE`): a translator's deliberate
rewording is listed once with its reason, and the report marks it accepted instead of failing.

The file is YAML, a list of entries; each names the difference by what the report prints:

    - row: "攻撃部隊 S"          # the source row label (ja or en), or the file's for an extra row
      column: "3"               # the source column label
      found: "攻撃部隊(撃沈)"    # optional: accept only this text in the file
      kind: cell                # optional: one of the report's kinds (cell, row-label, ...)
      why: the publisher's style names the result in full

`why` is required, and at least one of row, column, found. Texts match after the checker's
normalisation (full-width digits, dashes, old character forms ...).
"""
from __future__ import annotations

import dataclasses

from playaids import schemas, yamlsafe
from playaids.checker.compare import KINDS, Comparison
from playaids.checker.normalise import norm
from playaids.errors import DataError

_TEXT = {"type": ["string", "number"], "maxLength": 2000}
SCHEMA = {
    "type": "array",
    "maxItems": 10_000,
    "items": {
        "type": "object",
        "additionalProperties": False,
        "required": ["why"],
        "anyOf": [{"required": ["row"]}, {"required": ["column"]}, {"required": ["found"]}],
        "properties": {
            "kind": {"enum": list(KINDS)},
            "row": _TEXT,
            "column": _TEXT,
            "found": _TEXT,
            "why": {"type": "string", "minLength": 1, "maxLength": 2000},
        },
    },
}


@dataclasses.dataclass(frozen=True)
class Entry:
    why: str
    line: int | None
    kind: str | None = None
    row: str | None = None
    column: str | None = None
    found: str | None = None

    def matches(self, d) -> bool:
        if self.kind is not None and d.kind != self.kind:
            return False
        for want, have in ((self.row, d.row), (self.column, d.column), (self.found, d.found)):
            if want is not None and norm(want) != norm(have or ""):
                return False
        return True


def load(path) -> list[Entry]:
    """The entries of an accept file; a malformed one is a DataError at its line."""
    located = yamlsafe.load(path)
    doc = located.data if located.data is not None else []
    errors = sorted(schemas.errors(schemas.validator(SCHEMA), doc), key=lambda e: list(e.absolute_path))
    if errors:
        e = errors[0]
        line, col = located.where(e.absolute_path)
        path_ = list(e.absolute_path)
        where = (f"entry {path_[0] + 1}" + "".join(f".{p}" for p in path_[1:])) if path_ else "document"
        if e.validator in ("anyOf", "required"):
            raise DataError(path, f"{where}: give why, and at least one of row, column, found", line, col)
        from playaids import load as data_load   # its words for a schema error, never the file's text whole

        raise DataError(path, f"{where}: {data_load.describe(e, path_).split(': ', 1)[1]}", line, col)
    out = []
    for i, item in enumerate(doc):
        line, _ = located.where((i,))
        out.append(Entry(why=item["why"], line=line, kind=item.get("kind"),
                         **{k: str(item[k]) for k in ("row", "column", "found") if k in item}))
    return out


def _key(e: Entry) -> tuple:
    """Which fields an entry names (its shape) and their normalised values."""
    fields = (e.kind, e.row, e.column, e.found)
    shape = tuple(f is not None for f in fields)
    return shape, tuple(f if j == 0 else norm(f) for j, f in enumerate(fields) if f is not None)


def apply(cmp: Comparison, entries: list[Entry]) -> list[Entry]:
    """Mark the differences an entry accepts (the first entry matching each); the entries that
    matched none (stale ones). Entries are indexed by the fields they name, so N entries
    against N differences take linear time (10,000 of each took 43.6 s pairwise)."""
    index: dict[tuple, dict[tuple, int]] = {}
    for k, e in enumerate(entries):
        shape, values = _key(e)
        index.setdefault(shape, {}).setdefault(values, k)
    used = set()
    for i, d in enumerate(cmp.differences):
        have = (d.kind, norm(d.row or ""), norm(d.column or ""), norm(d.found or ""))
        hits = [by_value.get(tuple(h for h, named in zip(have, shape) if named))
                for shape, by_value in index.items()]
        hits = [k for k in hits if k is not None]
        if hits:
            k = min(hits)
            cmp.differences[i] = dataclasses.replace(d, accepted=entries[k].why)
            used.add(k)
    return [e for k, e in enumerate(entries) if k not in used]
