"""Texts for reading a game in Discord: status lines (with running scores and the mode), the
result headline, and the glossary behind `/card`: the game's catalogue of public facts plus
the named texts of the reader's own view."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from games.core import Breakdown, CatalogueEntry, GameRules, Outcome, Source
from games.core.i18n import ENGLISH, localize, render
from renderers import named

from . import texts
from .words import T, say

if TYPE_CHECKING:
    from .live import LiveGame

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


def catalogue_glossary(rules: GameRules, locale: str = ENGLISH) -> dict[str, str]:
    """Every named thing of a game in `locale`, name -> text; a name that two kinds share (a
    card and a parameter both called "Ocean") is told apart by its kind."""
    found: dict[str, str] = {}
    entries: list[CatalogueEntry] = list(rules.catalogue().entries)
    names = [render(entry.name, locale) for entry in entries]
    for name, entry in zip(names, entries):
        if names.count(name) > 1:
            name = f"{name} ({entry.kind})"
        found.setdefault(name, render(entry.text, locale))
    return found


def english_aliases(rules: GameRules, locale: str) -> dict[str, str]:
    """English name -> the `locale` name of each catalogue entry, so a reader of another
    language finds a card by the English name printed on it too."""
    if locale == ENGLISH:
        return {}
    return {render(entry.name, ENGLISH): render(entry.name, locale) for entry in rules.catalogue().entries}


def game_glossary(game: "LiveGame", user_id: int, locale: str = ENGLISH) -> dict[str, str]:
    """For anyone in the channel, during and after the game: the game's catalogue, then the
    named texts of the user's own view (the public view for onlookers), names filled in, plus
    the details of the options of the user's current decision. Never another seat's view."""
    found = catalogue_glossary(game.rules, locale)
    if game.state is None:
        return found
    seat = game.seat_of(user_id)
    view = localize(game.view(seat), locale)
    for name, text in glossary(named(view, game.names())).items():
        found.setdefault(name, text)
    decision = game.decision_for(seat) if seat is not None else None
    if decision is not None:
        for option in texts.with_names(decision, game.names(), locale).options:
            if option.detail:
                found.setdefault(str(option.label), str(option.detail))  # with_names: plain strings
    return found


def lookup(entries: dict[str, str], typed: str, limit: int = 25, aliases: dict[str, str] | None = None) -> list[str]:
    """Names containing what was typed, names starting with it first; `aliases` (English name
    -> name in the reader's language) find entries by their English names too."""
    typed = typed.lower().strip()
    hits = [name for name in entries if typed in name.lower() or typed in entries[name].lower()]
    hits.sort(key=lambda name: (not name.lower().startswith(typed), typed not in name.lower(), name.lower()))
    for english, shown in (aliases or {}).items():
        if typed in english.lower() and shown in entries and shown not in hits:
            hits.append(shown)
    return hits[:limit]


def mode_text(players: int, options: dict[str, str], locale: str = ENGLISH) -> str:
    """The way the table plays, in words: solo, co-op or competitive (the options that only
    apply to another mode are left out, so a solo game never says mode=competitive)."""
    if players == 1:
        return say(T("solo (one player against the game)"), locale)
    if options.get("mode") == "coop":
        return say(T("co-op ({n} players together)", n=players), locale)
    return say(T("competitive ({n} players)", n=players), locale)


def shown_options(options: dict[str, str]) -> dict[str, str]:
    """The options worth showing: `mode` is named by `mode_text` instead."""
    return {key: value for key, value in options.items() if key != "mode"}


def standings_lines(game: "LiveGame", locale: str = ENGLISH) -> list[str]:
    """Where everyone stands mid-game: each side's score if the game ended now and its terms."""
    if game.state is None:
        return []
    names = game.names()
    lines = []
    for standing in game.rules.standings(game.state):
        who = standing.name if standing.seat is None else names[standing.seat]
        terms = tuple(say(term, locale, names) for term in standing.terms)
        line = (T("{who}: {n} points ({terms})", who=who, n=standing.score, terms=terms) if terms
                else T("{who}: {n} points", who=who, n=standing.score))
        lines.append(say(line, locale))
    return lines


def result_headline(game: "LiveGame", outcome: Outcome, locale: str = ENGLISH) -> str:
    """One line saying how the game ended: the winners by name, or for a game nobody at the
    table won (a lost solo or co-op game) the game's own last word, which names the automatic
    opponent's score."""
    if outcome.winners:
        winners = tuple(game.seats[s].name for s in outcome.winners)  # (Babel skips a call holding a generator)
        return say(T("Winner: {names}.", names=winners), locale)
    verdict = (say(outcome.summary[-1], locale, game.names()) if outcome.summary
               else say(T("Nobody at the table won."), locale))
    return say(T("Result: {verdict}", verdict=verdict), locale)


def _term(source: Source, locale: str, names: list[str]) -> str:
    """One source as a reader reads it: its name and points (without sign), with its detail."""
    what = say(source.what, locale, names)
    if source.detail:
        return say(T("{what} {n} ({detail})", what=what, n=abs(source.points), detail=say(source.detail, locale, names)),
                   locale)
    return say(T("{what} {n}", what=what, n=abs(source.points)), locale)


def sources_text(side: Breakdown, locale: str = ENGLISH, names: list[str] | None = None) -> str:
    """A side's sources as a sum ("starting Influence 10 + Agendas 12 − Upkeep unpaid 3"): the
    ones that gave or cost something (the first one when none did)."""
    names = names or []
    shown = [source for source in side.sources if source.points] or list(side.sources[:1])
    text = ""
    for source in shown:
        term = _term(source, locale, names)
        if not text:
            text = f"−{term}" if source.points < 0 else term
        else:
            text += f" − {term}" if source.points < 0 else f" + {term}"
    return text


def breakdown_sides(game: "LiveGame", locale: str = ENGLISH) -> list[tuple[str, str, list[str]]]:
    """Where each side's final score came from, for a finished game (empty otherwise): per side
    (who with the total, the sources as a sum, the notes), in `locale`, the automatic opponent's
    too, as the game gives them through the contract (`GameRules.breakdown`)."""
    if game.state is None or game.rules.outcome(game.state) is None:
        return []
    names = game.names()
    found = []
    for side in game.rules.breakdown(game.state):
        who = say(side.name, locale, names) if side.seat is None else names[side.seat]
        found.append((say(T("{name}: {total}", name=who, total=side.total), locale), sources_text(side, locale, names),
                      [say(note, locale, names) for note in side.notes]))
    return found


def breakdown_lines(game: "LiveGame", locale: str = ENGLISH) -> list[str]:
    """The final breakdown as lines under a heading (nothing when the game gives none)."""
    sides = breakdown_sides(game, locale)
    if not sides:
        return []
    lines = [say(T("**Where the points came from:**"), locale)]
    for heading, sources, notes in sides:
        lines.append(say(T("{side} = {sources}", side=f"**{heading}**", sources=sources), locale))
        lines.extend(f"  · {note}" for note in notes)
    return lines


STATUS_NAMES = {"lobby": T("lobby"), "active": T("active"), "finished": T("finished"), "abandoned": T("abandoned")}


def status_pages(game: "LiveGame", waiting, locale: str = ENGLISH) -> list[str]:
    """Seats, mode and options, whose turn and where everyone stands (or the final scores, where
    each came from and the game's scoring summary, for a finished game), in `locale`, in pages
    of one message each (nothing is cut); `waiting` is a text."""
    status = STATUS_NAMES.get(game.row.status, game.row.status)
    lines = [say(T("**{title}** ({status}), move {n}", title=game.rules.title_text, status=status, n=game.version), locale)]
    outcome = game.rules.outcome(game.state) if game.state is not None else None
    to_act = set(game.to_act()) if game.state is not None and game.row.status == "active" else set()
    for seat in game.seats:
        marker = " ⏳" if seat.seat in to_act else ""
        score = say(T(": {n} points", n=outcome.scores[seat.seat]), locale) if outcome is not None else ""
        crown = " 🏆" if outcome is not None and seat.seat in outcome.winners else ""
        lines.append(f"{seat.seat + 1}. {game.seat_line(seat.seat, locale)}{marker}{score}{crown}")
    chosen = dict(game.state.options) if game.state is not None else dict(game.row.options or {})
    lines.append(say(T("Mode: {mode}", mode=mode_text(len(game.seats), chosen, locale)), locale))
    options = shown_options(dict(game.row.options or {}))
    if options:
        lines.append(say(T("Options: {options}", options=game.rules.options_in_words(options)), locale))
    if outcome is not None:
        lines.append(result_headline(game, outcome, locale))
        lines.extend(breakdown_lines(game, locale))
        lines.extend(texts.bullets([say(line, locale, game.names()) for line in outcome.summary]))
    elif game.row.status == "active":
        standing = standings_lines(game, locale)
        if standing:
            lines.append(say(T("**Standings** (points if the game ended now):"), locale))
            lines.extend(texts.bullets(standing))
    if game.row.status == "active":
        lines.append(say(T("Waiting for: {names}", names=waiting), locale))
        if game.clock is not None:
            lines.append(say(T("Turn clock: {clock}", clock=game.clock_summary(locale=locale)), locale))
    elif game.row.status == "finished":
        lines.append(say(T("The game is over. /game board shows the final board; /game export sends the whole log."),
                         locale))
    return texts.chunk(lines, 1900)
