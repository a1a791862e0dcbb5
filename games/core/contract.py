"""The one contract every game implements.

A game is a `GameRules` subclass over a state dataclass derived from `CoreState`.
Everything outside `games/` (bot, renderers, sandbox, tests) talks to games only
through this contract:

* `setup(players, seed, options)` builds the initial state.
* `pending(state)` lists the open `Decision`s: who must choose and among what. Several
  entries (one per seat) mean those seats choose simultaneously. Empty once the game is over.
* `apply(state, seat, choice)` returns a new state; the given state is never modified.
  Bad input raises an `IllegalChoice` (a ValueError) and changes nothing.
* `view(state, seat)` is the single redaction point: JSON-safe data showing exactly what
  that seat may see (`None` is the public/spectator view).
* `outcome(state)` is None while running, else final scores and winners; `breakdown(state)`
  then says where each side's score came from (typed rows of texts, the automatic opponent's
  too), for the result message, `/game status` and the final board.
* `dump(state)` / `load(data)` convert to plain JSON and back exactly.
* Every text a player reads (prompts, option labels, log lines, summaries) is a `Text`: a
  `Msg` from i18n.py renders in each reader's language; a plain str is shown as it is.
* For reading and learning (optional, see catalogue.py): `catalogue()` every named thing,
  `rules_documents` the rules files, `explain(state, seat)` the current decision in context,
  `standings(state)` running scores.
* For a game's record (optional): `progress(state)` the round a state is in with each side's
  running score (a result's score chart, a replay's rounds), `score_measure` what that score
  counts, `teams(state)` who plays together, `play_mode` and `difficulty` how the table plays.
  The platform reads these only through the contract: a game's knowledge stays in the game.
* Bot players (games/core/levels.py): `bot_choice(state, seat, level, budget)` at one of
  `BOT_LEVELS` ("easy", "normal", "hard"), always from a `redeal` sample (what the seat may see,
  the rest drawn anew); a game implements `baseline_choice` (its own bot), `redeal` (the sampler of
  its hidden parts) and `search_pieces` (the search's evaluation) to offer every level.
* For showing the board beside a choice (optional): `places(state, decision)` names the board
  places the decision's options refer to (`Places`, plain data keyed by option id), so an
  interface can draw the board with those places marked by the options' numbers. The default
  names none; a game implements it only for decisions about places on its board.

Multi-step actions are chains of decisions kept as data inside the state, never
callbacks, so a save taken at any point resumes exactly.
"""

from __future__ import annotations

import copy
import pickle
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, TypedDict, TypeVar

from . import codec
from .catalogue import Catalogue, Figure, Standing
from .decision import Choice, Decision, Option  # noqa: F401 (part of the contract: games import them from here)
from .errors import BadSetup, GameOver, NotYourTurn, echo
from .i18n import ENGLISH, Msg, Text, jsonable, languages, render
from .levels import BOT_LEVELS, NORMAL, BotRequest, decide
from .names import seat_ref
from .options import TABLE_OPTIONS, GameOption, T, chosen_line, guide_line
from .rng import Rng
from .search import SearchPieces

TITLE_CONTEXT = "game:title"  # the context of a game's title in its catalogue


@dataclass(frozen=True)
class Places:
    """The board places a decision's options refer to, as plain data.

    `options` maps an option id to the places that option names, in order: one place is where
    the option acts (deploy here, build there); two are a move from the first to the second
    (regroup, send a fleet to the invaded sector). `focus` are places the whole decision is
    about without being an option (the sector being invaded). Place ids are the game's own board
    keys, exactly as its view names them (a Voidfall sector's "q,r" key). Options without
    places are simply absent; an empty `Places` means the decision is not about the board.
    """

    options: dict[str, tuple[str, ...]] = field(default_factory=dict)
    focus: tuple[str, ...] = ()

    def __bool__(self) -> bool:
        return bool(self.options)

    def every_place(self) -> set[str]:
        """Every place named, by an option or as the focus."""
        return {place for found in self.options.values() for place in found} | set(self.focus)


# One option moving something between two places, with the numbers of the options that do.
MarkedMove = TypedDict("MarkedMove", {"from": str, "to": str, "numbers": list[int]})


class Marks(TypedDict, total=False):
    """What a board image marks beside a decision about board places (`Places`), as a renderer
    receives it in view["marks"] (empty: nothing to mark): the numbers of the options acting at
    each place (`spots`), the moves between places with their numbers, the places the decision
    is about (`focus`) and its prompt (`title`). Options are numbered as the panel numbers them."""

    spots: dict[str, list[int]]
    moves: list[MarkedMove]
    focus: list[str]
    title: Text


@dataclass(frozen=True)
class Round:
    """Where a game is in its course: `key` orders rounds (a later round has a larger key; a
    game whose round number starts again within a larger period keys by both, (cycle, round)),
    `label` names it for people ("3", "2.4")."""

    key: tuple[int, ...]
    label: str


@dataclass(frozen=True)
class Progress:
    """Where a game stands after a move, for its score chart and a replay's rounds: the round it
    is in and each side's running score (a `Standing` per seat, and per automatic opponent
    named by `Standing.name`)."""

    round: Round
    scores: tuple[Standing, ...]


@dataclass(frozen=True)
class Outcome:
    """Final result. `scores` per seat; `winners` are seats (empty when an automatic
    opponent wins a solo or co-op game, or when the table simply lost); `opponent` names the
    automatic opponent that won ("the Voidborn"; empty when it lost or there is none);
    `summary` explains scoring and tie-breaks."""

    scores: tuple[int, ...]
    winners: tuple[int, ...]
    summary: tuple[Text, ...] = ()
    opponent: Text = ""

    def verdict(self) -> Msg:
        """Who won, in a few words for a final board: the winning seats (as seat references,
        named by the reader's interface), else the automatic opponent, else nobody."""
        if self.winners:
            names = tuple(seat_ref(seat) for seat in self.winners)
            return T("Winner: {names}", names=names) if len(names) == 1 else T("Winners: {names}", names=names)
        if self.opponent:
            return T("Winner: {names}", names=(self.opponent,))
        return T("Nobody won")

    def won(self, side: "Breakdown") -> bool:
        """Whether the side of a final breakdown won: a winning seat, or the opponent that won."""
        return side.seat in self.winners if side.seat is not None else bool(self.opponent) and side.name == self.opponent

    def to_dict(self) -> dict:
        return {"scores": list(self.scores), "winners": list(self.winners), "summary": jsonable(self.summary),
                "opponent": jsonable(self.opponent)}


@dataclass(frozen=True)
class Source:
    """One source of a side's final score: what it is (`what`: "Terraform Rating", "Agendas"),
    the points it gave (negative: what it cost, "Upkeep unpaid") and, when it helps, how they
    came (`detail`: "7 forests")."""

    what: Text
    points: int
    detail: Text = ""


@dataclass(frozen=True)
class Breakdown:
    """Where one side's final score came from: its `sources` add up to `total`, the score the
    outcome gives it. `notes` are facts beside the sum (a tie-break count, points Corruption
    kept from scoring). `seat` is None for an automatic opponent, named by `name`."""

    seat: int | None
    total: int
    sources: tuple[Source, ...]
    notes: tuple[Text, ...] = ()
    name: Text = ""

    def to_dict(self) -> dict:
        """The breakdown as plain data (messages as their data form), as a view carries it."""
        shown: dict = jsonable({"seat": self.seat, "name": self.name, "total": self.total, "notes": list(self.notes),
                                "sources": [{"what": s.what, "points": s.points, "detail": s.detail}
                                            for s in self.sources]})
        return shown


@dataclass
class LogLine:
    """A human-readable line about what happened (a `Msg` reads in each reader's language).
    `seat` set: only that seat may read it."""

    text: Text
    seat: int | None = None


@dataclass(kw_only=True)
class CoreState:
    """Fields every game state has. `seed` and `rng` are secret: never put them in a view."""

    players: int
    seed: int
    options: dict[str, str]
    rng: Rng
    seq: int = 0
    reveals: int = 0
    log: list[LogLine] = field(default_factory=list)

    def say(self, text: Text, seat: int | None = None) -> None:
        """Add a log line for the choice being applied (public unless `seat` is given)."""
        self.log.append(LogLine(text, seat))

    def mark_reveal(self) -> None:
        """Record that hidden information came to light (a draw, a flip), so the step cannot be undone."""
        self.reveals += 1

    def next_copy(self: S) -> S:
        """A deep copy with an empty log, for the state after a move: states are plain data,
        and a pickle round trip copies them 2-4 times faster than `copy.deepcopy` (shared
        parts stay shared as they do there). The old log is left out rather than copied."""
        shallow = copy.copy(self)
        shallow.log = []
        copied: S = pickle.loads(pickle.dumps(shallow, pickle.HIGHEST_PROTOCOL))
        return copied


S = TypeVar("S", bound=CoreState)


class GameRules(ABC, Generic[S]):
    """Rules of one game. Stateless: every method takes the state it works on."""

    slug: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    options: ClassVar[tuple[GameOption, ...]] = ()
    # Option combinations that are distinct ways to play (the conformance suite runs each in full,
    # beside every single option value).
    conformance_options: ClassVar[tuple[dict[str, str], ...]] = ()
    summary: ClassVar[Text] = ""  # a few lines: what the game is about and how a round goes
    state_type: ClassVar[type]
    score_measure: ClassVar[str] = "Score"  # what a running score counts, named on a score chart ("VP")

    # -- setup -----------------------------------------------------------------
    def setup(self, players: int, seed: int, options: dict | None = None) -> S:
        if not self.min_players <= players <= self.max_players:
            raise BadSetup(T("{title} takes {low}-{high} players, not {n}", title=self.title_text,
                             low=self.min_players, high=self.max_players, n=players))
        resolved = self.resolve_options(options)
        return self._setup(players, seed, resolved)

    def resolve_options(self, options: dict | None) -> dict[str, str]:
        """Options with defaults filled in; BadSetup for unknown keys or values."""
        given = dict(options or {})
        resolved: dict[str, str] = {}
        for spec in (*self.options, *TABLE_OPTIONS):
            value = str(given.pop(spec.key, spec.default))
            if value not in spec.choices:
                raise BadSetup(T("option {key} must be one of {values}", key=spec.key, values=spec.choices))
            if value != spec.default or spec not in TABLE_OPTIONS:
                resolved[spec.key] = value
        if given:
            raise BadSetup(T("unknown option {key} for {title}", key=echo(sorted(given)[0]), title=self.title_text))
        return resolved

    # -- how the game and its options read -----------------------------------------
    @property
    def domain(self) -> str:
        """The message domain of the game's texts: its package ("games.pocket_mars")."""
        return type(self).__module__.rpartition(".")[0]

    @property
    def title_text(self) -> Msg:
        """The title as each reader reads it: the English `title`, translated by the game's own
        catalogue under the context "game:title" (the name the articles give the game)."""
        return Msg(self.domain, self.title, (), TITLE_CONTEXT)

    def titles(self) -> tuple[str, ...]:
        """The title in every supported language, English first, each once."""
        found = [render(self.title_text, code) for code in languages()]
        return tuple(dict.fromkeys(found))

    def option_spec(self, key: str) -> GameOption | None:
        return next((spec for spec in (*self.options, *TABLE_OPTIONS) if spec.key == key), None)

    def options_in_words(self, options: dict[str, str]) -> tuple[Text, ...]:
        """Chosen options as a player reads them ("Solo difficulty: hard"); a key the game no
        longer knows (an old saved game) stays as it was typed."""
        return tuple(chosen_line(self.domain, spec, value) if spec is not None and value in spec.choices
                     else f"{key}={value}" for key, value in options.items() for spec in [self.option_spec(key)])

    def options_guide(self) -> tuple[Msg, ...]:
        """Every option the game and the table take, with each value as a player types it."""
        return tuple(guide_line(self.domain, spec) for spec in (*self.options, *TABLE_OPTIONS))

    def new_core(self, players: int, seed: int, options: dict[str, str]) -> dict[str, Any]:
        """Keyword arguments for the CoreState part of a fresh state."""
        return {"players": players, "seed": seed, "options": dict(options), "rng": Rng.from_seed(seed)}

    # -- play ------------------------------------------------------------------
    @abstractmethod
    def _setup(self, players: int, seed: int, options: dict[str, str]) -> S: ...

    @abstractmethod
    def pending(self, state: S) -> list[Decision]: ...

    def decision_for(self, state: S, seat: int) -> Decision | None:
        return next((d for d in self.pending(state) if d.seat == seat), None)

    def apply(self, state: S, seat: int, choice: Any, pending: list[Decision] | None = None) -> S:
        """A new state with `seat`'s choice applied; `state` itself is left untouched. `pending`:
        the state's open decisions when the caller already worked them out (`self.pending(state)`)."""
        decisions = self.pending(state) if pending is None else pending
        if not decisions:
            raise GameOver("the game is over")
        decision = next((d for d in decisions if d.seat == seat), None)
        if decision is None:
            raise NotYourTurn(f"seat {seat} has nothing to decide right now")
        value = decision.validate(choice)
        new = state.next_copy()
        self._apply(new, decision, value)
        if decision.secret and not any(d.secret and d.seat != seat for d in decisions):
            # The last of a set of secret choices brings every pick to light: no undo past it.
            new.mark_reveal()
        new.seq += 1
        return new

    @abstractmethod
    def _apply(self, state: S, decision: Decision, choice: Choice) -> None:
        """Carry out a validated choice on `state` (a private copy), adding log lines."""

    @abstractmethod
    def outcome(self, state: S) -> Outcome | None: ...

    def is_over(self, state: S) -> bool:
        return self.outcome(state) is not None

    # -- information -----------------------------------------------------------
    def view(self, state: S, seat: int | None, pending: list[Decision] | None = None) -> dict:
        """Everything `seat` may see (public view for None). JSON-safe. `pending`: the state's
        open decisions when the caller already worked them out (`self.pending(state)`)."""
        pending = self.pending(state) if pending is None else pending
        base = {
            "game": self.slug,
            "title": self.title_text,
            "seq": state.seq,
            "players": state.players,
            "viewer": seat,
            "options": dict(state.options),
            "to_act": sorted({d.seat for d in pending}),
            "over": not pending,
        }
        outcome = self.outcome(state) if not pending else None
        if outcome is not None:  # the final board names who won and may show where the scores came from
            base["verdict"] = outcome.verdict()
            base["winners"] = list(outcome.winners)
            base["breakdown"] = [side.to_dict() | {"won": outcome.won(side)} for side in self.breakdown(state)]
        base.update(self._view(state, seat))
        shown: dict = jsonable(base)  # messages travel as data; interfaces render them per reader
        return shown

    @abstractmethod
    def _view(self, state: S, seat: int | None) -> dict: ...

    @abstractmethod
    def hidden_tokens(self, state: S, viewer: int | None) -> set[str]:
        """Identifiers (e.g. card ids) of things `viewer` must not see right now.
        The conformance suite checks that none of them appears in that viewer's view."""

    def log_for(self, state: S, seat: int | None, locale: str = ENGLISH) -> list[str]:
        """Lines from the last applied choice that `seat` may read, in `locale`."""
        return [render(line.text, locale) for line in self.log_lines(state, seat)]

    def log_lines(self, state: S, seat: int | None) -> list[LogLine]:
        """The log lines (unrendered) from the last applied choice that `seat` may read."""
        return [line for line in state.log if line.seat is None or line.seat == seat]

    def revealed(self, before: S, after: S) -> bool:
        """Whether going from `before` to `after` brought hidden information to light
        (a draw, a flip, a roll, or the last of a set of secret simultaneous choices)."""
        return after.reveals != before.reveals or after.rng != before.rng

    # -- bot players (games/core/levels.py) ---------------------------------------
    def bot_choice(self, state: S, seat: int, level: str = NORMAL, budget: float | None = None,
                   work: int | None = None) -> Choice:
        """The choice of `seat`'s bot player at `level` (one of BOT_LEVELS; "normal" by default),
        from what that seat may see only: every level decides from a `redeal` sample. `budget`:
        CPU seconds a searching level may think (None: 2 s); `work`: a cap on simulated steps for
        runs that must repeat exactly. A decision with one legal choice costs no search."""
        return decide(self, state, seat, BotRequest(level, budget, work))

    @abstractmethod
    def baseline_choice(self, state: S, seat: int) -> Choice:
        """The game's own greedy bot: a legal choice for `seat`'s pending decision. It is the normal
        level (given a sample), the search's rollout policy, and the bench's fixed yardstick."""

    def redeal(self, state: S, seat: int, rng: Rng) -> S:
        """A copy of `state` that `seat` cannot tell apart from it (the same view and decision), with
        everything the seat cannot see (other hands, deck orders, secret picks not yet revealed,
        the random stream) drawn anew from `rng`, consistently with what the seat has seen. The
        result depends only on what the seat may see and on `rng` (see games/core/sampling.py).
        A game with hidden information declares this facet to get bot levels."""
        raise NotImplementedError(f"{self.title} does not sample its hidden parts yet")

    def has_redeal(self) -> bool:
        """Whether the game declares the `redeal` facet."""
        return type(self).redeal is not GameRules.redeal

    def search_pieces(self) -> SearchPieces | None:
        """The game's pieces for the generic search (evaluation, horizon); None: no search yet."""
        return None

    def bot_levels(self) -> tuple[str, ...]:
        """The bot levels this game offers players: all of BOT_LEVELS once it declares `redeal` and
        `search_pieces`; otherwise only "normal" (its one bot; other levels play as it does)."""
        if self.has_redeal() and self.search_pieces() is not None:
            return BOT_LEVELS
        return (NORMAL,)

    def skip_choice(self, state: S, seat: int) -> Choice | None:
        """The choice that forfeits `seat`'s pending decision (a pass) when a turn clock runs
        out and the table chose to skip; None when the game has no such choice (a bot plays)."""
        return None

    # -- reading (texts for learners; see catalogue.py) ---------------------------
    # Markdown files in the game's package holding its player's rulebook, paged by `/rules` (see
    # rulebook.py; missing ones are skipped). A translation sits beside each ("RULEBOOK.zh-TW.md").
    # The design notes (DESIGN.md) are for developers and never listed here.
    rules_documents: ClassVar[tuple[str, ...]] = ("RULEBOOK.md",)

    def figures(self) -> dict[str, Figure]:
        """The pictures its player's rulebook shows, by the name its pages use (see `Figure`)."""
        return {}

    def catalogue(self) -> Catalogue:
        """Every named thing of the game (public facts only), for `/card`."""
        return Catalogue()

    def explain(self, state: S, seat: int) -> tuple[Text, ...]:
        """Lines explaining `seat`'s pending decision in its context, from what it may see."""
        return ()

    def standings(self, state: S) -> tuple[Standing, ...]:
        """Public running scores per seat (empty when the game keeps none)."""
        return ()

    def breakdown(self, state: S) -> tuple[Breakdown, ...]:
        """Once the game is over, where each side's final score came from: a `Breakdown` per seat,
        in seat order, whose sources add up to the outcome's score, then one per automatic
        opponent with a score; empty while the game runs."""
        return ()

    # -- the game's record (results, score charts, replays) -----------------------------
    def progress(self, state: S) -> Progress | None:
        """The round `state` is in and each side's running score, or None while there is no round
        yet (the setup) or when the game keeps no running score."""
        return None

    def teams(self, state: S) -> tuple[int, ...] | None:
        """The team of each seat when the table plays in teams, else None (everyone for themselves)."""
        return None

    def play_mode(self, players: int, options: dict[str, str]) -> str:
        """How the table plays: "solo" (one seat), "coop" (together against the game) or "versus"."""
        if players == 1:
            return "solo"
        if options.get("mode") == "coop":
            return "coop"
        return "versus"

    def difficulty(self, options: dict[str, str]) -> str:
        """The difficulty the table chose, for solo and co-op records ("standard" if none)."""
        return str(options.get("difficulty") or "standard")

    # -- the board beside the choice ---------------------------------------------
    def places(self, state: S, decision: Decision) -> Places:
        """The board places `decision`'s options refer to (see `Places`); none by default.
        Only what the deciding seat may see: the option ids and the public board."""
        return Places()

    # -- persistence -------------------------------------------------------------
    def dump(self, state: S) -> dict:
        dumped: dict = codec.dump(state)
        return dumped

    def load(self, data: dict) -> S:
        loaded: S = codec.load(self.state_type, data)
        return loaded
