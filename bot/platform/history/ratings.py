"""Ratings per title and server with OpenSkill (Plackett-Luce: free-for-all, teams, partial play).

Ratings are computed on demand from the server's rated results in the order the games ended
(`HistoryStore.rated`), not kept as running totals: the same results always give the same
ratings, so a crash between a game's end and its rating can neither lose nor double-count it.

* Each team (or each seat, without teams) is ranked by its place; tied places share a rank.
* A person's update is scaled by their share of the seat's moves (a substitute's partial play):
  OpenSkill's own weights are rescaled within each team, which would ignore the share of a
  person playing alone, so the step from the old to the new rating is scaled here instead.
* Bot seats play with a fresh rating that is never updated: unrated opponents.
* A rating is provisional until PROVISIONAL_GAMES games; the leaderboard ranks by the
  conservative estimate mu - 3 sigma, shown x 100 (a new player starts at 0).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any
from itertools import groupby

from openskill.models import PlackettLuce

from ..storage.history import RatedSeat

PROVISIONAL_GAMES = 5
SCALE = 100


@dataclass
class Rating:
    """A member's rating in one title on one server."""

    user_id: int
    mu: float
    sigma: float
    games: int

    @property
    def value(self) -> int:
        """The conservative estimate shown to people (mu - 3 sigma, scaled)."""
        return round((self.mu - 3 * self.sigma) * SCALE)

    @property
    def provisional(self) -> bool:
        return self.games < PROVISIONAL_GAMES


def _partial(old, new, share: float):
    """`new` moved back towards `old` for a person who played only `share` of the seat."""
    if share >= 1.0:
        return new
    new.mu = old.mu + share * (new.mu - old.mu)
    new.sigma = old.sigma + share * (new.sigma - old.sigma)
    return new


def compute(seats: list[RatedSeat]) -> dict[int, Rating]:
    """Every rated member's rating after the games `seats` belong to (in their order)."""
    model = PlackettLuce()
    current: dict[int, Any] = {}
    played: dict[int, int] = {}
    for _, group in groupby(seats, key=lambda s: s.game_id):
        table = list(group)
        team_ids = sorted({s.team for s in table})
        teams: list[list[Any]] = []
        ranks: list[float] = []
        owners: list[list[tuple[int | None, float]]] = []
        for team in team_ids:
            members = [s for s in table if s.team == team]
            teams.append([current.setdefault(s.user_id, model.rating()) if s.user_id is not None
                          else model.rating() for s in members])
            ranks.append(min(s.place for s in members))
            owners.append([(s.user_id, s.share) for s in members])
        if len(teams) < 2:
            continue
        rated = model.rate(teams, ranks=ranks)
        for team_owners, team_ratings in zip(owners, rated):
            for (user_id, share), rating in zip(team_owners, team_ratings):
                if user_id is not None:
                    current[user_id] = _partial(current[user_id], rating, share)
                    played[user_id] = played.get(user_id, 0) + 1
    return {uid: Rating(uid, r.mu, r.sigma, played[uid]) for uid, r in current.items() if uid in played}


def ranking(ratings: dict[int, Rating], hidden: set[int]) -> list[Rating]:
    """The leaderboard: best first (provisional ratings among them, marked), members who hide
    their stats left out."""
    shown = [r for r in ratings.values() if r.user_id not in hidden]
    return sorted(shown, key=lambda r: (-r.value, -r.games, r.user_id))
