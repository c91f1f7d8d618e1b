"""JSON Schemas (draft-07) for every kind of data file, published by `playaids data schema`.

Editors with a YAML language server use them to complete and check data as it is typed;
the loader validates against the same documents.
"""
from __future__ import annotations

import functools

from playaids.model import MAP_SYMBOLS

DRAFT = "http://json-schema.org/draft-07/schema#"
BASE = "https://playaids.invalid/schema/"

_RULE_ITEM = r"[A-Z]{0,2}[0-9]+(\.[0-9]+)*[a-z]?(-[A-Z]{0,2}[0-9]+(\.[0-9]+)*[a-z]?)?"
# A table a card can draw: the data holds at most 11 columns and 23 rows; a 1,000 x 1,000 one
# took 683 MB and 102 s to lay out (issue 25)
MAX_COLUMNS = 40
MAX_ROWS = 400
MAX_LABEL = 300   # characters of a row label (300 rows of 300-character labels: every row drawn)
MAX_BOX = 1000    # characters of a table's box of what the rules do not give (the data's longest: 204)
MAX_TITLE = 160   # characters of a title of a table, sheet or game, or a side's name (the data's longest: 47)
RULE = {"type": "string", "pattern": rf"^(§\S.*|{_RULE_ITEM}(, {_RULE_ITEM})*)$",
        "description": "Rule number(s) as printed: \"7.3\", \"G11.32\", \"16.2-16.4\", \"8.3, 8.7\"; for a seed without numbers, its section heading: \"§戦闘\"."}
NOTE = {"type": "string", "minLength": 1,
        "description": "Why the value reads as it does: reconstruction, OCR slip, conflict."}

# a map symbol a legend draws before a cell's words (a CCSS legend's cave, boundary, tunnel)
DRAW = {"enum": list(MAP_SYMBOLS), "description": "A map symbol drawn before the words: " + ", ".join(MAP_SYMBOLS) + "."}

DEFINITIONS = {
    "rule": RULE,
    "note": NOTE,
    "text": {
        "description": "A plain language-neutral string, or {ja, en}, or {text} with optional note/rule/span.",
        "oneOf": [
            {"type": "string"},
            {"type": "object",
             "properties": {"ja": {"type": "string"}, "en": {"type": "string"},
                            "gloss": {"type": "boolean"}, "note": NOTE, "rule": RULE,
                            "span": {"type": "integer", "minimum": 1, "maximum": MAX_COLUMNS}, "draw": DRAW},
             "required": ["ja", "en"], "additionalProperties": False},
            {"type": "object",
             "properties": {"text": {"type": "string"}, "note": NOTE, "rule": RULE,
                            "span": {"type": "integer", "minimum": 1, "maximum": MAX_COLUMNS}, "draw": DRAW},
             "required": ["text"], "additionalProperties": False},
        ],
    },
    # a row label: drawn in the label column of every card and chart set (the data's longest: 88)
    "short": {"anyOf": [{"type": "string", "maxLength": MAX_LABEL},
                        {"type": "object", "properties": {"ja": {"maxLength": MAX_LABEL}, "en": {"maxLength": MAX_LABEL},
                                                          "text": {"maxLength": MAX_LABEL}}}]},
    "bilingual": {
        "type": "object",
        "properties": {"ja": {"type": "string", "minLength": 1}, "en": {"type": "string", "minLength": 1},
                       "gloss": {"type": "boolean"}, "note": NOTE},
        "required": ["ja", "en"], "additionalProperties": False,
    },
    # a title (of a table, a sheet, a game) or a side's name: one heading, its length bounded
    # so it fits a card's and a chart set's band and a sheet's head (issue 25 item 12)
    "heading": {"allOf": [{"$ref": "#/definitions/bilingual"},
                          {"properties": {"ja": {"maxLength": MAX_TITLE}, "en": {"maxLength": MAX_TITLE}}}]},
    "source": {
        "type": "object",
        "properties": {"seed": {"type": "string"}, "lines": {"type": ["string", "integer"]},
                       "note": {"type": "string"}},
        "required": ["seed"], "additionalProperties": False,
    },
    "row": {
        "type": "object",
        "properties": {"label": {"allOf": [{"$ref": "#/definitions/text"}, {"$ref": "#/definitions/short"}]},
                       "cells": {"type": "array", "maxItems": MAX_COLUMNS, "items": {"$ref": "#/definitions/text"}},
                       "rule": RULE, "note": NOTE},
        "required": ["label", "cells"], "additionalProperties": False,
    },
    "grid": {
        "type": "object",
        "properties": {"corner": {"$ref": "#/definitions/text"},
                       "columns": {"type": "array", "maxItems": MAX_COLUMNS, "items": {"$ref": "#/definitions/text"}},
                       "rows": {"type": "array", "maxItems": MAX_ROWS, "items": {"$ref": "#/definitions/row"}},
                       "rule": RULE, "note": NOTE},
        "required": ["columns", "rows"], "additionalProperties": False,
    },
}

TABLE = {
    "$schema": DRAFT, "$id": BASE + "table.json", "title": "playaids table",
    "type": "object",
    "properties": {
        "id": {"type": "string", "pattern": "^[a-z0-9]+(-[a-z0-9]+)*$"},
        # a title is one heading: its length bounded so it fits a card's and a chart set's band
        "title": {"$ref": "#/definitions/heading"},
        "rule": RULE,
        "dice": {"type": "string", "enum": ["1d6", "2d6", "3d6", "d66", "1d10", "none"]},
        "source": {"$ref": "#/definitions/source"},
        "note": NOTE,
        "corner": {"$ref": "#/definitions/text"},
        "columns": {"type": "array", "maxItems": MAX_COLUMNS, "items": {"$ref": "#/definitions/text"}},
        "rows": {"type": "array", "maxItems": MAX_ROWS, "items": {"$ref": "#/definitions/row"}},
        "modifiers": {"$ref": "#/definitions/grid"},
        "legend": {"type": "array", "items": {
            "type": "object",
            "properties": {"code": {"$ref": "#/definitions/text"},
                           "text": {"$ref": "#/definitions/text"}, "rule": RULE, "note": NOTE},
            "required": ["code", "text"], "additionalProperties": False}},
        "notes": {"type": "array", "items": {
            "type": "object",
            "properties": {"text": {"$ref": "#/definitions/text"}, "rule": RULE, "note": NOTE},
            "required": ["text"], "additionalProperties": False}},
        # what the rules do not give, in a box over the grid (one page at most: the data's longest 204)
        "missing": {"allOf": [{"$ref": "#/definitions/bilingual"},
                              {"properties": {"ja": {"maxLength": MAX_BOX}, "en": {"maxLength": MAX_BOX}}}]},
        "key": {"$ref": "#/definitions/bilingual",
                "description": "How to read a cell, printed under the title (e.g. which half of 'A / D' is the attacker's)."},
        "column_group": {"$ref": "#/definitions/heading",
                         "description": "A heading the seed prints over all the result columns (e.g. 'Hits' over 1-9)."},
        "row_groups": {"type": "integer", "minimum": 2, "maximum": 12,
                       "description": "The rows come in groups of this many (a sunk and a damaged line per "
                                      "fleet): a heavier rule is drawn between groups."},
        "odds": {
            "type": "object", "description": "How `playaids odds` reads the table (docs/data-format.md).",
            "properties": {
                "rolls": {"enum": ["rows", "columns", "none"],
                          "description": "Which labels are the rolls (default: found from the labels)."},
                "why": {"$ref": "#/definitions/bilingual", "description": "With rolls: none, why."},
                "clamp": {"type": "object", "description": "The rules read a modified roll beyond the rows "
                                                           "as the end row.",
                          "properties": {"rule": RULE, "note": NOTE}, "required": ["rule"],
                          "additionalProperties": False},
                "parts": {"type": "array", "minItems": 2, "maxItems": 4,
                          "items": {"$ref": "#/definitions/bilingual"},
                          "description": "What each part of an 'A / D' cell is, in order."},
                "eliminated": {"type": "object",
                               "description": "'#' is steps lost per `per` steps: a stack of n <= per steps is "
                                              "eliminated when # >= n.",
                               "properties": {"per": {"type": "integer", "minimum": 1, "maximum": 100},
                                              "rule": RULE}, "required": ["per", "rule"],
                               "additionalProperties": False},
            },
            "additionalProperties": False,
        },
    },
    "required": ["id", "title", "rule", "columns", "rows"],
    "additionalProperties": False,
    "definitions": DEFINITIONS,
}

GAME = {
    "$schema": DRAFT, "$id": BASE + "game.json", "title": "playaids game",
    "type": "object",
    "properties": {
        "id": {"type": "string", "pattern": "^[a-z0-9]+(-[a-z0-9]+)*$"},
        "title": {"$ref": "#/definitions/heading"},   # on every aid, its footer and the gallery
        "source": {"$ref": "#/definitions/source"},
        "sides": {"type": "array", "minItems": 1, "items": {
            "type": "object",
            "properties": {"id": {"type": "string", "pattern": "^[a-z0-9]+(-[a-z0-9]+)*$"},
                           "name": {"$ref": "#/definitions/heading"}},
            "required": ["id", "name"], "additionalProperties": False}},
        "scale": {"type": "object"},
        "note": NOTE,
        "rule": RULE,
        # a seed without rule numbers cites its section headings (§戦闘): their English, for the
        # rule references of English aids, and of the scenario names heading them
        "rule-headings": {
            "type": "object",
            "properties": {
                "headings": {"type": "object", "maxProperties": 500,
                             "additionalProperties": {"type": "string", "minLength": 1, "maxLength": 160}},
                "prefixes": {"type": "object", "maxProperties": 50,
                             "additionalProperties": {"type": "string", "minLength": 1, "maxLength": 160}},
                "note": NOTE,
            },
            "required": ["headings"], "additionalProperties": False},
    },
    "required": ["id", "title", "source", "sides"],
    "additionalProperties": False,
    "definitions": DEFINITIONS,
}

GLOSSARY = {
    "$schema": DRAFT, "$id": BASE + "glossary.json", "title": "playaids glossary",
    "type": "object",
    "properties": {
        "terms": {"type": "array", "items": {
            "type": "object",
            "properties": {"ja": {"type": "string", "minLength": 1},
                           "en": {"type": "string", "minLength": 1},
                           "rule": RULE, "gloss": {"type": "boolean"}, "note": NOTE,
                           "reading": {"type": "string", "pattern": "^[\u3041-\u309f\u30fc・ A-Za-z0-9]+$",
                                       "description": "The term's reading in hiragana, for gojūon order, where the "
                                                      "proposed one (pykakasi) is wrong."},
                           "aliases": {"type": "array", "items": {"type": "string"}}},
            "required": ["ja", "en"], "additionalProperties": False}},
    },
    "required": ["terms"],
    "additionalProperties": False,
    "definitions": DEFINITIONS,
}

SHEETS = {
    "$schema": DRAFT, "$id": BASE + "sheets.json", "title": "playaids chart sheets",
    "description": "The game's tables grouped into chart sheets, as a player looks things up (combat, air, "
                   "naval, reinforcements, victory, solitaire); every table on exactly one sheet.",
    "type": "object",
    "properties": {
        "sheets": {"type": "array", "minItems": 1, "maxItems": 40, "items": {
            "type": "object",
            "properties": {
                "id": {"type": "string", "pattern": "^[a-z0-9]+(-[a-z0-9]+)*$", "maxLength": 60},
                "title": {"$ref": "#/definitions/heading"},
                "tables": {"type": "array", "minItems": 1, "maxItems": 200, "items": {
                    "type": "string", "pattern": "^[a-z0-9]+(-[a-z0-9]+)*$", "maxLength": 80}},
            },
            "required": ["id", "title", "tables"], "additionalProperties": False}},
    },
    "required": ["sheets"],
    "additionalProperties": False,
    "definitions": DEFINITIONS,
}

SCHEMAS = {"table": TABLE, "game": GAME, "glossary": GLOSSARY, "sheets": SHEETS}


def schema(kind: str) -> dict:
    return SCHEMAS[kind]


from playaids.engine import vocabulary  # noqa: E402  (element and constraint kinds state their own schemas)

_ID = {"type": "string", "pattern": "^[a-z0-9]+([-/][a-z0-9]+)*$"}

SCENARIO = {
    "$schema": DRAFT, "$id": BASE + "scenario.json", "title": "playaids scenario",
    "type": "object",
    "properties": {
        "id": {"type": "string", "pattern": "^[a-z0-9]+(-[a-z0-9]+)*$"},
        "title": {"$ref": "#/definitions/heading"},
        "rule": RULE,
        "turns": {"type": "object", "properties": {"first": {"type": "integer"}, "last": {"type": "integer"},
                                                   "rule": RULE, "note": NOTE}},
        "note": NOTE,
        "solo": {"type": "object", "description": "Solitaire play: the side the one player commands (the "
                 "other is played by the rules), with the rule that says so.",
                 "properties": {"side": {"type": "string"}, "rule": RULE, "note": NOTE},
                 "required": ["side", "rule"], "additionalProperties": False},
        "missing": {"$ref": "#/definitions/bilingual"},
        "notes": {"type": "array", "items": {
            "type": "object", "properties": {
                "text": {"$ref": "#/definitions/text"}, "rule": RULE, "note": NOTE,
                "table": {**_ID, "description": "A table of the game the note's set-up follows (18.522: "
                                               "'as follows'), printed under the note on the setup sheet."}},
            "required": ["text"], "additionalProperties": False}},
        "elements": {"type": "array", "items": vocabulary.item_schema(vocabulary.ELEMENTS)},
        "units": {"type": "array", "items": {
            "type": "object",
            "properties": {"id": _ID, "side": {"type": "string"},
                           "count": {"oneOf": [{"type": "integer", "minimum": 0, "maximum": vocabulary.MAX_COUNT},
                                                 {"const": "unstated"}]},
                           "type": {"type": "string"}, "tags": {"type": "array", "items": {"type": "string"}},
                           "at": vocabulary.UNIT_AT, "rule": RULE, "note": NOTE, "unless": {"type": "string"},
                           "when": vocabulary.WHEN, "name": {"$ref": "#/definitions/bilingual"},
                           "sp": {"type": "integer"}, "generate-at": vocabulary.GENERATE_AT,
                           "face": {"enum": ["up", "down"], "description": "The side the counter sets up on; "
                                                                           "a placement's face: must agree."},
                           "back": {"$ref": "#/definitions/bilingual",
                                    "description": "A face-down counter as the opponent sees it: the setup "
                                                   "sheet's public part prints this, the owner's slip the name."},
                           "split": {"type": "boolean", "description": "The entry is a group of counters "
                                     "the rules do not count (a division, 'all other units'), count 1: a setup "
                                     "may place it in several pieces, each a placement."},
                           "may-be": {"type": "array", "items": {"type": "string"}, "description": "Types "
                                      "some counters of the entry may be (Okinawa's remaining IJA units include "
                                      "AT guns): a placement's `type:` says which; a limit that depends on it "
                                      "is reported unchecked until it does."},
                           "pool": {**_ID, "description": "Units of one pool are the same counter (the rules "
                                    "give them by kind and number): a setup may label any of them with any "
                                    "entry of the pool, as long as the pool's counters can be matched to "
                                    "the entries' places and numbers."}},
            "required": ["id", "side", "count", "rule"], "additionalProperties": False}},
        "constraints": {"type": "array", "items": vocabulary.item_schema(vocabulary.CONSTRAINTS)},
    },
    "required": ["id", "title", "rule"],
    "additionalProperties": False,
    "definitions": DEFINITIONS,
}

MAP = {
    "$schema": DRAFT, "$id": BASE + "map.json", "title": "playaids map facts",
    "type": "object",
    "properties": {
        "numbered-hexes": {"type": "boolean", "description": "A hex map whose hex numbers the rules do not "
                                                              "give (no grid): a bare number names one of its hexes."},
        "grid": {"type": "object",
                 "properties": {"digits": {"type": "integer"}, "columns": {"enum": ["vertical"]},
                                "shifted": {"enum": ["even", "odd"]}, "note": NOTE, "rule": RULE},
                 "additionalProperties": False},
        "areas": {"type": "array", "description": "How a setup sheet groups each side's placements: a "
                                                  "heading for the places of these kinds or ids, in order.",
                  "items": {"type": "object",
                            "properties": {"name": {"$ref": "#/definitions/bilingual"},
                                           "kinds": {"type": "array", "items": {"type": "string"}},
                                           "places": {"type": "array", "items": {"type": "string"}},
                                           "note": NOTE},
                            "required": ["name"], "additionalProperties": False}},
        "places": {"type": "array", "items": {
            "type": "object",
            "properties": {"id": _ID, "name": {"$ref": "#/definitions/bilingual"}, "kind": {"type": "string"},
                           "hexes": {"type": "array", "items": {"type": "string", "pattern": "^[0-9]{4}$"}},
                           "zones": {"type": "array", "items": {"type": "string"}},
                           "doubtful-zones": {"type": "array", "items": {"type": "string"},
                                              "description": "zones the place may belong to under one reading "
                                                             "of a damaged source: verify leaves it unchecked"},
                           "not-zones": {"type": "array", "items": {"type": "string"},
                                         "description": "zones the source says the place is not in"},
                           "unlisted-members": {"type": "boolean",
                                                "description": "a zone whose places the source does not all "
                                                               "name: a place not listed in it may still be in "
                                                               "it (verify leaves it unchecked, not failed)"},
                           "slots": {"type": "integer", "minimum": 1, "maximum": vocabulary.MAX_COUNT},
                           "aliases": {"type": "array", "items": _ID,
                                       "description": "other ids a setup may use for the place, names the "
                                                      "rules give it (Ft. Wint: olongapo)"},
                           "rule": RULE, "note": NOTE},
            "required": ["id", "name"], "additionalProperties": False}},
        "note": NOTE,
    },
    "additionalProperties": False,
    "definitions": DEFINITIONS,
}

SCHEMAS.update({"scenario": SCENARIO, "map": MAP})


# --- documents: turn-record data (turns.yaml) and rule summaries (rules.yaml) ---------------

_TURN_SPEC = {
    "description": "A turn (1), a list of turns ([7, 10]), a span ({from: 9, to: 13}), 'setup' "
                   "(before turn 1) or 'unknown' (the source prints the event without a legible turn).",
    "oneOf": [
        {"type": "integer", "minimum": 1},
        {"type": "array", "items": {"type": "integer", "minimum": 1}, "minItems": 1},
        {"type": "object", "properties": {"from": {"type": "integer", "minimum": 1},
                                          "to": {"type": "integer", "minimum": 1}},
         "required": ["from", "to"], "additionalProperties": False},
        {"enum": ["setup", "unknown"]},
    ],
}
_SCOPE = {"type": "array", "items": {"type": "string"}, "minItems": 1,
          "description": "Scenario ids the entry applies to (all when absent)."}
_SIDE = {"type": "string", "description": "A side id of game.yaml."}
_EVENT_KINDS = ["arrival", "withdrawal", "landing", "release", "air", "naval", "weather", "victory",
                "start", "end", "option", "special"]


def _entry(props: dict, required=("rule",)) -> dict:
    return {"type": "object", "properties": props, "required": list(required), "additionalProperties": False}


TURNS = {
    "$schema": DRAFT, "$id": BASE + "turns.json", "title": "playaids turn record",
    "type": "object",
    "properties": {
        "game": {"type": "string", "pattern": "^[a-z0-9]+(-[a-z0-9]+)*$"},
        "title": {"$ref": "#/definitions/heading"},
        "rule": RULE,
        "source": {"$ref": "#/definitions/source"},
        "note": NOTE,
        # bounds: a sheet draws one box a turn; a turn spans a day to a year of the calendar
        "turns": {"type": "integer", "minimum": 1, "maximum": 500, "description": "Boxes on the longest track."},
        "turn_length": {"$ref": "#/definitions/text"},
        "calendar": _entry({"start": {"type": "string", "pattern": r"^\d{4}-\d{2}-\d{2}$"},
                            "step_days": {"type": "integer", "minimum": 1, "maximum": 366}, "rule": RULE,
                            "note": NOTE},
                           ("start", "step_days", "rule")),
        "labels": {"type": "array", "items": _entry(
            {"turn": {"type": "integer", "minimum": 1}, "text": {"$ref": "#/definitions/text"},
             "rule": RULE, "note": NOTE}, ("turn", "text", "rule"))},
        "dates_note": {"$ref": "#/definitions/text"},
        "scenarios": {"type": "array", "minItems": 1, "items": _entry(
            {"id": {"type": "string", "pattern": "^[a-z0-9]+(-[a-z0-9]+)*$"},
             "name": {"$ref": "#/definitions/bilingual"},
             "first": {"type": "integer", "minimum": 1}, "last": {"type": "integer", "minimum": 1},
             "rule": RULE, "note": NOTE,
             "notes": {"type": "array", "items": _entry(
                 {"text": {"$ref": "#/definitions/text"}, "rule": RULE, "note": NOTE}, ("text", "rule"))}},
            ("id", "name", "first", "last", "rule"))},
        "legend": {"type": "array", "items": _entry(
            {"code": {"$ref": "#/definitions/text"}, "text": {"$ref": "#/definitions/text"},
             "rule": RULE, "note": NOTE}, ("code", "text", "rule"))},
        "each_turn": {"type": "array", "items": _entry(
            {"text": {"$ref": "#/definitions/text"}, "rule": RULE, "note": NOTE, "scenarios": _SCOPE},
            ("text", "rule"))},
        "events": {"type": "array", "items": _entry(
            {"turn": {"$ref": "#/definitions/turnspec"}, "text": {"$ref": "#/definitions/text"},
             "rule": RULE, "side": _SIDE, "kind": {"enum": _EVENT_KINDS}, "scenarios": _SCOPE,
             "repeat": {"type": "boolean", "description": "Print a span without its turn label (a span prints in every box it covers)."},
             "note": NOTE}, ("turn", "text", "rule"))},
        "per_turn": {"type": "array", "items": _entry(
            {"id": {"type": "string"}, "name": {"$ref": "#/definitions/text"}, "rule": RULE, "note": NOTE,
             "scenarios": _SCOPE,
             "values": {"type": "array", "minItems": 1, "items": _entry(
                 {"turn": {"$ref": "#/definitions/turnspec"}, "text": {"$ref": "#/definitions/text"},
                  "note": NOTE}, ("turn", "text"))}},
            ("id", "name", "rule", "values"))},
        "checkboxes": {"type": "array", "items": _entry(
            {"id": {"type": "string"}, "name": {"$ref": "#/definitions/text"}, "rule": RULE, "note": NOTE,
             "scenarios": _SCOPE, "marked": {"type": "array", "items": {"type": "integer", "minimum": 1}}},
            ("id", "name", "rule"))},
        "tracks": {"type": "array", "items": _entry(
            {"id": {"type": "string"}, "name": {"$ref": "#/definitions/bilingual"}, "rule": RULE,
             "note": NOTE, "scenarios": _SCOPE,
             "side": dict(_SIDE, description="A side's own record (its planning pad): printed on a page of "
                                             "its own, for that side's eyes only."),
             "kind": {"enum": ["boxes", "record", "grid"],
                      "description": "boxes: a numbered strip (min..max or boxes); record: one write-in "
                                     "cell per turn (rows optional); grid: rows x columns write-in."},
             "min": {"type": "integer"}, "max": {"type": "integer"},
             "boxes": {"type": "array", "items": {"$ref": "#/definitions/text"}},
             "rows": {"type": "array", "items": {"$ref": "#/definitions/text"}},
             "columns": {"type": "array", "items": {"$ref": "#/definitions/text"}}},
            ("id", "name", "rule", "kind"))},
    },
    "required": ["game", "rule", "source", "turns", "scenarios"],
    "additionalProperties": False,
    "definitions": {**DEFINITIONS, "turnspec": _TURN_SPEC},
}

_RULE_ITEM = {
    "type": "object",
    "properties": {"name": {"$ref": "#/definitions/text"}, "text": {"$ref": "#/definitions/text"},
                   "rule": RULE, "note": NOTE,
                   "items": {"type": "array", "items": {"$ref": "#/definitions/ruleitem"}}},
    "required": ["rule"],
    "anyOf": [{"required": ["name"]}, {"required": ["text"]}],
    "additionalProperties": False,
}

RULES = {
    "$schema": DRAFT, "$id": BASE + "rules.json", "title": "playaids rule summary",
    "type": "object",
    "properties": {
        "game": {"type": "string", "pattern": "^[a-z0-9]+(-[a-z0-9]+)*$"},
        "title": {"$ref": "#/definitions/heading"},
        "source": {"$ref": "#/definitions/source"},
        "note": NOTE,
        "sections": {"type": "array", "minItems": 1, "items": _entry(
            {"id": {"type": "string", "pattern": "^[a-z0-9]+(-[a-z0-9]+)*$"},
             "title": {"$ref": "#/definitions/heading"}, "rule": RULE, "note": NOTE,
             "kind": {"enum": ["sequence", "points"]},
             "intro": {"$ref": "#/definitions/text"}, "missing": {"$ref": "#/definitions/bilingual"},
             "items": {"type": "array", "minItems": 1, "items": {"$ref": "#/definitions/ruleitem"}}},
            ("id", "title", "rule", "kind", "items"))},
    },
    "required": ["game", "title", "source", "sections"],
    "additionalProperties": False,
    "definitions": {**DEFINITIONS, "ruleitem": _RULE_ITEM},
}

SCHEMAS.update({"turns": TURNS, "rules": RULES})

# --- the coverage ledger (coverage.yaml): every set-up sentence of the seed and what checks it -----

_REF = {"type": "string", "pattern": "^(unit|element|constraint|check):[a-z0-9]+([-/][a-z0-9]+)*$",
        "description": "unit:<id>, element:<id>, constraint:<id> of the scenario, or check:<name> of the "
                       "game's own checks."}
COVERAGE = {
    "$schema": DRAFT, "$id": BASE + "coverage.json", "title": "playaids coverage ledger",
    "description": "Every set-up sentence of the seed, quoted with its rule, and what enforces it.",
    "type": "object",
    "properties": {
        "game": {"type": "string"}, "seed": {"type": "string"}, "note": NOTE,
        "entries": {"type": "array", "minItems": 1, "items": {
            "type": "object",
            "properties": {
                "rule": RULE,
                "scenarios": {"oneOf": [{"const": "all"}, {"type": "array", "minItems": 1,
                                                            "items": {"type": "string"}}]},
                "line": {"type": "integer", "minimum": 1, "maximum": 1_000_000,
                         "description": "The seed line where the sentence starts."},
                "ja": {"type": "string", "minLength": 1, "description": "The sentence as the seed prints it."},
                "en": {"type": "string", "minLength": 1, "description": "The sentence in English."},
                "status": {"enum": ["checked", "unchecked", "not-setup"]},
                "checks": {"type": "array", "minItems": 1, "items": _REF},
                "needs": {"type": "string", "minLength": 1, "description": "What checking it needs."},
                "why": {"type": "string", "minLength": 1, "description": "Why it is no set-up rule."},
                "note": NOTE,
            },
            "required": ["rule", "scenarios", "ja", "en", "status"],
            "additionalProperties": False,
            "allOf": [
                {"if": {"properties": {"status": {"const": "checked"}}},
                 "then": {"required": ["checks"], "not": {"required": ["needs"]}}},
                {"if": {"properties": {"status": {"const": "unchecked"}}}, "then": {"required": ["needs"]}},
                {"if": {"properties": {"status": {"const": "not-setup"}}},
                 "then": {"required": ["why"], "not": {"required": ["checks"]}}},
            ]}},
    },
    "required": ["entries"],
    "additionalProperties": False,
    "definitions": DEFINITIONS,
}
SCHEMAS["coverage"] = COVERAGE


# --- size bounds ------------------------------------------------------------------------------
# Every list and string of a data file is bounded, so a file within the reader's size cap
# cannot make a later command run for minutes (a 40,000-term glossary took WeasyPrint past
# two minutes). The real data's largest list holds 200 entries, its longest string 1,050
# characters; a schema may set a tighter bound of its own.
MAX_ITEMS = 1000
MAX_STRING = 4000


def _bounded(node):
    if isinstance(node, dict):
        kinds = node.get("type")
        kinds = kinds if isinstance(kinds, list) else [kinds]
        if "array" in kinds:
            node.setdefault("maxItems", MAX_ITEMS)
        if "string" in kinds:
            node.setdefault("maxLength", MAX_STRING)
        for v in node.values():
            _bounded(v)
    elif isinstance(node, list):
        for v in node:
            _bounded(v)
    return node


for _s in SCHEMAS.values():
    _bounded(_s)


# The setup file a player writes or `scenario` makes (engine/setupfile.py): what the shared
# engine reads. A game adds its own top-level keys (games.base.GameRules.setup_keys); `setup(keys)`
# is the schema of that game's setups, SETUP the one `data schema setup` publishes (every
# game's keys allowed).
_SHORT = {"type": ["string", "integer"], "maxLength": 1000}
MAX_PLACEMENT_COUNT = 10_000   # no scenario places more of one unit
_PLACEMENT = {
    "type": "object", "additionalProperties": False, "required": ["side", "unit", "at"],
    "description": "Where units go: `count` of `unit` of `side` at a place, hex or slot.",
    "properties": {
        "side": _SHORT, "unit": _SHORT, "at": _SHORT,
        "count": {"type": "integer", "minimum": 1, "maximum": MAX_PLACEMENT_COUNT},
        "sp": {"type": "number", "minimum": 0, "maximum": 1000, "description": "Stacking points (a counter value)."},
        "steps": {"type": "integer", "minimum": 0, "maximum": 100},
        "facing": _SHORT, "face": _SHORT, "note": _SHORT,
        "type": {**_SHORT, "description": "The counter's type, where the scenario's unit may be of several "
                             "(its `may-be`)."},
    },
}
_SETUP_PROPERTIES = {
    "game": {"type": "string", "maxLength": 200}, "scenario": {"type": "string", "maxLength": 200},
    "seed": {"type": "integer"},
    "draws": {"type": "object", "description": "Element id -> the value drawn (chits, cards, dice)."},
    "derived": {"type": "object", "description": "Element id -> the value looked up from a table."},
    "choices": {"type": "object", "description": "Element id -> the value a player chose."},
    "placements": {"type": "array", "items": _PLACEMENT, "maxItems": 100_000},
    "note": {"type": "string", "maxLength": 4000},
}


def setup(game_keys=()) -> dict:
    """The JSON Schema of a setup file whose game adds `game_keys` (each checked by its game)."""
    return {"$schema": DRAFT, "$id": BASE + "setup.json", "title": "playaids setup file", "type": "object",
            "required": ["game", "scenario"], "additionalProperties": False,
            "properties": {**_SETUP_PROPERTIES, **{k: {"description": "A key of the game's own."} for k in game_keys}}}


def validator(schema: dict):
    """The one validator of every file kind (data, scenario, setup, terrain, accept file): draft 7
    with a whole number meaning an int, never 3.0 (draft 7 lets 3.0 pass as an integer: a count
    of 3.0 in a scenario then reached generation as a float)."""
    import jsonschema

    return _whole_number_validator()(schema)


# errors kept of one document: the most telling is chosen among them. A file of 35,000 wrong
# cells (79 kB) kept them all: 467 MB and 12 s of CPU to say its first line (issue 25)
MAX_ERRORS = 50


def errors(validator, doc) -> list:
    """The first MAX_ERRORS schema errors of `doc` (in the document's order)."""
    import itertools

    return list(itertools.islice(validator.iter_errors(doc), MAX_ERRORS))


@functools.lru_cache(maxsize=1)
def _whole_number_validator():
    import jsonschema

    whole = jsonschema.Draft7Validator.TYPE_CHECKER.redefine(
        "integer", lambda _, v: isinstance(v, int) and not isinstance(v, bool))
    return jsonschema.validators.extend(jsonschema.Draft7Validator, type_checker=whole)


@functools.lru_cache(maxsize=None)
def setup_validator(game_keys: tuple):
    """A compiled validator of setup(game_keys): a pure function of the keys, made once."""
    return validator(setup(game_keys))
