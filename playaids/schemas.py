"""JSON Schemas (draft-07) for every kind of data file, published by `playaids data schema`.

Editors with a YAML language server use them to complete and check data as it is typed;
the loader validates against the same documents.
"""
from __future__ import annotations

DRAFT = "http://json-schema.org/draft-07/schema#"
BASE = "https://playaids.invalid/schema/"

_RULE_ITEM = r"[A-Z]{0,2}[0-9]+(\.[0-9]+)*[a-z]?(-[A-Z]{0,2}[0-9]+(\.[0-9]+)*[a-z]?)?"
RULE = {"type": "string", "pattern": rf"^{_RULE_ITEM}(, {_RULE_ITEM})*$",
        "description": "Rule number(s) as printed: \"7.3\", \"G11.32\", \"16.2-16.4\", \"8.3, 8.7\"."}
NOTE = {"type": "string", "minLength": 1,
        "description": "Why the value reads as it does: reconstruction, OCR slip, conflict."}

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
                            "span": {"type": "integer", "minimum": 1}},
             "required": ["ja", "en"], "additionalProperties": False},
            {"type": "object",
             "properties": {"text": {"type": "string"}, "note": NOTE, "rule": RULE,
                            "span": {"type": "integer", "minimum": 1}},
             "required": ["text"], "additionalProperties": False},
        ],
    },
    "bilingual": {
        "type": "object",
        "properties": {"ja": {"type": "string", "minLength": 1}, "en": {"type": "string", "minLength": 1},
                       "gloss": {"type": "boolean"}, "note": NOTE},
        "required": ["ja", "en"], "additionalProperties": False,
    },
    "source": {
        "type": "object",
        "properties": {"seed": {"type": "string"}, "lines": {"type": ["string", "integer"]},
                       "note": {"type": "string"}},
        "required": ["seed"], "additionalProperties": False,
    },
    "row": {
        "type": "object",
        "properties": {"label": {"$ref": "#/definitions/text"},
                       "cells": {"type": "array", "items": {"$ref": "#/definitions/text"}},
                       "rule": RULE, "note": NOTE},
        "required": ["label", "cells"], "additionalProperties": False,
    },
    "grid": {
        "type": "object",
        "properties": {"corner": {"$ref": "#/definitions/text"},
                       "columns": {"type": "array", "items": {"$ref": "#/definitions/text"}},
                       "rows": {"type": "array", "items": {"$ref": "#/definitions/row"}},
                       "rule": RULE, "note": NOTE},
        "required": ["columns", "rows"], "additionalProperties": False,
    },
}

TABLE = {
    "$schema": DRAFT, "$id": BASE + "table.json", "title": "playaids table",
    "type": "object",
    "properties": {
        "id": {"type": "string", "pattern": "^[a-z0-9]+(-[a-z0-9]+)*$"},
        "title": {"$ref": "#/definitions/bilingual"},
        "rule": RULE,
        "dice": {"type": "string", "enum": ["1d6", "2d6", "3d6", "d66", "1d10", "none"]},
        "source": {"$ref": "#/definitions/source"},
        "note": NOTE,
        "corner": {"$ref": "#/definitions/text"},
        "columns": {"type": "array", "items": {"$ref": "#/definitions/text"}},
        "rows": {"type": "array", "items": {"$ref": "#/definitions/row"}},
        "modifiers": {"$ref": "#/definitions/grid"},
        "legend": {"type": "array", "items": {
            "type": "object",
            "properties": {"code": {"type": "string", "minLength": 1},
                           "text": {"$ref": "#/definitions/text"}, "rule": RULE, "note": NOTE},
            "required": ["code", "text"], "additionalProperties": False}},
        "notes": {"type": "array", "items": {
            "type": "object",
            "properties": {"text": {"$ref": "#/definitions/text"}, "rule": RULE, "note": NOTE},
            "required": ["text"], "additionalProperties": False}},
        "missing": {"$ref": "#/definitions/bilingual"},
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
        "title": {"$ref": "#/definitions/bilingual"},
        "source": {"$ref": "#/definitions/source"},
        "sides": {"type": "array", "minItems": 1, "items": {
            "type": "object",
            "properties": {"id": {"type": "string", "pattern": "^[a-z0-9]+(-[a-z0-9]+)*$"},
                           "name": {"$ref": "#/definitions/bilingual"}},
            "required": ["id", "name"], "additionalProperties": False}},
        "scale": {"type": "object"},
        "note": NOTE,
        "rule": RULE,
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
                           "aliases": {"type": "array", "items": {"type": "string"}}},
            "required": ["ja", "en"], "additionalProperties": False}},
    },
    "required": ["terms"],
    "additionalProperties": False,
    "definitions": DEFINITIONS,
}

SCHEMAS = {"table": TABLE, "game": GAME, "glossary": GLOSSARY}


def schema(kind: str) -> dict:
    return SCHEMAS[kind]
