"""Stepping through a finished game's public board, move by move and round by round.

Built once per game from what storage holds (seed, options, the kept moves) by replaying the
rules; only the public view (`view(state, None)`) and the public log lines are shown, so hands,
decks and secret picks stay hidden, unless the table chose `reveal=on` at the start: then each
step also carries every seat's private lines of that move, marked with the seat's name. States are kept every CHECKPOINT moves; a step
replays at most CHECKPOINT - 1 moves from the checkpoint before it.
"""

from __future__ import annotations

from dataclasses import dataclass

from games.core import CoreState, GameRules, Progress
from games.core.i18n import Msg

from ..live import SessionError
from ..storage import ActionRow, GameRow, SeatRow
from ..words import T
from . import record

CHECKPOINT = 20


class ReplayError(SessionError):
    """A step that does not exist, or a game that cannot be replayed (the asker's mistake)."""


@dataclass(frozen=True)
class Step:
    """Step `index` (0: the setup) shows the board after that many moves: `seq` is the move's
    place in the log, `round` the round it was made in, `lines` its public log lines (texts as
    stored: messages, or English strings of games stored before issue 23)."""

    index: int
    seq: int
    round: str
    lines: tuple
    seat: int | None


class Replay:
    """A finished game ready to be stepped through."""

    def __init__(self, rules: GameRules, row: GameRow, seats: list[SeatRow], actions: list[ActionRow]) -> None:
        self.rules, self.row = rules, row
        self.names = [s.name for s in seats]
        self.reveal = row.options.get("reveal") == "on"  # the table chose to show everything after the end
        self._moves = record.kept(actions)
        self._checkpoints: list[CoreState] = []
        self.steps: list[Step] = []
        found: list[Progress | None] = []
        for index, state in enumerate(record.walk(rules, row, len(seats), self._moves)):
            if index % CHECKPOINT == 0:
                self._checkpoints.append(state)
            found.append(rules.progress(state))
        for index, label in enumerate(record.step_rounds(found)):
            if index == 0:
                self.steps.append(Step(0, 0, label, (T("{title} begins with {names}.", title=rules.title_text,
                                                        names=tuple(self.names)),), None))
            else:
                move = self._moves[index - 1]
                lines = tuple(move.lines) + (self._revealed(move) if self.reveal else ())
                self.steps.append(Step(index, move.seq, label, lines, move.seat))

    def _revealed(self, move: ActionRow) -> tuple[str | Msg, ...]:
        """`move`'s private lines of every seat, each marked with whose they were."""
        found: list[str | Msg] = []
        for seat, lines in sorted(move.private_lines.items(), key=lambda item: int(item[0])):
            name = self.names[int(seat)] if 0 <= int(seat) < len(self.names) else f"{int(seat) + 1}"
            found.extend(T("({name} only) {line}", name=name, line=line) for line in lines)
        return tuple(found)

    @property
    def last(self) -> int:
        return len(self.steps) - 1

    def rounds(self) -> list[tuple[str, int]]:
        """(round label, first step of that round), in order."""
        found: list[tuple[str, int]] = []
        for step in self.steps:
            if not found or found[-1][0] != step.round:
                found.append((step.round, step.index))
        return found

    def round_start(self, index: int, direction: int) -> int:
        """The first step of the round before (-1) or after (+1) the one holding step `index`;
        backwards from inside a round goes to that round's start first."""
        starts = [start for _, start in self.rounds()]
        if direction < 0:
            return max((s for s in starts if s < index), default=0)
        return min((s for s in starts if s > index), default=self.last)

    def view(self, index: int) -> dict:
        """The public view after `index` moves."""
        if not 0 <= index <= self.last:
            raise ReplayError(T("This game has steps 0 to {last}.", last=self.last))
        base = index // CHECKPOINT
        state = self._checkpoints[base]
        for move in self._moves[base * CHECKPOINT:index]:
            state = self.rules.apply(state, move.seat, move.choice)  # type: ignore[arg-type]  # a move has a seat
        return self.rules.view(state, None)
