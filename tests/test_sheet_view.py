"""engine/sheetview: who sees what on a setup sheet, decided before any layout (issue 27)."""
from __future__ import annotations

import dataclasses

from playaids.build.kinds import sheet_view
from playaids.engine import api, sheetview
from playaids.repository import Repository

ROOT = Repository.builtin()


def _view(gid, scenario, seed=1, edit=None):
    setup = api.generate(ROOT, gid, scenario, seed)
    if edit:
        setup = edit(setup)
    return sheet_view(ROOT, setup, *api.verify_setup(ROOT, setup))


def test_a_value_looked_up_from_a_sides_secret_is_that_sides_secret():
    """MacArthur Bataan: the Japanese chit is Japan's secret (its side), so the victory letter
    looked up from it (with the open Allied chit) is Japan's too; the Allied chit is open."""
    view = _view("macarthur-bataan", "historical")
    slips = {s.side: {e["id"] for e in s.secret} for s in view.slips}
    assert {"japanese-chit", "victory-letter", "japanese-forces"} <= slips["japan"]
    assert "allied-chit" in {e["id"] for e in view.public}
    assert not {e["id"] for e in view.public} & set().union(*slips.values())   # a secret is never open


def test_face_down_counters_go_on_their_owners_slip():
    """Okinawa scenario 1, 18.12c: the minefield markers are set up face-down: Japan's slip
    holds their faces, the public placements show their backs."""
    view = _view("okinawa", "scenario-1")
    japan = next(s for s in view.slips if s.side == "japan")
    faces = {p.unit for _, p in japan.hidden}
    assert faces == {"minefield-62-real", "minefield-62-dummy"}
    assert all(sheetview.face_down(view.scenario, p) for _, p in japan.hidden)
    assert not any(s.hidden for s in view.slips if s.side != "japan")


def test_a_broken_rule_names_the_placement_it_concerns():
    def move_first(setup):
        first = dataclasses.replace(setup.placements[0], count=99)
        return dataclasses.replace(setup, placements=[first, *setup.placements[1:]])

    view = _view("okinawa", "scenario-1", edit=move_first)
    assert view.broken and any(b.placement is view.setup.placements[0] for b in view.broken)
    assert _view("okinawa", "scenario-1").broken == ()


def test_each_side_places_in_the_games_order():
    view = _view("okinawa", "scenario-1")
    assert [s for s, _ in view.placed] == [s for s in view.order if any(p.side == s for p in view.setup.placements)]
    assert sum(len(m) for _, m in view.placed) == len(view.setup.placements)


def test_in_solitaire_play_each_slip_says_whose_it_is():
    """MacArthur 19.0: the one player commands the Japanese; the Allies are played by the rules,
    so their slip (19.6's Corregidor hit order) is kept face down, not handed to a player."""
    roles = {s.side: s.solo for s in _view("macarthur-bataan", "solitaire").slips}
    assert roles == {"allied": "rules", "japan": "player"}
    assert {s.solo for s in _view("macarthur-bataan", "historical").slips} == {None}   # two players
