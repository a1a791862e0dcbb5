"""What things are worth to the bot, in MC, from what its seat may see: the public tracks and
stocks, its own hand and tableau, the dummy's remaining phase cards (public: played face up).

One `Worth` is built per bot decision; it fixes the horizon (rounds left) and the prices of
a TR, a terraforming step, a plant and a heat, and values card texts with them."""

from __future__ import annotations

import re

from .board import PARAMS, SOLO, steps_total
from .cards import CARDS
from .economy import at_max, mods, param_value, requirement_problems, tag_counts
from .state import AresState

PACE_A, PACE_B = 2.0, 2.0   # terraforming steps per round: PACE_A + PACE_B per player
SOLO_PUSH = 9.0          # solo: extra worth of a terraforming step (only terraforming wins)
DRAW = 3.5                    # one more card in hand


def steps_left(state: AresState) -> int:
    """Terraforming steps still to take on the three tracks together."""
    return sum(steps_total(p) - (param_value(state, p) - PARAMS[p]["start"]) // PARAMS[p]["step"] for p in PARAMS)


class Worth:
    """MC values of resources and texts for one seat at one moment."""

    def __init__(self, state: AresState, seat: int):
        self.state = state
        self.seat = seat
        self.p = state.pl[seat]
        m = mods(self.p)
        self.solo = state.players == 1
        self.coop = state.options.get("mode") == "coop"       # a deadline too: cubes and markers
        self.race = self.solo or self.coop                      # terraforming in time is what wins
        left = steps_left(state)
        if self.solo:
            rounds = max(1.0, min(SOLO["rounds"] - state.round + 1, left / 2.2))
        else:
            rounds = max(1.0, min(14.0, left / (PACE_A + PACE_B * state.players)))
            if self.coop:
                rounds = max(1.0, min(rounds, (state.cubes + state.markers) / 2 + 1))
        self.rounds = rounds
        self.prods = max(0.0, rounds - 1) * 0.8 + 0.5       # Production phases still to come
        # a VP is worth little MC early (MC grows the engine) and everything at the end
        self.vp = 0.0 if self.solo else 3.0 + 6.0 / rounds
        self.tr = self.vp + self.prods
        self.step = {name: (0.0 if at_max(state, name) else self.tr + self._push(name)) for name in PARAMS}
        self.step["ocean"] += 0 if at_max(state, "ocean") else 2.0
        self.forest = self.vp + self.step["oxygen"]
        self.plant = self.forest / m.forest_cost
        temp_left = steps_total("temperature") - (state.temperature - PARAMS["temperature"]["start"]) // 2
        self.heat_rounds = min(self.prods, temp_left / max(1.0, state.players * 0.8))
        self.heat = self.step["temperature"] / 8 * 0.8
        oxygen_left = PARAMS["oxygen"]["max"] - state.oxygen
        self.plant_rounds = min(self.prods, oxygen_left / max(1.0, state.players * 0.8))
        if m.heat_as_mc:
            self.heat = max(self.heat, 1.0)
        # what 1 MC is worth: at least what the best standard action buys with it
        best = max(self.step["temperature"] / max(1, 14 - m.discount_standard),
                   self.step["ocean"] / max(1, 15 - m.discount_standard),
                   self.forest / max(1, 20 - m.discount_standard))
        self.mc = min(1.0, max(0.55, best))
        # a drawn card is worth less when the hand is already full of cards waiting to be played
        self.draw = DRAW * max(0.25, min(1.0, (11 - len(self.p.hand)) / 6))

    def _push(self, param: str) -> float:
        """Extra worth of a step for ending the game; solo: every step is needed to win, the
        more so on a track that lags behind."""
        if not self.race:
            return 1.0
        fracs = {p: 1 - (param_value(self.state, p) - PARAMS[p]["start"]) / (PARAMS[p]["max"] - PARAMS[p]["start"])
                 for p in PARAMS}
        mean = sum(fracs.values()) / 3 or 1.0
        return SOLO_PUSH * min(2.0, fracs[param] / mean)

    # -- texts -----------------------------------------------------------------------------------
    def text(self, text: str, card: int = 0) -> float:
        """Worth of an effect text (immediate or action result)."""
        value = 0.0
        if text.startswith("choose("):
            alts = text[len("choose("):-1].split(" | ")
            return max(self.text(a.strip(), card) for a in alts)
        for match in re.finditer(r"raise:(temperature|oxygen) (\d+)", text):
            value += self.step[match[1]] * int(match[2])
        for match in re.finditer(r"flip:ocean (\d+)", text):
            value += self.step["ocean"] * int(match[1])
        for match in re.finditer(r"(?<![\w-])forest (\d+)", text):
            value += self.forest * int(match[1])
        for match in re.finditer(r"tr\+(\d+)( per tag:(\w+))?", text):
            n = int(match[1]) * ((tag_counts(self.p)[match[3]] + 1) if match[2] else 1)
            value += self.tr * n
        for match in re.finditer(r"draw (\d+)(?: keep (\d+))?", text):
            value += self.draw * int(match[2] or match[1]) * (0.6 if "discard" in text else 1.0)
        for match in re.finditer(r"plants\+(\d+)", text):
            value += self.plant * int(match[1])
        for match in re.finditer(r"heat\+(\d+)", text):
            value += self.heat * int(match[1])
        for match in re.finditer(r"mc\+(\d+)", text):
            value += int(match[1])
        for match in re.finditer(r"add:\w+ (\d+)", text):
            value += 1.5 * int(match[1])
        if "play-extra" in text:
            value += 4.0
        if "free-green" in text:
            value += 6.0
        if discount := re.search(r"next-card:discount (\d+)", text):
            value += int(discount[1]) * 0.7
        return value

    def cost(self, text: str) -> float:
        """Worth of what an action's cost part takes (\"pay 10mc (...)\", \"pay 4 heat\"...)."""
        if match := re.match(r"pay (\d+)mc", text):
            return float(match[1]) * self.mc
        if match := re.match(r"pay (\d+) heat", text):
            return self.heat * int(match[1])
        if match := re.match(r"pay (\d+) plants", text):
            return self.plant * int(match[1])
        if text.startswith("pay 1 tr"):
            return self.tr
        if text.startswith("discard"):
            return self.draw
        if match := re.match(r"remove:\w+(?:\|\w+)? (\d+)", text):
            return 1.5 * int(match[1])
        return 0.0

    def action(self, alt: str, cid: int = 0) -> float:
        """Net worth of using one blue-action alternative once."""
        if ": " in alt and alt.split(": ", 1)[0].startswith(("pay", "discard", "remove")):
            cost, result = alt.split(": ", 1)
            return self.text(result, cid) - self.cost(cost)
        if alt.startswith("pay X heat"):             # heat into plants or MC, X up to a cap
            cap = re.search(r"X<=(\d+)", alt)
            x = min(self.p.heat, int(cap[1]) if cap else self.p.heat)
            return x * ((self.plant if "plants" in alt else self.mc) - self.heat)
        return self.text(alt, cid)

    # -- cards -----------------------------------------------------------------------------------
    def production(self, text: str) -> float:
        value = 0.0
        per_unit = {"mc": 1.0, "heat": self.heat, "plants": self.plant, "cards": self.draw,
                    "steel": 1.4, "titanium": 1.6}
        for match in re.finditer(r"(\w+)\+(\d+)(?: per (?:(\d+) )?(tag:(\w+)|forest))?", text):
            n = int(match[2])
            if match[4]:
                have = self.p.forests if match[4] == "forest" else tag_counts(self.p)[match[5]] + 1
                n = n * (have // int(match[3] or 1))
            rounds = self.heat_rounds if match[1] == "heat" else self.prods
            if match[1] == "plants":        # once oxygen is maxed a forest is only its VP
                late = (self.prods - self.plant_rounds) * self.vp / mods(self.p).forest_cost
                value += n * (self.plant * self.plant_rounds + late)
                continue
            value += per_unit.get(match[1], 1.0) * n * rounds
        return value

    def card(self, cid: int) -> float:
        """Rough MC worth of a card to this seat, before paying for it."""
        card = CARDS[cid]
        value = self.text(card.immediate, cid) + self.production(card.production)
        if card.vp:
            if re.fullmatch(r"-?\d+", card.vp):
                value += self.vp * int(card.vp)
            else:
                value += self.vp * min(3.0, 0.4 * self.rounds + 0.5)
        if card.action:
            best = max(self.action(alt, cid) for alt in card.actions)
            value += max(0.0, best) * max(0.0, self.rounds - 1) * 0.55 + 1.0
        if card.effect:
            value += self._effect(cid)
        for req in card.requirement:
            if match := re.fullmatch(r"spend:(heat|plants|tr) (\d+)", req):
                unit = {"heat": self.heat, "plants": self.plant, "tr": self.tr}[match[1]]
                value -= unit * int(match[2])
        return value

    def _effect(self, cid: int) -> float:
        effect = CARDS[cid].effect
        hand = self.p.hand
        if match := re.search(r"discount:tag:(\w+) (\d+)", effect):
            fits = sum(1 for c in hand if match[1] in CARDS[c].tags)
            return int(match[2]) * (fits + self.rounds * 0.6)
        if match := re.search(r"discount:all (\d+)", effect):
            return int(match[1]) * self.rounds * 1.2
        if "discount:cost>=20" in effect:
            return self.rounds * 1.5
        if "research:" in effect:
            return self.rounds * 1.5
        if "tr+" in effect:
            return self.tr * 1.5
        return 2.0 + self.rounds * 0.4

    def reachable(self, cid: int) -> float:
        """1 if the card is playable by requirements now, less if it may be later, 0 if never."""
        problems = requirement_problems(self.state, self.seat, cid)
        if not problems:
            return 1.0
        if any("lower" in str(why) or "at most" in str(why) for why in problems):
            return 0.0                           # a maximum already passed never comes back
        return 0.5 if self.rounds > 3 else 0.1

    def keep_value(self, cid: int, cost: int) -> float:
        """How much a hand card is worth keeping (for discards, research, selling)."""
        net = self.card(cid) - cost * self.mc
        return net * self.reachable(cid)


def corp_worth(state: AresState, seat: int, cid: int) -> float:
    """A corporation: its MC, production, ability and fit with the seat's hand."""
    w = Worth(state, seat)
    card = CARDS[cid]
    value = card.cost + w.production(card.production) + w.text(card.immediate)
    hand = [CARDS[c] for c in state.pl[seat].hand]
    effect = card.effect
    if match := re.search(r"discount:tag:(\w+) (\d+)", effect):
        value += int(match[2]) * (sum(1 for c in hand if match[1] in c.tags) + 6)
    elif "discount:cost>=20" in effect:
        value += 4 * (sum(1 for c in hand if c.cost >= 20) + 3)
    elif "heat-as-mc" in effect:
        value += 6
    elif "forest-plant-cost" in effect:
        value += 4 + 2 * sum(1 for c in hand if "plants+" in c.production)
    elif "value:titanium" in effect:
        value += 2 * sum(1 for c in hand if "space" in c.tags)
    elif "steel" in effect:
        value += 3 * sum(1 for c in hand if "steel+" in c.production) + 4
    elif "jovian" in effect:
        value += 4 * sum(1 for c in hand if "jovian" in c.tags)
    elif effect:
        value += 10
    return value
