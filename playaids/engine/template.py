"""A fill-in setup (`scenario GAME SCENARIO --template`): every draw, choice and placement the
scenario asks for, with what the rules allow as a comment, for a player who sets up by hand
and then runs `playaids verify` on the file. Left blank, it verifies as "missing" at each
blank, which is the to-do list."""
from __future__ import annotations

import json

from playaids.engine import vocabulary
from playaids.engine.model import Scenario

_SKIP = {"id", "kind", "rule", "note", "title", "side", "secret", "optional", "names", "names-from"}


def _q(v) -> str:
    """A YAML scalar (JSON's quoting is valid YAML)."""
    return json.dumps(v, ensure_ascii=False)


def _title(t, lang: str) -> str:
    if not isinstance(t, dict):
        return str(t or "")
    if lang == "both":
        ja, en = t.get("ja") or "", t.get("en") or ""
        return ja if ja == en or not en else f"{ja} / {en}" if ja else en
    return t.get(lang) or t.get("en") or t.get("ja") or ""


def _one_line(s: str) -> str:
    return " ".join(str(s).split())


def _hint(e: dict) -> str:
    """What the rules allow for an element, in a few words."""
    parts = [f"{e['kind']} (rule {e['rule']})"]
    for k, v in e.items():
        if k in _SKIP:
            continue
        parts.append(f"{k}: {json.dumps(v, ensure_ascii=False, separators=(', ', ': '))}")
    if e.get("optional"):
        parts.append("optional")
    return _one_line("; ".join(parts))


def _where(at) -> tuple[str, str]:
    """(the value to write, the comment) for a unit's placement rule."""
    if at in (None, "any"):
        return "", "anywhere the rules allow: give a place or hex"
    if isinstance(at, str):
        return at, "set by the rule"
    if isinstance(at, list):
        return "", "one of " + ", ".join(map(str, at))
    if isinstance(at, dict) and "within" in at:
        of = at["of"] if isinstance(at["of"], list) else [at["of"]]
        return "", f"a hex within {at['within']} of {', '.join(map(str, of))}"
    if isinstance(at, dict) and "zone" in at:
        return "", f"a place in {at['zone']}"
    return "", _one_line(json.dumps(at, ensure_ascii=False))


def template(sc: Scenario, lang: str = "en") -> str:
    title = _one_line(_title(sc.title, lang))
    out = [f"# Fill-in setup: {title} (rule {sc.rule}).",
           "# Fill every blank, then check it: playaids verify THIS-FILE",
           f"game: {_q(sc.game)}", f"scenario: {_q(sc.id)}"]
    for bucket in ("draws", "derived", "choices"):
        entries = [e for e in sc.elements if vocabulary.bucket(e["kind"]) == bucket]
        if bucket == "derived" and not entries:
            continue
        if not entries:
            out.append(f"{bucket}: {{}}")
            continue
        out.append(f"{bucket}:")
        for e in entries:
            side = f" [{e['side']}{', secret' if e.get('secret') else ''}]" if e.get("side") else ""
            hint = "worked out from the draws: leave blank" if bucket == "derived" else _hint(e)
            out.append(f"  {_q(e['id'])}:   # {hint}{side}")
    if not sc.units:
        out.append("placements: []")
        return "\n".join(out) + "\n"
    out.append("placements:")
    for u in sc.units:
        name = _one_line(_title(u.name, lang)) if u.name else ""
        at, where = _where(u.at)
        rule = f" ({u.rule})" if u.rule else ""
        out.append(f"- side: {_q(u.side)}")
        out.append(f"  unit: {_q(u.id)}" + (f"   # {name}" if name else ""))
        if u.unstated:
            out.append("  count: 1   # the rules do not say how many: give the number you place")
        else:
            out.append(f"  count: {u.count}")
        out.append(f"  at: {_q(at)}   # {where}{rule}")
        if u.when:
            cond = " and ".join(f"{k} is {' or '.join(map(str, v if isinstance(v, list) else [v]))}"
                                for k, v in u.when.items())
            out[-1] += f"; only when {cond}, else delete this placement"
    return "\n".join(out) + "\n"
