"""The map beside the choice (issue 21 item 4): a decision's places become numbered marks on the
board image (bot.panels.board_marks), the panel numbers its options the same way, and the Voidfall
renderer draws those marks from the view alone."""

from __future__ import annotations

import io

from PIL import Image

import renderers
from bot.shell import panels
from games.core import Decision, Option
from games.core.contract import Places
from games.voidfall import RULES
from renderers import voidfall_map

NAMES = ["Alice", "Bob", "Cleo"]

DEPLOY = Decision(seat=0, prompt="Deploy a cube.", options=(
    Option("d:0,2:corvette", "Corvette cube in Korrin"),
    Option("d:0,2:destroyer", "Destroyer cube in Korrin"),
    Option("r:0,2:corvette:0,3", "1 Corvette: Korrin -> Home"),
    Option("stop", "Done"),
))
PLACES = Places({"d:0,2:corvette": ("0,2",), "d:0,2:destroyer": ("0,2",), "r:0,2:corvette:0,3": ("0,2", "0,3")},
                focus=("1,1",))


def test_marks_number_options_as_the_panel_does():
    marks = panels.board_marks(DEPLOY, PLACES)
    assert marks["spots"] == {"0,2": [1, 2]}
    assert marks["moves"] == [{"from": "0,2", "to": "0,3", "numbers": [3]}]
    assert marks["focus"] == ["1,1"] and marks["title"] == "Deploy a cube."
    assert panels.board_marks(DEPLOY, Places()) == {}


def test_a_marked_decision_shows_each_number_once_everywhere():
    numbered = panels.numbered(DEPLOY)
    assert [o.label for o in numbered.options][:2] == ["1 · Corvette cube in Korrin", "2 · Destroyer cube in Korrin"]
    assert [o.id for o in numbered.options] == [o.id for o in DEPLOY.options]  # the choices stay the same
    assert panels.numbered(numbered) == numbered
    assert panels.menu_label(numbered, 0, True) == "1 · Corvette cube in Korrin"
    assert panels.entries(numbered)[3].line(4).startswith("**4 · Done**")
    assert panels.button_labels(numbered)[0].startswith("1 · ")


def test_number_text_is_compact():
    assert voidfall_map.number_text([5, 1, 2, 3]) == "1-3, 5"
    assert voidfall_map.number_text([7, 8]) == "7, 8"


def _sector_decision(players: int, seed: int, options: dict):
    state = RULES.setup(players, seed, options)
    for _ in range(5000):
        decision = RULES.pending(state)[0]
        places = RULES.places(state, decision)
        if places and str(decision.prompt).startswith(("Deploy", "Regroup", "Invade", "Establish")):
            return state, decision, places
        state = RULES.apply(state, decision.seat, RULES.bot_choice(state, decision.seat))
    raise AssertionError("no sector decision")


def test_the_marked_map_draws_a_badge_for_every_marked_place(monkeypatch):
    drawn = []
    real = voidfall_map.badge
    monkeypatch.setattr(voidfall_map, "badge", lambda draw, x, y, numbers, size: (drawn.append(numbers), real(draw, x, y, numbers, size)))
    for players, seed, options in ((1, 13, {"difficulty": "easy"}), (3, 4, {})):
        drawn.clear()
        state, decision, places = _sector_decision(players, seed, options)
        marks = panels.board_marks(decision, places)
        png = renderers.render_marked("voidfall", RULES.view(state, decision.seat) | {"marks": marks}, NAMES[:players])
        image = Image.open(io.BytesIO(png))
        assert image.width <= 1000 and image.height > 500
        expected = list(marks["spots"].values()) + [move["numbers"] for move in marks["moves"]]
        assert sorted(drawn) == sorted(expected) and drawn
        # the numbers drawn are exactly the options that name places
        shown = sorted(n for numbers in drawn for n in numbers)
        assert shown == [i + 1 for i, o in enumerate(decision.options) if o.id in places.options]


def test_marks_for_unknown_places_are_skipped_and_other_games_draw_none():
    view = RULES.view(RULES.setup(2, 1, {}), None)
    view["marks"] = {"spots": {"99,99": [1]}, "moves": [{"from": "99,99", "to": "0,0", "numbers": [2]}], "focus": ["x"]}
    assert Image.open(io.BytesIO(renderers.render_marked("voidfall", view, NAMES[:2]))).width == 1000
    assert renderers.render_marked("pocket-mars", {"marks": {}}, NAMES[:2]) is None
