"""An ended game's result, worked out from what storage holds: its seats, its log and its rules.

How seats are credited (documented in README.md, "History, ratings and replays"):

* A seat is credited to the person who made most of its moves (a substitute who played most of
  it gets it); their `share` of the seat's moves weights their rating update (partial play).
* A seat a bot player moved for more often than any one person is a bot seat, rated as the bot
  of its level (the seat's level if a bot holds it at the end, else the table's stand-in level
  `bots`; "normal" for seats from before levels). A seat nobody moved for goes to whoever holds it
  at the end.
* One person credited with two seats keeps the one they played most; the other is a bot seat.
* Time to move: for each of the person's own choices, the time since the log's previous entry.

The running score per round comes from the game after each move (`GameRules.progress`, the
contract's hook: the round and each side's `Standing`); the final point is the game's outcome.
Nothing here touches Discord or storage, and nothing knows a particular game.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Iterator

from games.core import Breakdown, CoreState, GameRules, Progress
from games.core.i18n import jsonable
from games.core.levels import NORMAL
from games.core.options import GUIDED

from ..storage import ActionRow, GameRow, SeatRow
from ..storage.history import GameResult, SeatResult

MOVE_KINDS = ("choice", "auto")


def kept(actions: list[ActionRow]) -> list[ActionRow]:
    """The moves still in force: the append-only log folded with its undos."""
    moves: list[ActionRow] = []
    for action in actions:
        if action.kind in MOVE_KINDS:
            moves.append(action)
        elif action.kind == "undo":
            count = action.choice.get("count", 1) if isinstance(action.choice, dict) else 1
            del moves[max(0, len(moves) - count):]
    return moves


def walk(rules: GameRules, row: GameRow, players: int, moves: list[ActionRow]) -> Iterator[CoreState]:
    """The state at the start, then after each move."""
    state = rules.setup(players, row.seed, row.options)
    yield state
    for move in moves:
        state = rules.apply(state, move.seat, move.choice)  # type: ignore[arg-type]  # a move has a seat
        yield state


@dataclass
class Credit:
    """Who a seat is credited to, their share of its moves, and their timed moves."""

    user_id: int | None
    share: float
    played: int = 0  # moves the person made in the seat (bot moves for them excluded)
    moves: int = 0
    think_seconds: float = 0.0


def credit(seats: list[SeatRow], actions: list[ActionRow]) -> list[Credit]:
    """Each seat's credited person (None: a bot seat), as the module docstring describes."""
    moves = kept(actions)
    counts: dict[int, Counter] = {s.seat: Counter() for s in seats}
    for move in moves:
        if move.seat in counts:
            counts[move.seat][move.user_id] += 1
    credits = []
    for seat in seats:
        tally = counts[seat.seat]
        total = sum(tally.values())
        people = [(n, uid) for uid, n in tally.items() if uid is not None]
        if not total:
            credits.append(Credit(seat.user_id, 1.0))
            continue
        best_moves, best = max(people, default=(0, None))
        if best is None or tally[None] > best_moves:
            credits.append(Credit(None, 0.0))
        else:
            credits.append(Credit(best, best_moves / total, best_moves))
    # one person, one seat: the one they played most
    for user_id in {c.user_id for c in credits if c.user_id is not None}:
        mine = sorted((c for c in credits if c.user_id == user_id), key=lambda c: (-c.played, -c.share))
        for extra in mine[1:]:
            extra.user_id, extra.share, extra.played = None, 0.0, 0
    _time_moves(seats, actions, credits)
    return credits


def _time_moves(seats: list[SeatRow], actions: list[ActionRow], credits: list[Credit]) -> None:
    by_seat = {s.seat: c for s, c in zip(seats, credits)}
    previous: float | None = None
    for action in actions:
        owner = by_seat.get(action.seat) if action.seat is not None else None
        if (previous is not None and action.kind == "choice" and owner is not None
                and owner.user_id is not None and action.user_id == owner.user_id):
            owner.moves += 1
            owner.think_seconds += max(0.0, action.created_at - previous)
        previous = action.created_at


def bot_level(seat: SeatRow, row: GameRow) -> str:
    """The level a bot-credited seat is rated as: its bot's if a bot holds it at the end, else
    the table's stand-in level (who played it most while its person was away)."""
    if seat.user_id is None and seat.level:
        return seat.level
    return str((row.options or {}).get("bots") or NORMAL)


def places(scores: list[int], winners: set[int], team_of: list[int]) -> list[int]:
    """Each seat's place: winners' teams first, then teams by their best score (ties share)."""
    units = sorted(set(team_of))
    won = {u: any(s in winners for s, t in enumerate(team_of) if t == u) for u in units}
    best = {u: max(scores[s] for s, t in enumerate(team_of) if t == u) for u in units}

    def better(v: int, u: int) -> bool:
        return (won[v] and not won[u]) or (won[v] == won[u] and best[v] > best[u])

    place = {u: 1 + sum(better(v, u) for v in units) for u in units}
    return [place[t] for t in team_of]


def curve(standings: list[Progress]) -> list[Progress]:
    """One point per round: the standing after the round's last move. A key lower than the one
    before (Voidfall's cycle moves on before its round number resets) closes the earlier round."""
    points: list[Progress] = []
    for point in standings:
        if points and point.round.key == points[-1].round.key:
            points[-1] = point
        elif points and point.round.key < points[-1].round.key:
            transient = points.pop()
            if points:
                points[-1] = Progress(points[-1].round, transient.scores)
            points.append(point)
        else:
            points.append(point)
    return points


def step_rounds(found: list[Progress | None]) -> list[str]:
    """The round label of each step (from its standing; a step without one keeps the label
    before it, "setup" at first), with the same rule as `curve`: a run of steps whose key is
    followed by a lower one belongs to the round before it."""
    runs: list[list] = []  # [key, label, first step, last step]
    for index, point in enumerate(found):
        if point is not None and (not runs or runs[-1][0] != point.round.key):
            runs.append([point.round.key, point.round.label, index, index])
        elif runs:
            runs[-1][3] = index
    for i in range(1, len(runs) - 1):
        if runs[i + 1][0] < runs[i][0]:
            runs[i][1] = runs[i - 1][1]
    labels = ["setup"] * len(found)
    for _, label, first, last in runs:
        labels[first:last + 1] = [label] * (last + 1 - first)
    return labels


def chart_data(points: list[Progress], final_scores: list[int], names: list[str],
               finals: tuple[Breakdown, ...] = ()) -> dict:
    """The chart's plain data: round labels and each line's values, ending with the final score
    (an automatic opponent's from its final breakdown in `finals`, else its last running score)."""
    if not points:
        return {"labels": [], "lines": []}
    template = points[-1].scores
    opponents = {repr(jsonable(side.name)): side.total for side in finals if side.seat is None}
    lines = []
    for index, line in enumerate(template):
        values = [p.scores[index].score if index < len(p.scores) else None for p in points]
        end: int | None = (final_scores[line.seat] if line.seat is not None and line.seat < len(final_scores)
                           else opponents.get(repr(jsonable(line.name)), values[-1]))
        name = names[line.seat] if line.seat is not None and line.seat < len(names) else jsonable(line.name)
        lines.append({"seat": line.seat, "name": name, "values": values + [end]})
    return {"labels": [p.round.label for p in points] + ["End"], "lines": lines}


def build(rules: GameRules, row: GameRow, seats: list[SeatRow], actions: list[ActionRow]) -> GameResult:
    """The result of an ended game (a finished game is replayed for its outcome and chart)."""
    names = [s.name for s in seats]
    players = len(seats)
    game_mode = rules.play_mode(players, row.options)
    summary: dict = {"title": rules.title, "names": names, "mode": game_mode, "measure": rules.score_measure}
    base = GameResult(row.id, row.guild_id, row.slug, row.status, game_mode, rules.difficulty(row.options),
                      False, row.updated_at, summary)
    if row.status != "finished" or not players:
        return base
    moves = kept(actions)
    standings: list[Progress] = []
    state = None
    for state in walk(rules, row, players, moves):
        found = rules.progress(state)
        if found is not None:
            standings.append(found)
    outcome = rules.outcome(state) if state is not None else None
    if outcome is None:  # a finished row whose log does not reach the end: list it, rate nothing
        base.ended = "abandoned"
        return base
    scores = list(outcome.scores)
    winners = set(outcome.winners)
    team_of = list(rules.teams(state) or range(players))
    credits = credit(seats, actions)
    order = places(scores, winners, team_of) if game_mode == "versus" else [1 if s in winners else 2
                                                                          for s in range(players)]
    base.seats = [SeatResult(s, c.user_id, team_of[s], order[s], scores[s], s in winners, c.share, c.moves,
                             c.think_seconds, None if c.user_id is not None else bot_level(seats[s], row))
                  for s, c in enumerate(credits)]
    people = {c.user_id for c in credits if c.user_id is not None}
    guided = (row.options or {}).get(GUIDED) == "on"  # a guided first game: never rated, marked in its summary
    # rated when people play against each other or against bot levels: at least one person and
    # two sides (a bot level has a rating of its own, see ratings.py)
    base.rated = game_mode == "versus" and len(people) >= 1 and len(set(team_of)) >= 2 and not guided
    if guided:
        summary["guided"] = True
    in_teams = len(set(team_of)) < players
    shown = [f"T{team_of[s] + 1} {n}" for s, n in enumerate(names)] if in_teams else names
    summary.update(scores=scores, winners=sorted(winners), teams=team_of if in_teams else None,
                   chart=chart_data(curve(standings), scores, shown, rules.breakdown(state)))
    return base
