"""What each title's public view says about rounds, scores and teams, read from the view dict.

The game contract has no "round" or "running score"; every title's public view carries its own
(round, cycle, generation, Influence, VP). This is the one small mapping from a view to a
`Standing`, written against plain dicts (the bot imports no game). A title without an entry
falls back to top-level `round` and `scores`, which the platform's test games provide.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable


@dataclass(frozen=True)
class Line:
    """One line of the chart: a seat (`seat` set) or an automatic opponent (`seat` None)."""

    seat: int | None
    name: str
    score: int


@dataclass(frozen=True)
class Standing:
    """Where a game stands after a move: the round it is in (`key` orders rounds, `label` names
    one) and each line's running score."""

    key: tuple
    label: str
    lines: tuple[Line, ...]


def _int(value) -> int:
    try:
        return int(value)
    except (TypeError, ValueError):
        return 0


def _seat_entries(entries: list[dict], score: Callable[[dict], int], automaton_key: str | None = None,
                  seat_key: str = "seat") -> tuple[Line, ...]:
    lines = []
    for index, entry in enumerate(entries):
        if automaton_key and entry.get(automaton_key):
            lines.append(Line(None, str(entry.get("name") or "Automa"), score(entry)))
        else:
            lines.append(Line(_int(entry.get(seat_key, index)), "", score(entry)))
    return tuple(lines)


def _ares(view: dict) -> Standing | None:
    lines = _seat_entries(view.get("players") or [], lambda p: _int((p.get("vp") or {}).get("total", p.get("tr"))))
    rnd = _int(view.get("round"))
    return Standing((rnd,), str(rnd), lines) if rnd else None


def _impulse(view: dict) -> Standing | None:
    lines = _seat_entries(view.get("players_info") or [], lambda p: _int(p.get("score")))
    rnd = _int(view.get("round"))
    return Standing((rnd,), str(rnd), lines) if rnd else None


def _petrichor(view: dict) -> Standing | None:
    lines = _seat_entries(view.get("colours") or [], lambda c: _int(c.get("score")) + _int(c.get("track_points")),
                          "automaton", "colour")
    rnd = _int(view.get("round"))
    return Standing((rnd,), str(rnd), lines) if rnd else None


def _pocket_mars(view: dict) -> Standing | None:
    lines = _seat_entries(view.get("colonies") or [], lambda c: _int((c.get("score") or {}).get("total")),
                          "automaton", "index")
    rnd = _int(view.get("round"))
    return Standing((rnd,), str(rnd), lines) if rnd else None


def _voidfall(view: dict) -> Standing | None:
    lines = _seat_entries(view.get("houses") or [], lambda h: _int(h.get("influence")))
    cycle, rnd = _int(view.get("cycle")), _int(view.get("round"))
    return Standing((cycle, rnd), f"{cycle}.{rnd}", lines) if cycle and rnd else None


def _fallback(view: dict) -> Standing | None:
    scores = view.get("scores")
    if not isinstance(scores, list):
        return None
    rnd = _int(view.get("round"))
    return Standing((rnd,), str(rnd), tuple(Line(i, "", _int(s)) for i, s in enumerate(scores)))


READERS: dict[str, Callable[[dict], Standing | None]] = {
    "ares-expedition": _ares,
    "impulse": _impulse,
    "petrichor": _petrichor,
    "pocket-mars": _pocket_mars,
    "voidfall": _voidfall,
}

# what the chart's vertical axis counts
MEASURES = {"ares-expedition": "VP", "voidfall": "Influence", "impulse": "Points", "petrichor": "Points",
            "pocket-mars": "Points"}
# what a round is called on the chart's horizontal axis
ROUND_NAMES = {"ares-expedition": "Round", "voidfall": "Cycle.Round"}


def standing(view: dict) -> Standing | None:
    """The round and running scores a public view shows, or None when it shows none (setup)."""
    try:
        return READERS.get(view.get("game", ""), _fallback)(view)
    except (AttributeError, TypeError):  # a view shaped unlike its title's entry: no point
        return None


def teams(view: dict) -> list[int] | None:
    """The team of each seat when the table plays in teams (Impulse's team variant), else None."""
    if view.get("game") == "impulse" and (view.get("options") or {}).get("teams", "off") != "off":
        info = sorted(view.get("players_info") or [], key=lambda p: _int(p.get("seat")))
        return [_int(p.get("team")) for p in info]
    return None


def mode(options: dict, players: int) -> str:
    """versus, solo (one seat) or coop (the table plays together against the game)."""
    if players == 1:
        return "solo"
    if options.get("mode") == "coop":
        return "coop"
    return "versus"


def difficulty(options: dict) -> str:
    """The difficulty the table chose, for solo and co-op records ("standard" if none)."""
    return str(options.get("difficulty") or options.get("length") or "standard")
