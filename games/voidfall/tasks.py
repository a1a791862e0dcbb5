"""The task stack: handler registry and small helpers shared by the handlers.

Each handler kind has decide(state, task) -> list[Decision] (empty: the task proceeds by
itself), auto(state, task) and apply(state, task, decision, choice). The top task runs first;
a handler pushes sub-tasks above itself to run them before it continues. rules.py imports every
module of the game that registers a handler, the solo package its own, so the registry is complete
once `games.voidfall` is imported.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any

from games.core import Decision, Option
from games.core.i18n import Msg, Text, from_data, is_msg_data, languages, render, render_value, to_data

from .messages import T
from .state import Task, VoidfallState

Decide = Callable[[VoidfallState, Task], list[Decision]]
Auto = Callable[[VoidfallState, Task], None]
Apply = Callable[[VoidfallState, Task, Decision, str], None]
DECIDE: dict[str, Decide] = {}
AUTO: dict[str, Auto] = {}
APPLY: dict[str, Apply] = {}


def handler(kind: str) -> Callable[[type], type]:
    """Register the decorated class's static `decide`, `auto` and `apply` for tasks of `kind`."""
    def wrap(cls: type) -> type:
        DECIDE[kind] = getattr(cls, "decide", lambda state, task: [])
        AUTO[kind] = getattr(cls, "auto", lambda state, task: None)
        APPLY[kind] = getattr(cls, "apply", lambda state, task, d, c: None)
        return cls
    return wrap


LABEL_MAX = 80  # the contract's longest label (a Discord button); details may be any length
BREAKS = (": ", " OR ", " and/or ", "; ", ", ", " (")  # where a long label reads best split, best first


def short_label(label: str, width: int = LABEL_MAX) -> str:
    """The head of a label longer than `width`, ending with a whole word at the best break."""
    if len(label) <= width:
        return label
    for brk in BREAKS:
        at = label.rfind(brk, 20, width)
        if at > 0:
            return label[:at]
    head = label[:width + 1].rsplit(" ", 1)[0]
    return head if 0 < len(head) <= width else label[:width]


def as_text(text: Any) -> Text:
    """A text as a str or a Msg (a message kept as data in a task reads as a Msg again)."""
    return from_data(text) if is_msg_data(text) else text


def _leading_part(label: Text, english: str) -> Text:
    """The part of a message that reads `english` in English and opens it (the first field of a
    joined list, a name before its colon), so a shortened label still reads in every language.
    Without such a part, the message cut to the head's length: the head in English, and in a
    language whose label is shorter, its label whole."""
    label = as_text(label)
    if str(label) == english:
        return label
    if isinstance(label, Msg):
        for key, value in label.args:
            if label.text.startswith("{" + key + "}") and str(render_value(value, "en")).startswith(english):
                return _leading_part(value, english)
        return T("{label:.{n}}", label=label, n=len(english))
    return english


def head_of(label: Text, width: int = LABEL_MAX) -> Text:
    """`label` shortened as `short_label` shortens its English (a message keeps its translation
    where the head is one of its parts)."""
    english = str(label)
    if len(english) <= width:
        return label
    return _leading_part(label, short_label(english, width))


def opt(oid: str, label: Text, detail: Text = "") -> Option:
    """An option with its texts whole (issue 21): a label longer than the contract allows keeps
    its head as the label and goes whole, first, into the detail, which the panel shows in full."""
    label, detail = as_text(label), as_text(detail)
    if len(str(label)) <= LABEL_MAX:
        return Option(oid, label, detail)
    return Option(oid, head_of(label), T("{label} | {detail}", label=label, detail=detail) if str(detail) else label)


# How much of a label shows whole (bot/shell/panels.py): a decision of up to SECTIONS options
# shows each option's text beside a button holding BUTTON characters of its label; one with
# more options is a menu whose entries hold a label whole. A decision about the map numbers its
# options ("3 · Brume"), as the map beside it does, and the number takes room on the button.
BUTTON = 24
SECTIONS = 10
NUMBER_MARK = " · "


def label_room(count: int, numbered: bool = False) -> int:
    """How many characters a label of a decision of `count` options may have and show whole."""
    room = BUTTON if count <= SECTIONS else LABEL_MAX
    return room - (len(f"{count}{NUMBER_MARK}") if numbered else 0)


def fits(text: Text, room: int) -> bool:
    """Whether `text` is at most `room` characters long in every language."""
    return all(len(render(text, locale)) <= room for locale in languages())


Wordings = Sequence[tuple[Text, Text]]  # an option's (label, detail), the longest label first
Row = tuple[str, list[tuple[Text, Text]]]  # an option's id and its wordings, as `fitted` takes them


def fitted(rows: Sequence[tuple[str, Wordings]], extra: Sequence[Option] = (), numbered: bool = False) -> list[Option]:
    """Options (then `extra`) with the first wording that lets every label of the decision show
    whole, the same for all options (a shorter one leaves more to the detail); when no one
    wording fits them all, each option's first that fits (its shortest when none does)."""
    if not rows:
        return list(extra)
    room = label_room(len(rows) + len(extra), numbered)
    depth = max(len(wordings) for _, wordings in rows)
    for level in range(depth):
        picked = [wordings[min(level, len(wordings) - 1)] for _, wordings in rows]
        if all(fits(label, room) for label, _ in picked):
            break
    else:
        picked = [next((w for w in wordings if fits(w[0], room)), wordings[-1]) for _, wordings in rows]
    return [opt(oid, label, detail) for (oid, _), (label, detail) in zip(rows, picked)] + list(extra)


def english(text: Text) -> str:
    """The English of a text, kept: decisions compare their options' texts on every step, and a
    message (immutable) reads the same each time."""
    try:
        return _english(text)
    except TypeError:  # a field the message holds cannot be hashed: nothing to keep it by
        return str(text)


_english = lru_cache(maxsize=8192)(str)


def dec(seat: int, prompt: Text, options: list[Option], **kw: Any) -> Decision:
    """A decision with its prompt whole; options with the same label and detail (copies of one
    effect, which do the same) are numbered "#1", "#2"... so a player can tell them apart and
    never reads "(2)" as a count."""
    keys = [(english(o.label), english(o.detail)) for o in options]
    total: dict[tuple[str, str], int] = {}
    for key in keys:
        total[key] = total.get(key, 0) + 1
    seen: dict[tuple[str, str], int] = {}
    out = []
    for o, key in zip(options, keys):
        seen[key] = seen.get(key, 0) + 1
        number = f" #{seen[key]}"
        out.append(o if total[key] == 1 else
                   Option(o.id, T("{label} #{n}", label=head_of(o.label, LABEL_MAX - len(number)), n=seen[key]),
                          o.detail))
    return Decision(seat=seat, prompt=as_text(prompt), options=tuple(out), **kw)


def push(state: VoidfallState, kind: str, seat: int, **data: Any) -> Task:
    """A new task on top of the stack; texts in its data are kept in their saved (data) form, so
    a state reads the same before a save and after a load."""
    task = Task(kind, seat, {key: to_data(value) if isinstance(value, Msg) else value for key, value in data.items()})
    state.tasks.append(task)
    return task


def done(state: VoidfallState, task: Task) -> None:
    for i in range(len(state.tasks) - 1, -1, -1):
        if state.tasks[i] is task:
            del state.tasks[i]
            return
