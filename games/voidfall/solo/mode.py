"""The Voidborn as the opponent of the solo and co-op modes (issue 14): `VoidbornMode` fills the
hooks of the competitive game (games/voidfall/modes.py) and is registered for "solo" and "coop"
where the package is assembled (games/voidfall/__init__.py).

- `layout`: home/outpost/fallen sectors of the game's map (data/solo/maps.json);
- `setup`: after the competitive setup (crisis decks, starting crises, harbingers, havens);
- `preparation`: at the start of every Cycle (alert deck, harbinger on the crisis board);
- `focus_step`: from the focus-phase driver, pushes the round's alert step and the void
  advance; True when it pushed something;
- `choose_options`, `select`: heroic/joint cards and the secret-focus variant in the choose step;
- `after_action`: a quiet crisis check once an action is done;
- `turn_end`: at the end of each turn (havens, crisis check, co-op exchange);
- `evaluation`: pushes the Voidborn assaults (in place of the competitive skirmishes);
- `on_invasion_won`: harbingers of a conquered sector go to the board;
- `end`: the Voidborn final influence and the result;
- `view`, `goal`, `standings`, `catalogue_extras`: the crisis board, the Voidborn's final
  Influence and its glossary entries for the reading aids.
"""

from __future__ import annotations

from typing import Any

from games.core import Breakdown, Option, Standing
from games.core.i18n import Text

from ..board import sector
from ..catalogue import CatalogueExtras
from ..data import TECHS, event_def, game_map
from ..messages import T, content_name, joined
from ..modes import Mode
from ..state import Sector, SoloState, Task, VoidfallState, solo_of
from ..tasks import push
from . import havens
from .alert import build_alert_deck, build_crisis_decks, draw_crisis, make_up
from .board import economic_value, make_permanent, military_value, rows_for
from .catalogue import extras as catalogue_extras
from .content import ALERT_LEVEL_NAME, BOARD, CAT_NAME, CRISES, DIFFICULTIES, LEVEL_NAME, crisis_name, sector_name
from .crises import card_text, condition_text, penalty_text
from .explain import LINES, Line
from .heroic import HEROIC, refresh_offer, select as heroic_select, select_options as heroic_options, title as heroic_title
from .scoring import LABEL as VOIDBORN_TERM, VOIDBORN_NAME, end as final_result, final_influence, voidborn_breakdown
from .secret import filter_select as secret_filter_select

DIFFICULTY_NAME = {"easy": T("easy"), "medium": T("medium"), "hard": T("hard")}

# What each kind of the Voidborn's tasks is part of, in words (games/voidfall/explain.py).
TASK_WORDS: dict[str, Text] = {
    "solo_alert": T("Alert step"),
    "solo_check": T("Crisis check"),
    "solo_advance": T("Void advance"),
    "solo_catastrophe": T("Void advance: a catastrophe"),
    "solo_assault": T("Voidborn assault"),
    "solo_payment": T("Voidborn assault: the economic payment"),
    "solo_row": T("Crisis board: choosing a row"),
    "solo_secret": T("Secret Focus pick"),
    "solo_haven": T("Safe haven reward"),
    "solo_exchange": T("Co-op resource exchange"),
}


def harbinger_sectors(state: VoidfallState) -> list[str]:
    """Sectors holding a harbinger at setup: the first n (by difficulty) of the scenario map's
    harbinger sectors, else of board.json's for the competitive layouts (designed)."""
    m = game_map(state)
    keys = m.get("harbingers", BOARD["harbingers"])[str(state.players)]
    return keys[: DIFFICULTIES[state.options.get("difficulty", "medium")]["harbingers"]]


class VoidbornMode(Mode):
    """Solo (1 house) and co-op (2-4 houses together) against the Voidborn."""

    def layout(self, state: VoidfallState) -> dict[str, Any]:
        """Home, outpost and fallen house sectors of the game's map for this player count."""
        return game_map(state)["layouts"][str(state.players)]

    def setup(self, state: VoidfallState) -> None:
        """Crisis decks shuffled; the difficulty's starting crises made permanent (designed: a
        general one on the row with fewer cards, the military row on a tie); harbingers on their
        scenario sectors; the safe haven tiles for this player count."""
        diff = state.options.get("difficulty", "medium")
        state.solo = SoloState(difficulty=diff)
        build_crisis_decks(state)
        for _ in range(DIFFICULTIES[diff]["starting_crises"]):
            cid = draw_crisis(state, "0")
            rows = rows_for(cid)
            which = min(rows, key=lambda w: (len(state.crisis.military if w == "military" else state.crisis.economic),
                                             w != "military"))
            make_permanent(state, cid, which)
        for key in harbinger_sectors(state):
            solo_of(state).harbingers[key] = solo_of(state).harbingers.get(key, 0) + 1
        sizes = BOARD["havens"][str(state.players)]
        solo_of(state).haven_sizes = list(sizes)
        solo_of(state).havens = [[] for _ in sizes]
        solo_of(state).harbinger_supply = 6
        state.say(T("The Voidborn stir ({difficulty}): {n} harbinger sector(s), {havens} safe haven(s) of {sizes} levels.",
                    difficulty=DIFFICULTY_NAME.get(diff, diff), n=len(solo_of(state).harbingers), havens=len(sizes),
                    sizes=joined([str(n) for n in sizes])))

    def preparation(self, state: VoidfallState) -> None:
        """Article (準備階段): rebuild the alert deck; place a harbinger on the crisis board when
        the difficulty says so, on the row the player picks (「將前驅放置在危機面板上的任意軌道」;
        co-op: the first house in turn order decides)."""
        build_alert_deck(state)
        refresh_offer(state)
        if state.cycle in DIFFICULTIES[solo_of(state).difficulty]["harbinger_cycles"]:
            push(state, "solo_row", (state.order or [0])[0], preparation=True)
        if state.cycle > 1:  # article: crises may also be resolved during preparation
            for seat in reversed(state.order):
                push(state, "solo_check", seat)

    def focus_step(self, state: VoidfallState, progress: dict[str, Any]) -> bool:
        """Before each round's first turn: the alert step; after its last turn: the void advance
        (decided by the first house in turn order)."""
        d = progress
        if solo_of(state).lost:
            return False
        if d["t"] >= len(state.order):
            if d.get("advanced") != d["r"]:
                d["advanced"] = d["r"]
                if d["r"] == 0:  # delayed frames (Event 3G) come after the first round's void advance
                    for i, f in enumerate(event_def(state)["frames"]):
                        if f["scope"] == "delayed":
                            for seat in reversed(state.order):
                                push(state, "frame", seat, i=i)
                push(state, "solo_advance", state.order[0])
                return True
            d["r"], d["t"] = d["r"] + 1, 0
        if d["t"] == 0 and d["r"] < state.rounds and d.get("alerted") != d["r"]:
            d["alerted"] = d["r"]
            if d["r"] == 0:
                havens.overproduction_all(state)  # the Preparation is over: a turn of its own
            push(state, "solo_alert", -1)
            if state.options.get("secret_focus", "off") == "on":
                solo_of(state).preset = {}
                push(state, "solo_secret", -1)
            return True
        return False

    def first_round_frames(self, state: VoidfallState, seat: int) -> None:
        """The delayed frames come after the first round's void advance (`focus_step`)."""

    def choose_options(self, state: VoidfallState, seat: int, options: list[Option]) -> list[Option]:
        """Heroic (solo) or Joint (co-op) Focus cards on offer beside the hand; with secret Focus
        cards, only the card chosen in secret (if it is still playable)."""
        return secret_filter_select(state, seat, options + heroic_options(state, seat))

    def select(self, state: VoidfallState, seat: int, turn: dict[str, Any], choice: str) -> None:
        heroic_select(state, seat, turn, choice)

    def card(self, key: str) -> dict[str, Any]:
        return HEROIC[key]

    def card_name(self, key: str) -> Text:
        return content_name(f"heroic:{key}", HEROIC[key]["title"])

    def card_title(self, state: VoidfallState, key: str) -> Text:
        return heroic_title(state, key)

    def after_action(self, state: VoidfallState, seat: int) -> None:
        """Called as an action starts: a quiet crisis check runs once the action is done."""
        push(state, "solo_check", seat, quiet=True)

    def turn_end(self, state: VoidfallState, seat: int) -> None:
        havens.overproduction_all(state)  # this house's turn, and the others' overproduction during it
        for other in reversed([s for s in state.order if s != seat]):  # 「你也可以在其他玩家回合解決危機卡牌」
            push(state, "solo_check", other)
        push(state, "solo_check", seat)
        if state.mode == "coop":
            push(state, "solo_exchange", seat)

    def evaluation(self, state: VoidfallState) -> None:
        """Push one assault per house (the first in turn order on top), then crisis checks; the
        Evaluation's overproduction is checked once its objectives are scored (before the refresh)."""
        refresh = next((i for i, t in enumerate(state.tasks) if t.kind == "refresh"), len(state.tasks) - 1)
        state.tasks.insert(refresh + 1, Task("solo_overproduced", -1, {}))
        if "guardian_void" in state.perms:  # Event 2J: before the first Evaluation step
            for key in sorted(solo_of(state).harbingers):
                s = sector(state, key)
                if s.void > 0 and s.void < s.void_cap:
                    s.void += 1
                    state.say(T("{event}: the harbinger at {sector} calls a Voidborn cube ({before} -> {after}).",
                                event=content_name("event:2J", "Growing Threat"), sector=sector_name(s),
                                before=s.void - 1, after=s.void))
        if "no_crisis_board" in state.perms:  # Event 2F: the Crisis board is ignored (no assault, no payment)
            state.say(T("{event}: the Crisis board is ignored in this Evaluation: no Voidborn assault.",
                        event=content_name("event:2F", "Scorched Earth")))
            for seat in reversed(state.order):
                push(state, "solo_check", seat)
            return
        for seat in reversed(state.order):
            push(state, "solo_check", seat)
        for seat in reversed(state.order):
            push(state, "solo_assault", seat)

    def skirmish_bonus(self, state: VoidfallState) -> int:
        """An Event's Skirmish also counts the crisis board's military slot."""
        return military_value(state)

    def on_invasion_won(self, state: VoidfallState, seat: int, sector: Sector) -> None:
        """The harbingers of a won sector go to the crisis board, one row choice each."""
        for _ in range(solo_of(state).harbingers.pop(sector.key, 0)):
            push(state, "solo_row", seat)

    def end(self, state: VoidfallState) -> None:
        final_result(state)

    def view(self, state: VoidfallState) -> dict[str, Any] | None:
        return crisis_view(state) if state.solo is not None else None

    def goal(self, state: VoidfallState) -> Text:
        if state.solo is None or state.phase == "setup":
            return super().goal(state)
        terms = final_influence(state)
        shown = joined([T("{term} {n}", term=VOIDBORN_TERM[k], n=v) for k, v in terms.items() if k != "total" and v])
        return T("Every house needs at least the Voidborn's final Influence, {n} so far ({terms}).",
                 n=terms["total"], terms=shown)

    def standings(self, state: VoidfallState) -> tuple[Standing, ...]:
        """The Voidborn's final Influence so far with each of its terms (once houses are chosen)."""
        if state.solo is None or not state.houses or not state.houses[0].house:
            return ()
        terms = solo_of(state).vb_terms if state.over and solo_of(state).vb_terms else final_influence(state)
        return (Standing(None, terms["total"], tuple(T("{term} {n}", term=VOIDBORN_TERM[k], n=v)
                                                     for k, v in terms.items() if k != "total" and v),
                         name=VOIDBORN_NAME),)

    def opponent(self) -> Text:
        return VOIDBORN_NAME

    def breakdown(self, state: VoidfallState) -> tuple[Breakdown, ...]:
        return (voidborn_breakdown(state),) if state.solo is not None and state.over else ()

    def task_words(self) -> dict[str, Text]:
        return TASK_WORDS

    def task_lines(self) -> dict[str, Line]:
        return LINES

    def catalogue_extras(self) -> CatalogueExtras:
        return catalogue_extras()


VOIDBORN = VoidbornMode()


def _slot(x: str) -> Text:
    return T("harbinger") if x == "H" else crisis_name(x)


def crisis_view(state: VoidfallState) -> dict[str, Any]:
    """The public crisis board, the alert and the Voidborn's final Influence so far."""
    s = solo_of(state)

    def card(x: str) -> dict:
        """One crisis card or harbinger as the crisis board image shows it."""
        if x == "H":
            return {"name": T("harbinger"), "harbinger": True}
        c = CRISES[x]
        return {"name": crisis_name(x), "harbinger": False, "kind": CAT_NAME[c["cat"]], "level": LEVEL_NAME[c["level"]],
                "condition": condition_text(x), "penalty": penalty_text(x)}

    deck = state.crisis.alert_deck
    war = BOARD["war_cards"].get(s.alert)
    return {
        "slots": {"military": [card(x) for x in state.crisis.military], "economic": [card(x) for x in state.crisis.economic]},
        "slot_values": {"military": list(BOARD["military_values"]), "economic": [dict(v) for v in BOARD["economic_values"]]},
        "current_card": card(s.current) if s.current else None,
        "alert_text": (T("war card: +{n} Voidborn Fleet Power; resolve the crisis board or place a catastrophe",
                         n=war[state.cycle - 1])
                       if war else T("situation {level}: a level {level} crisis", level=ALERT_LEVEL_NAME.get(s.alert, s.alert)) if s.alert else ""),
        "alert_counts": {k: deck.count(k) for k in ("I", "II", "III")} | {"war": sum(1 for x in deck if x.startswith("war"))},
        "storms": [list(pair) for pair in game_map(state)["storms"]],
        "difficulty": s.difficulty,
        "military": [_slot(x) for x in state.crisis.military],
        "economic": [_slot(x) for x in state.crisis.economic],
        "military_value": military_value(state), "economic_value": economic_value(state),
        "catastrophes": state.crisis.catastrophes, "catastrophe_limit": BOARD["catastrophe_limit"],
        "current": card_text(s.current) if s.current else "", "alert": s.alert,
        "alert_deck": make_up(state.crisis.alert_deck), "alert_left": len(state.crisis.alert_deck),
        "harbingers": dict(s.harbingers), "havens": [f"{len(t)}/{n}" for t, n in zip(s.havens, s.haven_sizes)],
        "lost_techs": [content_name(f"tech:{t}", TECHS[t]["name"]) for t in s.lost_techs],
        "permanent": [card_text(x) for x in state.crisis.military + state.crisis.economic if x != "H"],
        "offer": [heroic_title(state, h) for h in s.heroic_offer],
        "voidborn_influence": final_influence(state),
    }
