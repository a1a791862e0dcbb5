"""How a `Decision` is laid out in Discord, as plain data: which layout, which options on
which page, and the texts that show every option's detail. Discord-facing but game-agnostic;
`bot.shell.ui` turns these into components."""

from __future__ import annotations

import re
from collections import OrderedDict
from dataclasses import dataclass, replace
from typing import Any

from games.core import Decision, Option, fill_names
from games.core.contract import Marks, Places
from games.core.i18n import ENGLISH, Msg, Text, render

from ..platform.texts import (BULLET_COST, RECAP_BUDGET, bullets, chunk, clip, list_item,  # noqa: F401
                              parts_left_out, tail, tidy, with_names)
from ..platform.words import T

PAGE_SIZE = 25          # options per select menu (Discord's limit)
MAX_SECTIONS = 10       # single picks with at most this many options: a text section per option, button beside it
MAX_GRID = 20           # a grid or small number decision uses up to 4 rows of 5 buttons
TEXT_BUDGET = 2400      # characters of option texts on one panel page (Discord allows 4000 per message)
DETAIL_LIMIT = 600      # one option's detail text is clipped past this (the /card lookup shows it whole)
MENU_TEXT = 100         # a select entry's label and description each hold this many characters
BUTTON_CHARS = 24       # a section's button (beside its text, even on a phone) shows this much of the label
GRID_ROW_CHARS = 36     # label characters a row of grid buttons may hold and still fit a phone
MESSAGE_LIMIT = 2000    # Discord's limit for a plain message


@dataclass(frozen=True)
class Entry:
    """One pickable thing of a decision, with the value to submit for it."""

    label: str
    detail: str
    value: Any

    def head(self, number: int | None = None) -> str:
        """The label, after its number when one is given (once: a label numbered for the board
        image already carries it)."""
        return numbered_label(self.label, number) if number is not None else self.label

    def text(self, number: int | None = None) -> str:
        """The option as a line of panel text: its label in bold, then what it does."""
        detail = clip(self.detail, DETAIL_LIMIT)
        return f"**{self.head(number)}**" + (f"\n{detail}" if detail else "")

    def line(self, number: int | None = None) -> str:
        """The option as one line of a list above a menu or grid: label in bold — what it does
        (one line per option keeps a long list from doubling in height)."""
        detail = clip(self.detail, DETAIL_LIMIT)
        return f"**{self.head(number)}**" + (f" — {detail}" if detail else "")


NUMBER_MARK = " · "  # between an option's number and its label ("3 · Corvette cube in Korrin")


def numbered_label(label: str, number: int) -> str:
    """`label` after its number, unless it already starts with it."""
    prefix = f"{number}{NUMBER_MARK}"
    return label if label.startswith(prefix) else prefix + label


def numbered(decision: Decision) -> Decision:
    """The decision with every option's label after its number ("3 · Corvette cube in Korrin"),
    so buttons, sections and menus all show the numbers the board image marks."""
    return replace(decision, options=tuple(Option(o.id, numbered_label(str(o.label), i + 1), o.detail)
                                           for i, o in enumerate(decision.options)))


def board_marks(decision: Decision, places: Places) -> Marks:
    """What the board image marks for `decision`, as JSON-safe data for the renderer (empty when
    the decision names no places). Options are numbered as the panel numbers them (1, 2, ...):
    `spots` maps a place to the numbers of the options acting there, `moves` are options moving
    from one place to another (with their numbers), `focus` the places the decision is about,
    `title` the decision's prompt."""
    if not places:
        return {}
    spots: dict[str, list[int]] = {}
    moves: dict[tuple[str, str], list[int]] = {}
    for number, option in enumerate(decision.options, start=1):
        named = places.options.get(option.id, ())
        if len(named) == 1:
            spots.setdefault(named[0], []).append(number)
        elif len(named) >= 2:
            moves.setdefault((named[0], named[-1]), []).append(number)
    return {"spots": spots,
            "moves": [{"from": start, "to": end, "numbers": numbers} for (start, end), numbers in moves.items()],
            "focus": list(places.focus), "title": decision.prompt}


# entries worked out lately: id of the decision -> (the decision, its entries). Laying out one
# panel reads them many times (layout, pages, each menu entry's label); the decision is held, so
# its id names no other object while kept.
_ENTRIES: OrderedDict[int, tuple[Decision, list[Entry]]] = OrderedDict()
ENTRIES_KEPT = 64


def entries(decision: Decision) -> list[Entry]:
    """The decision's pickable things, in order (worked out once per decision: do not change the list)."""
    kept = _ENTRIES.get(id(decision))
    if kept is not None and kept[0] is decision:
        return kept[1]
    found = _entries(decision)
    _ENTRIES[id(decision)] = (decision, found)
    while len(_ENTRIES) > ENTRIES_KEPT:
        _ENTRIES.popitem(last=False)
    return found


def _entries(decision: Decision) -> list[Entry]:
    if decision.number is not None:
        low, high = decision.number
        return [Entry(str(n), "", n) for n in range(low, high + 1)]
    return [Entry(str(o.label), str(o.detail), o.id) for o in decision.options]  # texts as with_names left them


def values(decision: Decision) -> list[str | int]:
    """The values of `entries(decision)`, in order, without wording their texts (a click names
    its option by position)."""
    if decision.number is not None:
        low, high = decision.number
        return list(range(low, high + 1))
    return [o.id for o in decision.options]


def single_pick(decision: Decision) -> bool:
    return decision.number is not None or decision.max_picks == 1


def _texts_fit(items: list[Entry]) -> bool:
    return sum(len(e.line(i + 1)) + 1 for i, e in enumerate(items)) <= TEXT_BUDGET


def _grid_fits(decision: Decision, items: list[Entry]) -> bool:
    """Whether each row of grid buttons is short enough to stay one row on a phone (long cell
    labels wrap into ragged rows that lose the grid's shape; such cells become sections)."""
    width = grid_width(decision)
    return all(sum(len(e.label) for e in items[start:start + width]) <= GRID_ROW_CHARS
               for start in range(0, len(items), width))


def listed_above(decision: Decision) -> bool:
    """Whether a menu's option texts are listed above it: only when some option's label or
    detail is too long for the menu entry itself (the menu shows a label and a description of
    100 characters each), so short options do not make a wall of text."""
    return any(len(e.label) > MENU_TEXT - 5 or len(e.detail) > MENU_TEXT for e in entries(decision))


def layout(decision: Decision) -> str:
    """'sections' (text beside a button per option), 'grid' (rows of short buttons, details
    listed above), 'select' (one menu; the option texts listed above only when the menu cannot
    hold them) or 'pages' (menus with page buttons)."""
    items = entries(decision)
    count = len(items)
    if single_pick(decision):
        if ((decision.columns or decision.number is not None) and count <= MAX_GRID and _texts_fit(items)
                and _grid_fits(decision, items)):
            return "grid"
        if count <= MAX_SECTIONS and _texts_fit(items):
            return "sections"
    return "select" if len(pages(decision)) == 1 else "pages"


def grid_width(decision: Decision) -> int:
    return min(decision.columns or 5, 5)


def pages(decision: Decision) -> list[range]:
    """Options split into pages of at most 25 whose texts (when listed above the menu) fit one panel."""
    items = entries(decision)
    if not listed_above(decision):
        return [range(start, min(start + PAGE_SIZE, len(items))) for start in range(0, max(len(items), 1), PAGE_SIZE)]
    found: list[range] = []
    start, used = 0, 0
    for index, entry in enumerate(items):
        size = len(entry.line(index + 1)) + 1
        if index > start and (index - start >= PAGE_SIZE or used + size > TEXT_BUDGET):
            found.append(range(start, index))
            start, used = index, 0
        used += size
    found.append(range(start, len(items)))
    return found


def page_count(decision: Decision) -> int:
    return len(pages(decision))


def page_slice(decision: Decision, page: int) -> range:
    all_pages = pages(decision)
    return all_pages[min(max(page, 0), len(all_pages) - 1)]


def option_list(decision: Decision, shown: range, numbered: bool = True) -> str:
    """The texts of the options on one page, numbered like the menu's entries (a grid's buttons
    carry the labels themselves, so its list is not numbered). Empty when a menu holds them."""
    items = entries(decision)
    if not any(items[i].detail for i in shown):
        return ""
    if numbered and not listed_above(decision):
        return ""
    if not numbered:  # a grid's buttons already show the bare labels; list only what has more to say
        return "\n".join(items[i].line() for i in shown if items[i].detail)
    return "\n".join(items[i].line(i + 1) for i in shown)


def menu_label(decision: Decision, index: int, numbered: bool = True) -> str:
    """A select entry's label: numbered when the option texts are listed above the menu, so
    each entry matches its text (a bare number choice stays just the number). Entries whose
    labels would read the same are numbered too, so no two entries of a menu look alike."""
    labels = [e.label for e in entries(decision)]
    label = labels[index]
    if not numbered and [clip(other, MENU_TEXT) for other in labels].count(clip(label, MENU_TEXT)) > 1:
        numbered = True
    return clip(numbered_label(label, index + 1) if numbered else label, MENU_TEXT)


def how_many(decision: Decision, locale: str = ENGLISH) -> str:
    """'Pick 2', 'Pick 1 to 3', 'Pick up to 3' (never 'pick 2-2')."""
    return render(_how_many(decision, T("Pick {n}."), T("Pick up to {high} (or none)."), T("Pick {low} to {high}.")),
                  locale)


def _how_many(decision: Decision, exactly, up_to, between):
    low, high = decision.min_picks, decision.max_picks
    if low == high:
        return Msg(exactly.domain, exactly.text, (("n", low),))
    if low == 0:
        return Msg(up_to.domain, up_to.text, (("high", high),))
    return Msg(between.domain, between.text, (("low", low), ("high", high)))


def placeholder(decision: Decision, page: int = 0, locale: str = ENGLISH) -> str:
    """What a closed menu says: how many to choose (the prompt is right above it)."""
    if decision.number is not None:
        text = T("Choose a number")
    elif single_pick(decision):
        text = T("Choose one")
    else:
        text = _how_many(decision, T("Choose {n}"), T("Choose up to {high} (or none)"), T("Choose {low} to {high}"))
    count = page_count(decision)
    if count == 1:
        return render(T("{text}…", text=text), locale)
    where = (page_span(decision, page) if decision.number is not None
             else T("page {page}/{count}", page=min(page, count - 1) + 1, count=count))
    return render(T("{text} ({where})…", text=text, where=where), locale)


def page_span(decision: Decision, page: int) -> str:
    """What a page holds, named by its first and last entry ("25–30" for numbers)."""
    items = entries(decision)
    shown = page_slice(decision, page)
    return f"{items[shown[0]].label}–{items[shown[-1]].label}" if len(shown) > 1 else items[shown[0]].label


def page_button(decision: Decision, page: int, forward: bool, locale: str = ENGLISH) -> str:
    """A page button's label: the numbers it leads to for a number choice, else Previous/Next."""
    if decision.number is not None:
        span = page_span(decision, page)
        return f"{span} ▶" if forward else f"◀ {span}"
    return render(T("Next ▶") if forward else T("◀ Previous"), locale)


def button_label(label: str) -> str:
    """A section button's label: the option's own label, shortened so the button beside the
    text stays small on a phone (the text next to it shows the whole label)."""
    if len(label) > BUTTON_CHARS:  # a bracketed aside ("(12 MC)") goes first, never half of it
        label = re.sub(r"\s*\([^()]*\)\s*$", "", label) or label
    short = clip(label, BUTTON_CHARS)
    if short.count("(") > short.count(")"):
        short = short[: short.find("(")].rstrip() + "…"
    return short.strip() if short.strip() not in ("", "…") else clip(label, BUTTON_CHARS) or "?"


def button_labels(decision: Decision) -> list[str]:
    """The section buttons' labels of a decision, one per option, no two alike. A label that
    must be shortened keeps its start (the text beside the button shows it whole); labels that
    would still read the same keep what they share as far as it fits and show where they differ
    ("Nitrite Reducing… #2", "Any two other… Sun"), and options with the very same label are
    numbered in order ("Cartel (3 MC) (2)")."""
    labels = [e.label for e in entries(decision)]
    found = [button_label(label) for label in labels]
    for short in {s for s in found if found.count(s) > 1}:
        group = [i for i, s in enumerate(found) if s == short]
        stem = _common_stem([labels[i] for i in group])
        for i in group:
            rest = labels[i][len(stem):].strip()
            room = BUTTON_CHARS - len(rest) - 1  # what is left of the shared start beside the difference
            if rest and room >= 6:
                found[i] = f"{clip(stem.strip(), room)} {rest}"
            elif rest:
                found[i] = button_label("…" + rest)
    for short in {s for s in found if found.count(s) > 1}:
        for order, i in enumerate((i for i, s in enumerate(found) if s == short), start=1):
            mark = f" ({order})"
            found[i] = clip(found[i], BUTTON_CHARS - len(mark)) + mark
    return found


def _common_stem(texts: list[str]) -> str:
    """The longest start the texts share, ended at a word boundary."""
    first, last = min(texts), max(texts)
    size = 0
    while size < min(len(first), len(last)) and first[size] == last[size]:
        size += 1
    stem = first[:size]
    return stem if size in (len(first), len(last)) or first[size:size + 1] == " " else stem[: stem.rfind(" ") + 1]


def describe(decision: Decision, page: int, drafted: int | None = None, locale: str = ENGLISH) -> str:
    """The panel's heading: the prompt, how many to pick, the page."""
    parts = [f"**{render(decision.prompt, locale)}**"]
    if decision.number is not None:
        parts.append(render(T("Pick a number from {low} to {high}.", low=decision.number[0],
                              high=decision.number[1]), locale))
    elif decision.max_picks > 1:
        parts.append(how_many(decision, locale))
    count = page_count(decision)
    if count > 1:
        parts.append(render(T("Page {page}/{count}.", page=min(page, count - 1) + 1, count=count), locale))
        if not single_pick(decision):
            parts.append(render(T("Picked so far: {n}. Press **Confirm** when done.", n=drafted or 0), locale))
    if decision.secret:
        parts.append(render(T("Your pick stays hidden until everyone has chosen."), locale))
    return "\n".join(parts)
