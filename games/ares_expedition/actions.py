"""Action phase (article 行動階段): blue-card actions once each (the chooser one of them twice),
standard actions and conversions as often as affordable, then the mandatory conversions."""

from __future__ import annotations

import re

from games.core import Option

from .board import STANDARD
from .cards import CARDS
from .economy import at_max, mods, rewards_open, sell_value
from .effects import can_pay, fire, in_vain, pay, run, who
from games.core.i18n import Text

from .messages import T, joined
from .state import AresState, Task
from .terms import PARAM, RESOURCE, standard_name
from .text import card_name
from .wording import words


def standard_text(state: AresState, seat: int, key: str) -> str:
    """The standard action in vocabulary, with this seat's prices (Ecoline, Standard Technology)."""
    text = STANDARD[key][1]
    m = mods(state.pl[seat])
    match = re.fullmatch(r"pay (\d+)mc: (.+)", text)
    if match:
        return f"pay {max(0, int(match[1]) - m.discount_standard)}mc: {match[2]}"
    if key == "plants":
        return f"pay {m.forest_cost} plants: forest 1"
    return text


def _useful(state: AresState, result: str) -> bool:
    """Whether a standard action still does something (forests always do)."""
    if "raise:temperature" in result:
        return rewards_open(state, "temperature")
    if "flip:ocean" in result:
        return rewards_open(state, "ocean")
    return True


def _effect_notes(state: AresState, result: str) -> list[Text]:
    notes: list[Text] = []
    for param, word in (("temperature", "raise:temperature"), ("oxygen", "raise:oxygen"), ("ocean", "flip:ocean")):
        if word in result or (param == "oxygen" and "forest" in result):
            if not rewards_open(state, param):
                notes.append(T("{param} is maxed: no TR", param=PARAM[param]))
    return notes


def action_uses(state: AresState, seat: int) -> list[tuple[int, int, str]]:
    """Blue actions the seat may use now: (card, alternative index, text)."""
    p = state.pl[seat]
    out = []
    for cid in p.played:
        card = CARDS[cid]
        if card.kind != "blue" or not card.action:
            continue
        used = p.used.count(cid)
        if used >= 2 or (used == 1 and p.double_left <= 0):
            continue
        for i, alt in enumerate(card.actions):
            if _alt_payable(state, seat, alt, cid):
                out.append((cid, i, alt))
    return out


def _alt_payable(state: AresState, seat: int, alt: str, cid: int) -> bool:
    if ": " in alt and not alt.startswith(("if ", "choose(")):
        cost = alt.split(": ", 1)[0]
        if cost.startswith(("pay", "discard", "remove")):
            return can_pay(state, seat, cost, cid)
    return True


def options(state: AresState, seat: int) -> list[Option]:
    p = state.pl[seat]
    opts = []
    for cid, i, alt in action_uses(state, seat):
        label: Text = T("{card} (second use)", card=card_name(cid)) if cid in p.used else card_name(cid)
        if len(CARDS[cid].actions) > 1:
            label = T("{card} #{n}", card=label, n=i + 1)
        kinds = in_vain(state, seat, alt[len("choose("):-1], cid) if alt.startswith("choose(") else []
        opts.append(Option(f"a:{cid}:{i}", label, words(alt) if not kinds else T(
            "{text} (no other card of yours can hold {what} now: nothing would happen)", text=words(alt),
            what=tuple(RESOURCE[k] for k in kinds))))
    for key in STANDARD:
        text = standard_text(state, seat, key)
        cost, result = text.split(": ", 1)
        if not _useful(state, result) or not can_pay(state, seat, cost, 0):
            continue
        opts.append(Option(f"s:{key}", standard_name(key),
                           joined([words(text), *_effect_notes(state, result)], T("{a}; {b}"))))
    if p.hand:        # always allowed (article: 每棄置 1 張卡片可以獲得 3 MC), even to afford a first action
        value = sell_value(p)
        opts.append(Option("sell", T("Sell cards"),
                           T("discard any of your {n} hand card(s) for {value} MC each (you have {mc} MC; "
                             "all of them: {total} MC)", n=len(p.hand), value=value, mc=p.mc,
                             total=p.mc + len(p.hand) * value)))
    opts.append(Option("done", T("Finish the Action phase"), forced_note(state, seat)))
    return opts


def forced_note(state: AresState, seat: int) -> Text:
    p = state.pl[seat]
    parts: list[Text] = []
    if p.heat >= 8 and not at_max(state, "temperature"):
        parts.append(T("converts heat to temperature ({n} heat)", n=p.heat))
    if p.plants >= mods(p).forest_cost and not at_max(state, "oxygen"):
        parts.append(T("converts plants to forests ({n} plants)", n=p.plants))
    if not parts:
        return T("nothing more this phase")
    return T("must first {text}", text=joined(parts, T("{a} and {b}")))


def apply(state: AresState, seat: int, choice: str) -> None:
    p = state.pl[seat]
    if choice == "done":
        p.queue.pop(0)
        p.queue.insert(0, Task("forced"))
        state.say(T("{seat} finishes the Action phase.", seat=who(seat)))
        return
    if choice == "sell":
        p.queue.insert(0, Task("sell", tag="free", n=0))
        return
    if choice.startswith("s:"):
        key = choice[2:]
        text = standard_text(state, seat, key)
        cost, result = text.split(": ", 1)
        state.say(T("{seat} takes the standard action: {action}.", seat=who(seat), action=standard_name(key)))
        pay(state, seat, cost, 0, result)
        return
    _, cid_s, i_s = choice.split(":")
    cid, i = int(cid_s), int(i_s)
    alt = CARDS[cid].actions[i]
    if cid in p.used:
        p.double_left -= 1
    p.used.append(cid)
    state.say(T("{seat} uses {card}.", seat=who(seat), card=card_name(cid)))
    fire(state, seat, "use action")
    if ": " in alt and alt.split(": ", 1)[0].startswith(("pay", "discard", "remove")):
        cost, result = alt.split(": ", 1)
        pay(state, seat, cost, cid, result)
    else:
        run(state, seat, alt, cid)


def forced_step(state: AresState, seat: int) -> bool:
    """One mandatory conversion before the phase ends (article: while the parameter is not maxed).
    Returns False when none is left."""
    p = state.pl[seat]
    if p.heat >= 8 and not at_max(state, "temperature"):
        state.say(T("{seat} must convert 8 heat.", seat=who(seat)))
        pay(state, seat, "pay 8 heat", 0, "raise:temperature 1")
        return True
    cost = mods(p).forest_cost
    if p.plants >= cost and not at_max(state, "oxygen"):
        state.say(T("{seat} must convert {n} plants.", seat=who(seat), n=cost))
        pay(state, seat, f"pay {cost} plants", 0, "forest 1")
        return True
    return False

