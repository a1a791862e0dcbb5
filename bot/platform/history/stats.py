"""A member's record per title, from their finished games (abandoned games do not count)."""

from __future__ import annotations

from dataclasses import dataclass, field

from games.core.i18n import ENGLISH, render

from ..storage.history import UserGame
from ..words import T


@dataclass
class Record:
    """Solo or co-op games of one difficulty: how many, how many won, the best score."""

    played: int = 0
    won: int = 0
    best: int | None = None

    def add(self, game: UserGame) -> None:
        self.played += 1
        self.won += game.won
        self.best = game.score if self.best is None else max(self.best, game.score)


@dataclass
class TitleStats:
    """One title: games against people (played, won, average place and score), the average time
    to move over all games, and solo / co-op records per difficulty."""

    slug: str
    played: int = 0
    won: int = 0
    places: list[int] = field(default_factory=list)
    scores: list[int] = field(default_factory=list)
    moves: int = 0
    think_seconds: float = 0.0
    solo: dict[str, Record] = field(default_factory=dict)
    coop: dict[str, Record] = field(default_factory=dict)

    @property
    def average_place(self) -> float | None:
        return sum(self.places) / len(self.places) if self.places else None

    @property
    def average_score(self) -> float | None:
        return sum(self.scores) / len(self.scores) if self.scores else None

    @property
    def average_move_seconds(self) -> float | None:
        return self.think_seconds / self.moves if self.moves else None


def summarise(games: list[UserGame]) -> list[TitleStats]:
    """Per title, titles in name order."""
    titles: dict[str, TitleStats] = {}
    for game in games:
        stats = titles.setdefault(game.slug, TitleStats(game.slug))
        stats.moves += game.moves
        stats.think_seconds += game.think_seconds
        if game.mode == "versus":
            stats.played += 1
            stats.won += game.won
            stats.places.append(game.place)
            stats.scores.append(game.score)
        else:
            records = stats.solo if game.mode == "solo" else stats.coop
            records.setdefault(game.difficulty, Record()).add(game)
    return [titles[slug] for slug in sorted(titles)]


def duration(seconds: float | None, locale: str = ENGLISH) -> str:
    """'42 s', '12 min', '3.5 h' or '2.1 days' (in `locale`)."""
    if seconds is None:
        return "-"
    if seconds < 90:
        return render(T("{n} s", n=f"{seconds:.0f}"), locale)
    if seconds < 5400:
        return render(T("{n} min", n=f"{seconds / 60:.0f}"), locale)
    if seconds < 2 * 86400:
        return render(T("{n} h", n=f"{seconds / 3600:.1f}"), locale)
    return render(T("{n} days", n=f"{seconds / 86400:.1f}"), locale)
