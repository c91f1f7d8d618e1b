"""Reading setup files (the setup people exchange, engine.setupfile.Setup): one YAML document, a
`---` stream of them or JSON lines, checked by the setup schema (schemas.setup), each error at
its file and line. The data layer above the engine: the engine never reads a file itself."""
from __future__ import annotations

import math

from playaids import schemas, yamlsafe
from playaids.engine.setupfile import Placement, Setup
from playaids.load import schema_error


def no_keys(game_id: str) -> tuple:
    return ()


def parse(located: yamlsafe.Located, setup_keys=no_keys) -> Setup:
    """Structure only, by the setup file's JSON Schema (schemas.setup: unknown keys, types,
    ranges); whether game, scenario and units exist is checked against the data.
    `setup_keys(game id)`: the top-level keys that game adds (Repository.setup_keys)."""
    doc = located.data
    if not isinstance(doc, dict):
        raise located.error((), "a setup file is a mapping with game, scenario, draws, choices, placements")
    keys = tuple(setup_keys(doc["game"])) if isinstance(doc.get("game"), str) else ()
    errors = schemas.errors(schemas.setup_validator(keys), doc)
    if errors:
        raise schema_error(located, errors)
    game, scenario, seed = doc["game"], doc["scenario"], doc.get("seed")
    placements = []
    for i, p in enumerate(doc.get("placements", [])):
        count = p.get("count", 1)
        sp = p.get("sp")
        if isinstance(sp, float) and math.isnan(sp):   # the schema's range lets NaN through: no comparison holds
            raise located.error(("placements", i, "sp"), f"sp must be a number from 0 to 1000, not {sp!r}")
        extra = {k: v for k, v in p.items() if k not in ("side", "unit", "at", "count")}
        placements.append(Placement(str(p["side"]), str(p["unit"]), str(p["at"]), count, extra))
    extra = {k: v for k, v in doc.items() if k not in {"game", "scenario", "seed", "draws", "derived",
                                                        "choices", "placements", "note"}}
    return Setup(game, scenario, seed, dict(doc.get("draws", {})), dict(doc.get("derived", {})),
                 dict(doc.get("choices", {})), placements, located, extra)


def load(path, setup_keys=no_keys) -> Setup:
    return parse(yamlsafe.load(path), setup_keys)


def iter_all(path, setup_keys=no_keys):
    """Every setup of a file, one at a time: one YAML document, a `---` stream of them, or JSON
    lines (a stream of any length, in bounded memory)."""
    return (parse(doc, setup_keys) for doc in yamlsafe.iter_all(path))
