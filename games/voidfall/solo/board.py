"""The crisis board: the military and economic rows (crises and harbingers, leftmost first),
the value of each row's leftmost free slot, catastrophes and harbingers on the map.

Article (危機面板): each row holds at most four crises or harbingers; the military row's
leftmost free slot strengthens Voidborn assaults, the economic row's says what a war card
or an assault makes you pay. A row is stored compact (removing an entry slides the rest
left), so its leftmost free slot is simply its length.
"""

from __future__ import annotations

from games.core.i18n import Text

from ..board import adjacent, controlled, name, sector, void_sectors
from ..messages import T
from ..state import VoidfallState, solo_of
from ..tasks import push
from .content import BOARD, CRISES, ROW_WORD, SLOTS, crisis_name, sector_name
from .scoring import final_influence
from .state import HARBINGER, ROWS, row


def military_value(state: VoidfallState) -> int:
    """Voidborn Fleet Power the leftmost free military slot adds (a full row: the last value)."""
    return BOARD["military_values"][min(len(state.crisis.military), SLOTS)]


def economic_value(state: VoidfallState) -> dict:
    """Resources the leftmost free economic slot demands (a full row: the last value)."""
    return dict(BOARD["economic_values"][min(len(state.crisis.economic), SLOTS)])


def rows_for(cid: str) -> tuple[str, ...]:
    """Article: economic crises go on the economic row, military ones on the military row,
    general ones on either."""
    cat = CRISES[cid]["cat"]
    return {"mil": ("military",), "eco": ("economic",), "gen": ROWS}[cat]


def discard_crisis(state: VoidfallState, cid: str) -> None:
    """Starting crises are boxed; the others go face up to their level's discard."""
    lv = str(CRISES[cid]["level"])
    if lv != "0":
        solo_of(state).crisis_discard.setdefault(lv, []).append(cid)


def make_permanent(state: VoidfallState, cid: str, which: str) -> None:
    """Article: the crisis takes the leftmost slot without a harbinger and the permanent crises
    already there shift one slot right; one pushed off the board is discarded with a
    catastrophe; a row of harbingers only discards the crisis with a catastrophe."""
    r = row(state, which)
    if all(x == HARBINGER for x in r) and len(r) >= SLOTS:
        discard_crisis(state, cid)
        state.say(T("The {row} row holds only harbingers: {crisis} is discarded.", row=ROW_WORD[which], crisis=crisis_name(cid)))
        add_catastrophe(state, T("a full row of harbingers"))
        return
    crises = [cid] + [x for x in r if x != HARBINGER]
    fixed = {i: x for i, x in enumerate(r) if x == HARBINGER}
    out: list[str] = []
    for i in range(SLOTS):
        if i in fixed:
            out.append(HARBINGER)
        elif crises:
            out.append(crises.pop(0))
        elif i > max(fixed, default=-1):
            break
    r[:] = out
    state.say(T("{crisis} becomes a permanent crisis on the {row} row.", crisis=crisis_name(cid), row=ROW_WORD[which]))
    for gone in crises:
        discard_crisis(state, gone)
        state.say(T("{crisis} is pushed off the {row} row.", crisis=crisis_name(gone), row=ROW_WORD[which]))
        add_catastrophe(state, T("a crisis pushed off the board"))


def remove_from_row(state: VoidfallState, cid: str) -> None:
    for which in ROWS:
        r = row(state, which)
        if cid in r:
            r.remove(cid)


def harbinger_to_row(state: VoidfallState, which: str) -> None:
    """Article: a harbinger taken in an invasion goes to the leftmost slot of a row and every
    harbinger and crisis shifts right; a crisis pushed off is discarded with a catastrophe
    (designed: a harbinger pushed off returns to the supply)."""
    r = row(state, which)
    r.insert(0, HARBINGER)
    state.say(T("A harbinger takes the leftmost slot of the {row} row.", row=ROW_WORD[which]))
    while len(r) > SLOTS:
        gone = r.pop()
        if gone == HARBINGER:
            solo_of(state).harbinger_supply += 1
        else:
            discard_crisis(state, gone)
            state.say(T("{crisis} is pushed off the {row} row.", crisis=crisis_name(gone), row=ROW_WORD[which]))
            add_catastrophe(state, T("a crisis pushed off the board"))


def remove_harbinger(state: VoidfallState, which: str | None = None) -> bool:
    """Remove one harbinger from the board (designed: the rightmost one on the crisis board
    first, then one on the map); the entries right of it slide left."""
    for w in ([which] if which else ["military", "economic"]):
        r = row(state, w)
        if HARBINGER in r:
            i = len(r) - 1 - r[::-1].index(HARBINGER)
            del r[i]
            solo_of(state).harbinger_supply += 1
            state.say(T("A harbinger leaves the {row} row.", row=ROW_WORD[w]))
            return True
    if which is None:
        for key in sorted(solo_of(state).harbingers):
            take_map_harbinger(state, key)
            state.say(T("A harbinger leaves {sector}.", sector=sector_name(sector(state, key))))
            return True
    return False


def take_map_harbinger(state: VoidfallState, key: str) -> None:
    hb = solo_of(state).harbingers
    hb[key] -= 1
    if hb[key] <= 0:
        del hb[key]
    solo_of(state).harbinger_supply += 1


def harbinger_map_choices(state: VoidfallState, seat: int, anywhere: bool = False) -> list:
    """Article (前驅): the house chooses a Voidborn sector adjacent to it, one without a harbinger
    if there is such a sector (「選擇一個與自己相鄰的虛空造物星系,如果有多個則必須選擇其上沒有前驅的」)."""
    mine = {k for s in controlled(state, seat) for k in adjacent(state, s.key)}
    cands = sorted((s for s in void_sectors(state) if anywhere or s.key in mine), key=lambda s: s.key)
    free = [s for s in cands if not solo_of(state).harbingers.get(s.key, 0)]
    return free or cands


def place_harbinger_map(state: VoidfallState, seat: int, key: str = "", anywhere: bool = False) -> bool:
    """Put a harbinger on sector `key` (one of harbinger_map_choices; default the first by
    key); none possible: nothing happens."""
    cands = harbinger_map_choices(state, seat, anywhere)
    if not cands:
        return False
    if key not in {s.key for s in cands}:
        key = cands[0].key
    cands = [sector(state, key)]
    solo_of(state).harbingers[key] = solo_of(state).harbingers.get(key, 0) + 1
    state.say(T("A harbinger appears at {sector} (next to {seat}).", sector=sector_name(cands[0]), seat=name(seat)))
    return True


def add_catastrophe(state: VoidfallState, why: Text) -> None:
    """Article: each catastrophe lets every house remove a Corruption marker or gain five
    resources; placing the fourth loses the game at once."""
    state.crisis.catastrophes += 1
    n = state.crisis.catastrophes
    state.say(T("Catastrophe {n} of {most} ({why}).", n=n, most=BOARD["catastrophe_limit"], why=why))
    if n >= BOARD["catastrophe_limit"]:
        lose(state, T("the {n}th catastrophe", n=n))
        return
    for seat in reversed(state.order or list(range(state.players))):
        push(state, "solo_catastrophe", seat)


def lose(state: VoidfallState, why: Text) -> None:
    solo_of(state).lost = True
    terms = final_influence(state)
    state.over = True
    state.phase = "over"
    state.winners = []
    state.end_lines = [T("The Voidborn win: {why}.", why=why), T("Voidborn Influence would be {n}.", n=terms["total"])]
    state.say(T("The Voidborn win at once ({why}). The game is lost.", why=why))
