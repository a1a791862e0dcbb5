"""A decision a seat must make, and the choices it allows: plain data (see contract.py)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Union

from .errors import IllegalChoice, echo
from .i18n import Msg, Text
from .options import T

Choice = Union[str, list[str], int]


@dataclass(frozen=True)
class Option:
    """One thing a player may pick. `id` is stable for the decision that offers it; `label` and
    `detail` are texts for the reader (see i18n: a `Msg` reads in each reader's language)."""

    id: str
    label: Text
    detail: Text = ""


@dataclass(frozen=True)
class Decision:
    """A choice one seat must make now.

    A choice is an option id (`str`) when `max_picks == 1`, a list of distinct ids
    (between `min_picks` and `max_picks` of them) otherwise, or an `int` within
    `number` (inclusive) for a number decision, which has no options.
    `columns` asks interfaces to lay the options out as a grid of that width
    (cells of a board). `secret` marks a simultaneous hidden commitment: interfaces
    must not announce what was picked.
    """

    seat: int
    prompt: Text
    options: tuple[Option, ...] = ()
    min_picks: int = 1
    max_picks: int = 1
    number: tuple[int, int] | None = None
    columns: int | None = None
    secret: bool = False

    def option(self, option_id: str) -> Option:
        for opt in self.options:
            if opt.id == option_id:
                return opt
        raise IllegalChoice(T("{choice} is not an option here", choice=echo(option_id)))

    def only_choice(self) -> Choice | None:
        """The one legal choice when the decision leaves nothing to choose, else None."""
        if self.number is not None:
            low, high = self.number
            return low if low == high else None
        ids = [opt.id for opt in self.options]
        if self.max_picks == 1:
            return ids[0] if len(ids) == 1 and self.min_picks <= 1 else None
        if ids and self.min_picks >= len(ids):
            return ids  # every option must be picked
        return None

    def validate(self, choice: Any) -> Choice:
        """The choice in normal form, or IllegalChoice if this decision does not allow it."""
        if self.number is not None:
            if isinstance(choice, bool) or not isinstance(choice, int):
                raise IllegalChoice(T("this decision needs a whole number"))
            low, high = self.number
            if not low <= choice <= high:
                raise IllegalChoice(T("pick a number from {low} to {high}", low=low, high=high))
            return choice
        ids = {opt.id for opt in self.options}
        if self.max_picks == 1:
            if isinstance(choice, (list, tuple)) and len(choice) == 1:
                choice = choice[0]
            if not isinstance(choice, str) or choice not in ids:
                raise IllegalChoice(T("{choice} is not one of the options", choice=echo(choice)))
            return choice
        if isinstance(choice, str):
            choice = [choice]
        if not isinstance(choice, (list, tuple)) or not all(isinstance(c, str) for c in choice):
            raise IllegalChoice(T("this decision needs a list of option ids"))
        picks = list(choice)
        if len(set(picks)) != len(picks):
            raise IllegalChoice(T("the same option was picked twice"))
        unknown = [c for c in picks if c not in ids]
        if unknown:
            raise IllegalChoice(T("{choice} is not one of the options", choice=echo(unknown[0])))
        if not self.min_picks <= len(picks) <= self.max_picks:
            raise IllegalChoice(self.how_many())
        return picks

    def how_many(self) -> Msg:
        """How many options a pick of several must hold, in words."""
        low, high = self.min_picks, self.max_picks
        if low == high:
            return T("pick exactly one option") if low == 1 else T("pick exactly {n} options", n=low)
        if low == 0:
            return T("pick at most one option") if high == 1 else T("pick at most {n} options", n=high)
        return T("pick between {low} and {high} options", low=low, high=high)
