"""A defending house chooses its own losses (article 詳細戰鬥流程: 受到傷害的一方可以選擇召回等同於
傷害數量的艦隊力量方塊 - the side taking damage chooses which cubes to recall).

Design (RULES.md "Combat"): the defending house names the one fleet kind it loses last, once, before
the combat is fought (the invader already named its own when confirming); damage then removes cubes
in LOSS_ORDER with that kind last. Every option shows the exact result of the combat with that choice
(the same `resolve` the combat runs), and the invader's confirm option shows the result for every
choice the defender may make. There is no decision when the defender fights with one kind, or when
every choice gives the same result (one outcome: nothing to choose).

Two tasks: `defend` (a house invaded by another house; the invader's confirmed invasion waits in the
task data) and `defend_skirmish` (a Voidborn Skirmish on a house sector).
"""

from __future__ import annotations

from dataclasses import replace

from .board import controller, name, sector
from .combat import LOSS_ORDER, Result, Side, loss_choices, resolve
from .data import FLEET_NAME
from .tasks import dec, done, handler, opt

# Designed: what a kept cube is worth to its owner when two choices keep as many cubes.
VALUE = {"corvette": 1, "sentry": 2, "destroyer": 3, "carrier": 3, "dreadnought": 4}
WORD = {"invader": "invader wins", "defender": "defender wins", "tie": "tie"}


def defender_rank(res: Result) -> tuple:
    """How good a result is for the defender: win > tie > lose, then most cubes kept, then the
    most valuable cubes kept."""
    outcome = {"defender": 2, "tie": 1, "invader": 0}[res.winner]
    return outcome, sum(res.defender.values()), sum(VALUE.get(k, 0) * n for k, n in res.defender.items())


def best_choice(outs: list[tuple[str, Result]]) -> tuple[str, Result]:
    """The defender's best choice (ties: the kind latest in LOSS_ORDER, i.e. the fixed order)."""
    return max(outs, key=lambda kr: (defender_rank(kr[1]), LOSS_ORDER.index(kr[0])))


def fleet_words(cubes: dict) -> str:
    """E.g. "2 Sentry, 1 Corvette" (in LOSS_ORDER), "nothing" when empty."""
    parts = [f"{cubes[k]} {FLEET_NAME[k]}" for k in LOSS_ORDER if cubes.get(k, 0) > 0]
    return ", ".join(parts) or "nothing"


def defender_detail(res: Result) -> str:
    """One defend option's exact result, from the defender's side (at most 100 characters)."""
    word = {"defender": "you hold", "invader": "you lose the sector", "tie": "tie, you lose the sector"}[res.winner]
    inv = sum(res.invader.values())
    return f"{word}: keep {fleet_words(res.defender)} (lose {res.defender_lost}); attacker keeps {inv}"


def grouped(outs: list[tuple[str, Result]]) -> list[tuple[list[str], Result]]:
    """Defender choices that lead to the same winner and cube counts, merged (first seen order)."""
    groups: dict[tuple, tuple[list[str], Result]] = {}
    for kind, res in outs:
        key = (res.winner, sum(res.invader.values()), sum(res.defender.values()))
        groups.setdefault(key, ([], res))[0].append(kind)
    return list(groups.values())


def outlook_text(outs: list[tuple[str, Result]]) -> str:
    """Every outcome by the kind the defender loses last, e.g. "Sentry last: invader wins, 3 vs 0
    cubes left; Corvette/Carrier last: defender wins, 0 vs 2 cubes left"."""
    return "; ".join(f"{'/'.join(FLEET_NAME[k] for k in kinds)} last: {WORD[res.winner]}, "
                     f"{sum(res.invader.values())} vs {sum(res.defender.values())} cubes left"
                     for kinds, res in grouped(outs))


def confirm_label(outs: list[tuple[str, Result]]) -> str:
    winners = {res.winner for _, res in outs}
    if len(winners) == 1:
        return f"CONFIRM invasion: {WORD[winners.pop()]} whatever the defender protects"
    return "CONFIRM invasion: the outcome depends on the defender's choice"


# ---------------------------------------------------------------- invasions
def invasion_sides(state, seat, d) -> tuple[Side, Side, int | str | None]:
    from .military import defender_side, invader_side, moved_total

    s = sector(state, d["target"])
    dfn, who = defender_side(state, s)
    return invader_side(state, seat, s.key, moved_total(d), d, dfn), dfn, who


def invasion_choices(state, seat, d) -> list[tuple[str, Result]]:
    """The defending house's loss choices against `seat`'s invasion `d`, each with its exact
    result; empty when the defender is not a house or has nothing to choose."""
    inv, dfn, who = invasion_sides(state, seat, d)
    if not isinstance(who, int):
        return []
    return loss_choices(inv, dfn)


def invasion_results(state, seat, d) -> list[Result]:
    """Every result the invasion `d` may have: one per defender choice, or the one result."""
    outs = invasion_choices(state, seat, d)
    if outs:
        return [res for _, res in outs]
    from .military import preview

    return [preview(state, seat, d)[0]]


def options_for(outs: list[tuple[str, Result]]) -> list:
    standard = outs[-1][0]  # the last kind in LOSS_ORDER: what the fixed order loses last anyway
    return [opt(f"k:{kind}", f"lose {FLEET_NAME[kind]} cubes last" + (" (standard order)" if kind == standard else ""),
                defender_detail(res)) for kind, res in outs]


@handler("defend")
class Defend:
    """`seat` is the defending house; data: `invader` (seat) and `d` (the confirmed invasion)."""

    @staticmethod
    def decide(state, task):
        inv_seat, d = task.data["invader"], task.data["d"]
        outs = invasion_choices(state, inv_seat, d)
        if not outs or controller(sector(state, d["target"])) != task.seat:
            return []
        inv, _, _ = invasion_sides(state, inv_seat, d)
        prompt = (f"{name(inv_seat)} invades your {sector(state, d['target']).name} with {fleet_words(inv.cubes)}: "
                  f"which of your fleet kinds do you lose last? (The others go in the usual order.)")
        return [dec(task.seat, prompt, options_for(outs))]

    @staticmethod
    def auto(state, task):
        from .military import carry_out

        done(state, task)
        carry_out(state, task.data["invader"], task.data["d"])

    @staticmethod
    def apply(state, task, decision, choice):
        from .military import carry_out

        done(state, task)
        d = task.data["d"]
        d["defend"] = choice[2:]
        state.say(f"{name(task.seat)} will lose {FLEET_NAME[d['defend']]} cubes last.")
        carry_out(state, task.data["invader"], d)


# ---------------------------------------------------------------- skirmishes
def skirmish_sides(state, seat, strength, s) -> tuple[Side, Side]:
    from .evaluation import defence_side, skirmish_side

    return skirmish_side(state, seat, strength), defence_side(state, seat, s)


def skirmish_choices(state, seat, strength, s) -> list[tuple[str, Result]]:
    return loss_choices(*skirmish_sides(state, seat, strength, s))


def _skirmish_target_ok(state, seat, s) -> bool:
    return controller(s) == seat and s.home_of < 0


@handler("defend_skirmish")
class DefendSkirmish:
    """`seat` is the struck house; data: `target` (sector key) and `strength` (Voidborn cubes),
    fixed when the Skirmish chose its target."""

    @staticmethod
    def decide(state, task):
        s, strength = sector(state, task.data["target"]), task.data["strength"]
        if not _skirmish_target_ok(state, task.seat, s):
            return []
        outs = skirmish_choices(state, task.seat, strength, s)
        if not outs:
            return []
        prompt = (f"Skirmish: {strength} Voidborn cubes strike your {s.name}: which of your fleet kinds do you "
                  f"lose last? (The others go in the usual order.)")
        return [dec(task.seat, prompt, options_for(outs))]

    @staticmethod
    def auto(state, task):
        """Nothing left to choose (the sector changed in the meantime): fight it as it stands,
        or strike again if the sector is no longer a target."""
        from .evaluation import finish_skirmish, strike

        done(state, task)
        s, strength = sector(state, task.data["target"]), task.data["strength"]
        if _skirmish_target_ok(state, task.seat, s):
            finish_skirmish(state, task.seat, s, resolve(*skirmish_sides(state, task.seat, strength, s)))
        else:
            strike(state, task.seat, strength)

    @staticmethod
    def apply(state, task, decision, choice):
        from .evaluation import finish_skirmish

        done(state, task)
        s, kind = sector(state, task.data["target"]), choice[2:]
        inv, dfn = skirmish_sides(state, task.seat, task.data["strength"], s)
        state.say(f"{name(task.seat)} will lose {FLEET_NAME[kind]} cubes last.")
        finish_skirmish(state, task.seat, s, resolve(inv, replace(dfn, protect=kind)))


# ---------------------------------------------------------------- the bot's pick
def bot_pick(state, task, ids: list[str]) -> str:
    """The option whose exact result is best for the defender."""
    if task.kind == "defend":
        outs = invasion_choices(state, task.data["invader"], task.data["d"])
    else:
        outs = skirmish_choices(state, task.seat, task.data["strength"], sector(state, task.data["target"]))
    outs = [(k, r) for k, r in outs if f"k:{k}" in ids]
    return f"k:{best_choice(outs)[0]}" if outs else ids[0]
