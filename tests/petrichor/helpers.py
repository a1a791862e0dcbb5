"""Scenario helpers: build Petrichor states directly, then act through RULES.apply."""

from __future__ import annotations

from games.petrichor import RULES
from games.petrichor.board import cloud_at
from games.petrichor.data import CARD_TYPE, CROPS
from games.petrichor.state import Cloud, PetrichorState, Step, Tile


def fresh(players: int = 3, seed: int = 1, **options) -> PetrichorState:
    return RULES.setup(players, seed, options or None)


def blank(state: PetrichorState, crop: str = "hay") -> PetrichorState:
    """Empty field of one crop, no clouds, full supplies, no votes, empty hands (cards to deck)."""
    state.clouds = []
    state.tiles = [Tile(id=f"t{i}", crop=crop, threshold=CROPS[crop]["threshold"], drops=[0] * state.ncol)
                   for i in range(state.rows * state.cols)]
    state.supply = [20] * state.ncol
    state.markers = [12] * state.ncol
    state.votes = {w: [0] * state.ncol for w in "FSWR"}
    for hand in state.hands:
        state.deck.extend(hand)
        hand.clear()
    state.deck.extend(state.discard)
    state.discard = []
    state.steps = []
    state.log = []
    state.dice = [4, 4, 4]
    return state


def set_tile(state, cell: int, crop: str, drops=None, stage: int = 0, threshold: int | None = None) -> Tile:
    t = Tile(id=f"x{cell}", crop=crop, threshold=threshold if threshold is not None else CROPS[crop]["threshold"],
             drops=list(drops) if drops else [0] * state.ncol, stage=stage)
    state.tiles[cell] = t
    return t


def add_cloud(state, cell: int, drops, dark: bool = False) -> Cloud:
    cl = Cloud(id=state.next_cloud, cell=cell, drops=list(drops), dark=dark)
    state.next_cloud += 1
    state.clouds.append(cl)
    return cl


def give(state, seat: int, types: str) -> list[str]:
    """Move cards of the given weather letters from the deck into seat's hand."""
    got = []
    for w in types:
        cid = next(c for c in state.deck if CARD_TYPE[c] == w)
        state.deck.remove(cid)
        state.hands[seat].append(cid)
        got.append(cid)
    return got


def at_turn(state, seat: int) -> PetrichorState:
    state.phase = "action"
    state.turn = seat
    state.passed_by = -1
    state.last_turns = []
    state.steps = [Step("turn", seat)]
    return state


def at_weather(state, winners: str) -> PetrichorState:
    """Queue the given weathers for resolution (weather phase, nothing else pending)."""
    state.phase = "weather"
    state.winners_w = list(winners)
    state.wq = list(winners)
    state.steps = []
    return state


def go(state, seat, choice):
    return RULES.apply(state, seat, choice)


def settle(state):
    from games.petrichor import flow
    flow.settle(state)
    return state


def ids(state, seat=None) -> list[str]:
    d = RULES.pending(state)
    d = [x for x in d if seat is None or x.seat == seat]
    return [o.id for o in d[0].options]


def kind(state) -> str:
    return state.steps[0].kind if state.steps else ""


def log_text(state) -> str:
    return "\n".join(str(line.text) for line in state.log)  # English, as a reader by default


__all__ = ["RULES", "cloud_at", "Step", "fresh", "blank", "set_tile", "add_cloud", "give", "at_turn",
           "at_weather", "go", "settle", "ids", "kind", "log_text", "CARD_TYPE"]
