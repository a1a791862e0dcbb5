"""The alert deck and the crisis decks: building the deck each Cycle, revealing the alert
card at the start of each round, drawing the current crisis.

Article (構建新的警戒牌庫): war cards in the alert discard are removed, situation cards go back
to their decks, and the difficulty's cards for this Cycle join what is left of the deck,
shuffled. Alert ids: "I", "II", "III" (situation cards) and "war1".."war6" (war cards).
"""

from __future__ import annotations

from games.core.i18n import Text

from ..messages import T, joined
from ..state import VoidfallState, solo_of
from .content import ALERT_LEVEL_NAME, CRISES, DIFFICULTIES, WAR_CARDS

LEVEL = {"I": "1", "II": "2", "III": "3"}


def build_crisis_decks(state: VoidfallState) -> None:
    decks: dict[str, list[str]] = {"0": [], "1": [], "2": [], "3": []}
    for cid in sorted(CRISES):
        decks[str(CRISES[cid]["level"])].append(cid)
    for deck in decks.values():
        state.rng.shuffle(deck)
    solo_of(state).crisis_decks = decks
    solo_of(state).crisis_discard = {"1": [], "2": [], "3": []}
    wars = sorted(WAR_CARDS)
    state.rng.shuffle(wars)
    solo_of(state).war_pool = wars


def build_alert_deck(state: VoidfallState) -> None:
    """Designed make-up per Cycle and difficulty in data/solo/board.json; war cards kept after a
    catastrophe return too."""
    spec = DIFFICULTIES[solo_of(state).difficulty]["alert"][str(state.cycle)]
    solo_of(state).alert_discard = []
    deck = list(state.crisis.alert_deck) + list(solo_of(state).war_kept)
    solo_of(state).war_kept = []
    for lvl in ("I", "II", "III"):
        deck += [lvl] * spec[lvl]
    for _ in range(spec["war"]):
        if solo_of(state).war_pool:
            deck.append(solo_of(state).war_pool.pop(0))
    state.rng.shuffle(deck)
    state.crisis.alert_deck = deck
    state.mark_reveal()
    state.say(T("The alert deck is built: {cards}.", cards=make_up(deck)))


def make_up(deck: list[str]) -> Text:
    """What the players may know of the deck: how many cards of each kind, not their order."""
    parts = [T("{n} situation {level}", n=deck.count(lv), level=ALERT_LEVEL_NAME[lv]) for lv in ("I", "II", "III") if deck.count(lv)]
    wars = sum(1 for x in deck if x.startswith("war"))
    if wars:
        parts.append(T("{n} war", n=wars))
    return joined(parts) or T("empty")


def draw_crisis(state: VoidfallState, level: str) -> str:
    """Top crisis of that level; an empty deck is reshuffled from its discard."""
    deck = solo_of(state).crisis_decks[level]
    if not deck and level != "0":
        deck.extend(solo_of(state).crisis_discard.get(level, []))
        solo_of(state).crisis_discard[level] = []
        state.rng.shuffle(deck)
        state.say(T("The level {level} crisis deck is reshuffled from its discard.", level=level))
    if not deck:
        return ""
    state.mark_reveal()
    return deck.pop(0)


def reveal(state: VoidfallState) -> str:
    """Reveal the round's alert card (designed: an empty deck reveals a situation card of the
    Cycle's level)."""
    deck = state.crisis.alert_deck
    card = deck.pop(0) if deck else ("I", "II", "III")[state.cycle - 1]
    solo_of(state).alert = card
    state.mark_reveal()
    return card
