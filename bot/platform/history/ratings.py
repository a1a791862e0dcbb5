"""Ratings per title and server with OpenSkill (Plackett-Luce: free-for-all, teams, partial play).

Ratings are computed on demand from the server's rated results in the order the games ended
(`HistoryStore.rated`), not kept as running totals: the same results always give the same
ratings, so a crash between a game's end and its rating can neither lose nor double-count it.

* Each team (or each seat, without teams) is ranked by its place; tied places share a rank.
* A person's update is scaled by their share of the seat's moves (a substitute's partial play):
  OpenSkill's own weights are rescaled within each team, which would ignore the share of a
  person playing alone, so the step from the old to the new rating is scaled here instead.
* Each bot level is a player of its own ("Bot · hard"): a seat rated as a bot level plays with
  that level's rating and updates it, so people see how strong each level is, and a person's
  rating moves against it as against anyone. Two seats of one level in a game move its rating
  by their mean. A bot seat from before levels (no level) is an unrated opponent, as it was.
* The leaderboard ranks by the cautious estimate mu - 3 sigma (it rises as a rating becomes
  certain); it shows that estimate on a friendly scale, `DISPLAY_START + DISPLAY_STEP * (mu - 3
  sigma)`, never below zero: a new player shows 1000, one game moves it by some tens to about a
  hundred, and a few losses never make it negative. Provisional until PROVISIONAL_GAMES games.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import groupby
from typing import Any, Hashable

from openskill.models import PlackettLuce

from ..storage.history import RatedSeat

PROVISIONAL_GAMES = 5
DISPLAY_START = 1000  # the number a new player shows (their cautious estimate is 0)
DISPLAY_STEP = 40     # displayed points per unit of the cautious estimate


@dataclass
class Rating:
    """A rating in one title on one server: a member's (`user_id`), or a bot level's (`bot_level`,
    `user_id` None)."""

    user_id: int | None
    mu: float
    sigma: float
    games: int
    bot_level: str | None = None

    @property
    def cautious(self) -> float:
        """The conservative estimate mu - 3 sigma: what the leaderboard ranks by."""
        return self.mu - 3 * self.sigma

    @property
    def value(self) -> int:
        """The number shown to people: the cautious estimate on a friendly scale, never negative."""
        return max(0, round(DISPLAY_START + DISPLAY_STEP * self.cautious))

    @property
    def provisional(self) -> bool:
        return self.games < PROVISIONAL_GAMES

    @property
    def is_bot(self) -> bool:
        return self.bot_level is not None


def _partial(old, new, share: float):
    """`new` moved back towards `old` for a person who played only `share` of the seat."""
    if share >= 1.0:
        return new
    new.mu = old.mu + share * (new.mu - old.mu)
    new.sigma = old.sigma + share * (new.sigma - old.sigma)
    return new


def key_of(seat: RatedSeat) -> Hashable | None:
    """Whose rating a seat moves: the person's id, ("bot", level) for a bot level, None: unrated."""
    if seat.user_id is not None:
        return seat.user_id
    return ("bot", seat.bot_level) if seat.bot_level else None


def compute(seats: list[RatedSeat]) -> dict[Hashable, Rating]:
    """Every rated member's and bot level's rating after the games `seats` belong to (in their
    order), keyed as `key_of` keys them."""
    model = PlackettLuce()
    current: dict[Hashable, Any] = {}
    played: dict[Hashable, int] = {}
    for _, group in groupby(seats, key=lambda s: s.game_id):
        table = list(group)
        team_ids = sorted({s.team for s in table})
        teams: list[list[Any]] = []
        ranks: list[float] = []
        owners: list[list[tuple[Hashable | None, float]]] = []
        for team in team_ids:
            members = [s for s in table if s.team == team]
            teams.append([current.setdefault(key, model.rating()) if (key := key_of(s)) is not None
                          else model.rating() for s in members])
            ranks.append(min(s.place for s in members))
            owners.append([(key_of(s), s.share if s.user_id is not None else 1.0) for s in members])
        if len(teams) < 2:
            continue
        rated = model.rate(teams, ranks=ranks)
        moved: dict[Hashable, list[Any]] = {}
        for team_owners, team_ratings in zip(owners, rated):
            for (key, share), rating in zip(team_owners, team_ratings):
                if key is not None:
                    moved.setdefault(key, []).append(_partial(current[key], rating, share))
        for key, news in moved.items():
            current[key].mu = sum(r.mu for r in news) / len(news)
            current[key].sigma = sum(r.sigma for r in news) / len(news)
            played[key] = played.get(key, 0) + 1
    return {key: Rating(key if isinstance(key, int) else None, r.mu, r.sigma, played[key],
                        key[1] if isinstance(key, tuple) else None)
            for key, r in current.items() if key in played}


def ranking(ratings: dict[Hashable, Rating], hidden: set[int]) -> list[Rating]:
    """The leaderboard: best first by the cautious estimate (provisional ratings among them,
    marked), members who hide their stats left out; bot levels are listed like anyone."""
    shown = [r for r in ratings.values() if r.user_id is None or r.user_id not in hidden]
    return sorted(shown, key=lambda r: (-r.cautious, -r.games, r.user_id or 0, r.bot_level or ""))
