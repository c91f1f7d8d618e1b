"""What a setup sheet shows, and to whom, decided before any layout (issue 27): the open draws
and choices, each side's placements, one secret slip for each side that keeps something hidden,
and the verification's findings tied to the placement or draw each names. render/setupsheet lays
the view out in the sheet's words; the rules of who sees what live here, never in a renderer."""
from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Slip:
    """What one side keeps hidden: its secret draws and choices, the faces of its face-down
    counters, the game's own secrets (GameRules.sheet_secrets: ASL's caves). `side` None: a
    secret whose side the rules do not give."""

    side: str | None
    secret: tuple      # elements (scenario dicts) holding a value
    hidden: tuple      # (index in the setup, Placement) of its face-down counters
    extra: tuple       # {side, title, rule, head, rows}
    solo: str | None = None   # solitaire play: "player" (the one player's own side) or "rules" (a
                              # side the rules play, its slip kept face down); None: two players


@dataclass(frozen=True)
class Broken:
    """A rule the setup breaks, with what it names: a placement, a draw or choice, or neither."""

    rule: str
    message: str
    placement: object = None
    element: dict | None = None


@dataclass(frozen=True)
class SheetView:
    setup: object
    scenario: object
    order: tuple           # side ids: the game's, then any other a placement names
    values: dict           # every drawn, derived and chosen value by element id
    public: tuple          # the open draws and choices holding a value
    placed: tuple          # (side, ((index, Placement), ...)) for each side that places units
    slips: tuple           # Slip, in the sides' order, a secret of no side last
    broken: tuple          # Broken
    unchecked: tuple       # the rule references `verify` left unchecked (as found, repeats kept)
    formations: tuple = ()  # (side, (Unit, ...)): units the rules set up whole, never saying how many


def _formations(setup, scenario, values: dict, order: list) -> tuple:
    """The units of unstated number (count: unstated) this setup has and places none of: the
    player sets up all their counters (Okinawa's 62nd Division, 18.12c), so the sheet names them."""
    from types import SimpleNamespace

    from playaids.engine import placement

    ctx = SimpleNamespace(value=values.get)   # placement.present reads the setup's values only

    def present(u) -> bool:
        return placement.present(u, ctx)

    def lined(u) -> bool:   # a hex line holds it (18.12c: the 62nd Division south of 2028-3033)
        return any(c.get("kind") == "line" and placement.selected(c, u) for c in scenario.constraints)

    # a unit the rules place: at a place or zone, beyond a line, or a formation set up anywhere;
    # not a kind of counter no set-up places (Amigos' omitted set-ups, POA markers placed in play)
    placed = {p.unit for p in setup.placements}
    units = [u for u in scenario.units if u.unstated and u.id not in placed and present(u) and u.at is not None
             and (u.at != "any" or u.type == "formation" or lined(u))]
    return tuple((s, mine) for s in order if (mine := tuple(u for u in units if u.side == s)))


def face_down(scenario, placement) -> bool:
    """A counter set up face-down: its face is its owner's secret."""
    u = scenario.unit(placement.unit)
    return u is not None and u.face == "down"


def side_of(scenario, e: dict, seen: tuple = ()) -> str | None:
    """Whose secret an element is: its side, or for a value looked up from others, the side of
    the secret values it comes from (the Japanese chit makes the victory letter Japan's)."""
    if e.get("side") or e.get("kind") != "lookup" or e["id"] in seen:
        return e.get("side")
    inputs = [scenario.element(e.get(k)) for k in ("row", "column") if isinstance(e.get(k), str)]
    sides = {side_of(scenario, x, (*seen, e["id"])) for x in inputs if x is not None and x.get("secret")}
    return sides.pop() if len(sides) == 1 else None


def _slips(setup, scenario, values: dict, order: list, game_sides: set, own: list) -> tuple:
    secrets = [(e, side_of(scenario, e)) for e in scenario.elements if e.get("secret")]
    owners = order + sorted({s for _, s in secrets if s not in game_sides} - {None} - set(order), key=str)
    owners += sorted({x["side"] for x in own} - set(owners), key=str)
    out = []
    for side in owners + [None]:
        secret = tuple(e for e, s in secrets if e["id"] in values and s == side)
        hidden = tuple((k, p) for k, p in enumerate(setup.placements) if p.side == side and face_down(scenario, p))
        extra = tuple(x for x in own if x["side"] == side)
        if secret or hidden or extra:
            solo = None if scenario.solo is None else "player" if side == scenario.solo["side"] else "rules"
            out.append(Slip(side, secret, hidden, extra, solo))
    return tuple(out)


def _broken(setup, scenario, v) -> Broken:
    """A violation tied to what its key names in the setup."""
    key = v.key
    if len(key) >= 2 and key[0] == "placements" and isinstance(key[1], int) and key[1] < len(setup.placements):
        return Broken(v.rule, v.message, placement=setup.placements[key[1]])
    if len(key) >= 2 and key[0] in ("draws", "derived", "choices") and (e := scenario.element(key[1])):
        return Broken(v.rule, v.message, element=e)
    return Broken(v.rule, v.message)


def prepare(setup, scenario, found, sides: list[str], own: list[dict]) -> SheetView:
    """The sheet of `setup` as verified (`found`): `sides` the game's side ids in its order,
    `own` the game's own secrets (GameRules.sheet_secrets)."""
    values = {**setup.draws, **setup.derived, **setup.choices}
    order = list(sides) + sorted({p.side for p in setup.placements} - set(sides), key=str)
    placed = tuple((s, mine) for s in order
                   if (mine := tuple((k, p) for k, p in enumerate(setup.placements) if p.side == s)))
    return SheetView(
        setup=setup, scenario=scenario, order=tuple(order), values=values,
        public=tuple(e for e in scenario.elements if not e.get("secret") and e["id"] in values),
        placed=placed,
        slips=_slips(setup, scenario, values, order, set(sides), own),
        broken=tuple(_broken(setup, scenario, v) for v in found if v.status == "violation"),
        unchecked=tuple(v.rule for v in found if v.status == "unchecked" and v.rule),
        formations=_formations(setup, scenario, values, order))
