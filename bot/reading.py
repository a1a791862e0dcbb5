"""Texts for reading a game in Discord: status lines, and the glossary of card, tech and
ability texts that a game's view exposes (for `/card` with autocomplete)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from renderers import named

from . import panels

if TYPE_CHECKING:
    from .session import LiveGame

TEXT_KEYS = ("text", "detail", "effect", "ability", "description")
NAME_KEYS = ("name", "title", "label")


def _entry_name(item: dict) -> str | None:
    for key in NAME_KEYS:
        if isinstance(item.get(key), str) and item[key]:
            return item[key]
    if isinstance(item.get("id"), str):
        extra = [f"{k} {v}" for k, v in item.items()
                 if k not in ("id", *TEXT_KEYS) and isinstance(v, (str, int)) and not isinstance(v, bool)][:3]
        return item["id"] + (f" ({', '.join(extra)})" if extra else "")
    return None


def glossary(view: Any) -> dict[str, str]:
    """Every named text in a view: cards, techs, abilities. Only what this viewer may see."""
    found: dict[str, str] = {}

    def walk(node: Any) -> None:
        if isinstance(node, dict):
            text = next((node[k] for k in TEXT_KEYS if isinstance(node.get(k), str) and node[k]), None)
            name = _entry_name(node) if text else None
            if name and text:
                found.setdefault(name, text)
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)

    walk(view)
    return found


def game_glossary(game: "LiveGame", user_id: int) -> dict[str, str]:
    """The glossary of the user's own view (the public view for onlookers), names filled in,
    plus the details of the options of the user's current decision."""
    if game.state is None:
        return {}
    seat = game.seat_of(user_id)
    found = glossary(named(game.rules.view(game.state, seat), game.names()))
    decision = game.rules.decision_for(game.state, seat) if seat is not None else None
    if decision is not None:
        for option in panels.with_names(decision, game.names()).options:
            if option.detail:
                found.setdefault(option.label, option.detail)
    return found


def lookup(entries: dict[str, str], typed: str, limit: int = 25) -> list[str]:
    """Names containing what was typed, names starting with it first."""
    typed = typed.lower().strip()
    hits = [name for name in entries if typed in name.lower() or typed in entries[name].lower()]
    hits.sort(key=lambda name: (not name.lower().startswith(typed), typed not in name.lower(), name.lower()))
    return hits[:limit]


def status_text(game: "LiveGame", waiting: str) -> str:
    """Seats, options, whose turn (or the final scores of a finished game)."""
    lines = [f"**{game.rules.title}** ({game.row.status}), move {game.version}"]
    outcome = game.rules.outcome(game.state) if game.state is not None else None
    to_act = set(game.to_act()) if game.state is not None and game.row.status == "active" else set()
    for seat in game.seats:
        marker = " ⏳" if seat.seat in to_act else ""
        score = f": {outcome.scores[seat.seat]} points" if outcome is not None else ""
        crown = " 🏆" if outcome is not None and seat.seat in outcome.winners else ""
        lines.append(f"{seat.seat + 1}. {seat.name}{' (bot)' if seat.is_bot else ''}{marker}{score}{crown}")
    if game.row.options:
        lines.append("Options: " + ", ".join(f"{k}={v}" for k, v in game.row.options.items()))
    if game.row.status == "active":
        lines.append(f"Waiting for: {waiting}")
        if game.clock is not None:
            lines.append(f"Turn clock: {game.clock_summary()}")
    elif game.row.status == "finished":
        lines.append("The game is over. /game board shows the final board; /game export sends the whole log.")
    return panels.clip("\n".join(lines), 1900)
