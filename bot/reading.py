"""Texts for reading a game in Discord: status lines (with running scores and the mode), the
result headline, and the glossary behind `/card`: the game's catalogue of public facts plus
the named texts of the reader's own view."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from games.core import CatalogueEntry, GameRules, Outcome, fill_names
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


def catalogue_glossary(rules: GameRules) -> dict[str, str]:
    """Every named thing of a game, name -> text; a name that two kinds share (a card and a
    parameter both called "Ocean") is told apart by its kind."""
    found: dict[str, str] = {}
    entries: list[CatalogueEntry] = list(rules.catalogue().entries)
    names = [entry.name for entry in entries]
    for entry in entries:
        name = entry.name if names.count(entry.name) == 1 else f"{entry.name} ({entry.kind})"
        found.setdefault(name, entry.text)
    return found


def game_glossary(game: "LiveGame", user_id: int) -> dict[str, str]:
    """For anyone in the channel, during and after the game: the game's catalogue, then the
    named texts of the user's own view (the public view for onlookers), names filled in, plus
    the details of the options of the user's current decision. Never another seat's view."""
    found = catalogue_glossary(game.rules)
    if game.state is None:
        return found
    seat = game.seat_of(user_id)
    for name, text in glossary(named(game.rules.view(game.state, seat), game.names())).items():
        found.setdefault(name, text)
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


def mode_text(players: int, options: dict[str, str]) -> str:
    """The way the table plays, in words: solo, co-op or competitive (the options that only
    apply to another mode are left out, so a solo game never says mode=competitive)."""
    if players == 1:
        return "solo (one player against the game)"
    if options.get("mode") == "coop":
        return f"co-op ({players} players together)"
    return f"competitive ({players} players)"


def shown_options(options: dict[str, str]) -> dict[str, str]:
    """The options worth showing: `mode` is named by `mode_text` instead."""
    return {key: value for key, value in options.items() if key != "mode"}


def standings_lines(game: "LiveGame") -> list[str]:
    """Where everyone stands mid-game: each side's score if the game ended now and its terms."""
    if game.state is None:
        return []
    names = game.names()
    lines = []
    for standing in game.rules.standings(game.state):
        who = standing.name if standing.seat is None else names[standing.seat]
        terms = f" ({', '.join(standing.terms)})" if standing.terms else ""
        lines.append(f"{who}: {standing.score} points{terms}")
    return lines


def result_headline(game: "LiveGame", outcome: Outcome) -> str:
    """One line saying how the game ended: the winners by name, or for a game nobody at the
    table won (a lost solo or co-op game) the game's own last word, which names the automatic
    opponent's score."""
    if outcome.winners:
        return "Winner: " + ", ".join(game.seats[s].name for s in outcome.winners) + "."
    verdict = fill_names(outcome.summary[-1], game.names()) if outcome.summary else "Nobody at the table won."
    return f"Result: {verdict}"


def status_text(game: "LiveGame", waiting: str) -> str:
    """Seats, mode and options, whose turn and where everyone stands (or the final scores and
    each term that made them, for a finished game)."""
    lines = [f"**{game.rules.title}** ({game.row.status}), move {game.version}"]
    outcome = game.rules.outcome(game.state) if game.state is not None else None
    to_act = set(game.to_act()) if game.state is not None and game.row.status == "active" else set()
    for seat in game.seats:
        marker = " ⏳" if seat.seat in to_act else ""
        score = f": {outcome.scores[seat.seat]} points" if outcome is not None else ""
        crown = " 🏆" if outcome is not None and seat.seat in outcome.winners else ""
        lines.append(f"{seat.seat + 1}. {seat.name}{' (bot)' if seat.is_bot else ''}{marker}{score}{crown}")
    chosen = dict(game.state.options) if game.state is not None else dict(game.row.options or {})
    lines.append("Mode: " + mode_text(len(game.seats), chosen))
    options = shown_options(dict(game.row.options or {}))
    if options:
        lines.append("Options: " + ", ".join(f"{k}={v}" for k, v in options.items()))
    if outcome is not None:
        lines.append(result_headline(game, outcome))
        lines.extend(panels.bullets([fill_names(line, game.names()) for line in outcome.summary]))
    elif game.row.status == "active":
        standing = standings_lines(game)
        if standing:
            lines.append("**Standings** (points if the game ended now):")
            lines.extend(panels.bullets(standing))
    if game.row.status == "active":
        lines.append(f"Waiting for: {waiting}")
        if game.clock is not None:
            lines.append(f"Turn clock: {game.clock_summary()}")
    elif game.row.status == "finished":
        lines.append("The game is over. /game board shows the final board; /game export sends the whole log.")
    return panels.clip("\n".join(lines), 1900)
