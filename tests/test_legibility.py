"""Issue 21 item 2 over played games of every title: no option text is cut by the game, and
no two buttons or menu entries of one decision look the same as the panel builds them."""

from __future__ import annotations

import os
import re

import pytest

import games
from bot.shell import panels
from games.core import Decision, play

SEEDS = int(os.environ.get("LEGIBILITY_SEEDS", "1"))  # whole games per case; more for a longer search
NAMES = ["alice", "bob", "carol", "dave", "erin", "frank"]
CUT_MARKS = ("…", "...")
pytestmark = pytest.mark.usefixtures("states_only_bots")  # the bots only lead to decisions to check (tests/conftest.py)


def name_starts(rules) -> tuple[frozenset[str], frozenset[str]]:
    """(every proper start of a catalogue name ending inside a word, every whole name): a text
    that ends with such a start ("Cortozaar H") has a name cut off by the game."""
    names = {str(entry.name) for entry in rules.catalogue().entries}  # English, as the panels show them
    starts = {name[:k] for name in names for k in range(4, len(name))
              if name[k - 1].isalnum() and name[k].isalnum()}
    return frozenset(starts - names), frozenset(names)


# Widths a game is known to cut its texts at without a mark (label, detail, prompt): a text of
# exactly that length ending inside a word was cut. None left: Voidfall's tasks.opt/dec cut at
# (80, 100, 300) until its texts went whole; add a game here only while its cuts are being fixed.
SILENT_CUTS: dict[str, tuple[int, int, int]] = {}


def cut_texts(decision: Decision, starts: frozenset[str], widths: tuple[int, ...] = ()) -> list[str]:
    """Texts of a decision that look cut: ending in an ellipsis, ending with the start of a
    catalogue name that stops inside a word (compared to the untruncated name), or exactly as
    long as a width the game cuts at and ending inside a word."""
    found = []
    if widths and len(decision.prompt) == widths[2] and decision.prompt[-1:].isalnum():
        found.append(decision.prompt)
    for option in decision.options:
        for text, width in ((option.label, widths[:1]), (option.detail, widths[1:2])):
            if width and len(text) == width[0] and text[-1:].isalnum():
                found.append(text)
                continue
            stripped = text.rstrip()
            if stripped.endswith(CUT_MARKS):
                found.append(text)
                continue
            word_starts = [0] + [i + 1 for i, ch in enumerate(stripped) if not ch.isalnum() and ch != "'"]
            # a lone short word ("Plant" of "Plants") is ordinary English, not a cut name
            if any(stripped[i:] in starts and (" " in stripped[i:] or len(stripped) - i >= 8) for i in word_starts):
                found.append(text)
    if decision.prompt.rstrip().endswith(CUT_MARKS):
        found.append(decision.prompt)
    return found


def shown_labels(decision: Decision) -> list[list[str]]:
    """The labels a player can click, per component group, exactly as `bot.shell.ui` builds them."""
    items = panels.entries(decision)
    kind = panels.layout(decision)
    if kind == "sections":
        return [panels.button_labels(decision)]
    if kind == "grid":
        return [[entry.label for entry in items]]
    groups = []
    for page in range(panels.page_count(decision)):
        shown = panels.page_slice(decision, page)
        listed = bool(panels.option_list(decision, shown))
        groups.append([panels.menu_label(decision, i, listed) for i in shown])
    return groups


def problems(rules, players: int, seed: int, options: dict | None) -> tuple[list[str], list[str]]:
    """(cut texts, repeated labels) met in one whole game played by bots (some random picks)."""
    cut: list[str] = []
    repeated: list[str] = []
    starts, _ = name_starts(rules)

    def check(state, decisions):
        for decision in decisions:
            named = panels.with_names(decision, NAMES[:players])
            cut.extend(f"{decision.prompt!r}: {text!r}" for text in cut_texts(named, starts, SILENT_CUTS.get(rules.slug, ())))
            for labels in shown_labels(named):
                twice = sorted({label for label in labels if labels.count(label) > 1})
                if twice:
                    repeated.append(f"{decision.prompt!r}: {twice}")

    play(rules, players, seed, options, explore=0.2, on_step=check)
    return cut, repeated


def cases():
    for slug, rules in sorted(games.REGISTRY.items()):
        if slug.startswith("tiny-"):
            continue
        counts = sorted({rules.min_players, min(rules.max_players, 3), rules.max_players})
        runs = [(n, None) for n in counts] + [(None, dict(opts)) for opts in rules.conformance_options]
        for players, options in runs:
            yield pytest.param(slug, players, options,
                               id=f"{slug}-{players or 'opts'}-{'-'.join(f'{k}={v}' for k, v in (options or {}).items())}")


@pytest.mark.parametrize("slug,players,options", list(cases()))
def test_no_text_cut_and_no_two_labels_alike(slug, players, options):
    rules = games.get(slug)
    if players is None:
        players = 1 if options and options.get("difficulty") not in (None, "novice", "medium") else \
            max(rules.min_players, 2 if options and options.get("mode") == "coop" else rules.min_players)
    cut, repeated = [], []
    for seed in range(1, SEEDS + 1):
        try:
            found = problems(rules, players, seed, options)
        except games.core.BadSetup:
            pytest.skip("option combination needs another player count")
        cut += found[0]
        repeated += found[1]
    assert not repeated, f"{len(repeated)} decisions with two labels alike, e.g. {repeated[:5]}"
    assert not cut, f"{len(cut)} cut texts, e.g. {cut[:5]}"


def test_button_labels_are_distinct_and_shortened_with_the_full_text_beside():
    from games.core import Option

    decision = Decision(0, "Use a blue card", (
        Option("a", "Nitrite Reducing Bacteria: add 3 microbes"),
        Option("b", "Nitrite Reducing Bacteria: remove 3 microbes for 1 TR"),
        Option("c", "Cartel (3 MC)"), Option("d", "Cartel (3 MC)"), Option("e", "Pass")))
    labels = panels.button_labels(decision)
    assert len(set(labels)) == len(labels)
    assert all(len(label) <= panels.BUTTON_CHARS for label in labels)
    assert labels[0].endswith("add 3 microbes") and labels[-1] == "Pass"
    assert labels[2:4] == ["Cartel (3 MC) (1)", "Cartel (3 MC) (2)"]
    # the section beside each button shows the whole label
    assert all(entry.label in entry.text() for entry in panels.entries(decision))


def test_menu_entries_with_the_same_label_are_numbered():
    from games.core import Option

    decision = Decision(0, "Discard", tuple(Option(str(i), "Heat Trappers") for i in range(2)) +
                        tuple(Option(f"x{i}", f"Card {i}") for i in range(30)))
    labels = [panels.menu_label(decision, i, numbered=False) for i in range(32)]
    assert labels[:2] == ["1 · Heat Trappers", "2 · Heat Trappers"] and labels[2] == "Card 0"


def test_a_long_recap_names_the_turns_it_leaves_out():
    lines = []
    for turn in range(6):
        lines.append(f"--- {NAMES[turn % 3]}'s turn ---")
        lines += [f"{NAMES[turn % 3]} does thing {i}, described at some length for the test" for i in range(18)]
    kept, more = panels.tail(lines)
    assert kept[0] == "Those earlier lines cover: alice's turn ×2, bob's turn ×2, carol's turn ×2"
    assert kept[-1] == lines[-1] and more == len(lines) - (len(kept) - 1)
    assert sum(len(line) + 1 for line in kept) <= panels.RECAP_BUDGET
    short, none = panels.tail(lines[-3:])
    assert short == lines[-3:] and none == 0


# -- issue 33 item 10: no text on an image is too small to read in Discord's preview ---------------

PREVIEW_WIDTH = 550   # Discord shows an image about this wide
LEGIBLE_PX = 9        # the smallest text a reader reads there, in pixels of font size


def smallest_legible(width: int) -> float:
    """The smallest font size (px) legible once an image `width` px wide is shown 550 px wide:
    size * 550 / width >= 9, about 17 px on a 1000 px image."""
    return LEGIBLE_PX * width / PREVIEW_WIDTH


@pytest.fixture
def drawn_sizes(monkeypatch) -> list[tuple[str, int]]:
    """Every text the renderers draw, with the size of the face that draws it (Chinese is drawn
    in the larger CJK face: common.font_for)."""
    from renderers import common

    found: list[tuple[str, int]] = []
    cached = common._glyphs

    def recording(string, size, anchor):
        found.append((string, common.font_for(string, size).size))
        return cached(string, size, anchor)

    monkeypatch.setattr(common, "_glyphs", recording)
    return found


def _images(slug: str, players: int, options: dict | None, locale: str):
    """(kind, png) of every image a table sees at four points of a bot game: the board, its
    detail, the first two seats' hands, and for a game that marks its board beside a choice the
    first marked boards."""
    import renderers

    rules = games.get(slug)
    names = NAMES[:players]
    result = play(rules, players, 2, options)
    moves = result.moves
    marked = 0
    for cut in sorted({0, len(moves) // 3, 2 * len(moves) // 3, len(moves)}):
        state = games.core.replay(rules, players, 2, options, moves[:cut])
        yield "public", renderers.render_public(slug, rules.view(state, None), names, locale)
        yield "detail", renderers.render_detail(slug, rules.view(state, None), names, locale)
        for seat in range(min(players, 2)):
            yield "private", renderers.render_private(slug, rules.view(state, seat), names, locale)
        for decision in rules.pending(state):
            places = rules.places(state, decision)
            if places and marked < 3:
                marked += 1
                view = rules.view(state, decision.seat) | {"marks": panels.board_marks(decision, places)}
                yield "marked", renderers.render_marked(slug, view, names, locale)


def legibility_cases():
    for slug, rules in sorted(games.REGISTRY.items()):
        if slug.startswith("tiny-"):
            continue
        runs = sorted({rules.min_players, min(3, rules.max_players), rules.max_players})
        for players in runs:
            options = {"difficulty": "easy"} if slug == "voidfall" and players == 1 else None
            for locale in ("en", "zh-TW"):
                yield pytest.param(slug, players, options, locale, id=f"{slug}-{players}-{locale}")


@pytest.mark.parametrize("slug,players,options,locale", list(legibility_cases()))
def test_no_text_on_an_image_is_too_small_for_the_preview(slug, players, options, locale, drawn_sizes):
    """Every text on every image of every game, in both languages, is at least 9 px tall when
    Discord shows the image 550 px wide (Petrichor's crop rules were about 6 px, Ares' ocean
    bonuses 5-6 px)."""
    import io

    from PIL import Image

    small: dict[str, set] = {}
    for kind, png in _images(slug, players, options, locale):
        if png is None:
            drawn_sizes.clear()
            continue
        width = Image.open(io.BytesIO(png)).width
        least = smallest_legible(width)
        for string, size in drawn_sizes:
            if size < least:
                small.setdefault(kind, set()).add((size, round(least, 1), string[:40]))
        drawn_sizes.clear()
    assert not small, {kind: sorted(found)[:6] for kind, found in small.items()}


# Letter codes that stood for a colour or a suit on the images (issue 33 item 10, issue 36 item 3):
# Impulse "G1 [1]" and gems "R0 Y1"; Pocket Mars "G 生態建築" and card backs "Y"; Petrichor crop
# letters "W 小麥", card letters "F" and "votes F or S". Seat marks (A-F in a token, South Wind's S)
# are the one letter left, and each image names its seats (so a lone "B" or "C" is a seat, not a code).
LETTER_CODES = {
    "impulse": re.compile(r"^[RGY]\d|[RBGY]\d+ \[\d+\]"),
    "pocket-mars": re.compile(r"^[GYPWK]$|^[GYPWK]\s"),
    "petrichor": re.compile(r"^[WTROPHF]$|^[WCTROPH] |votes [FSWR] or [FSWR]|投票給 ?[FSWR] "),
}


@pytest.mark.parametrize("slug", sorted(LETTER_CODES))
@pytest.mark.parametrize("locale", ["en", "zh-TW"])
def test_colours_and_suits_are_symbols_and_words_never_letter_codes(slug, locale, drawn_sizes):
    rules = games.get(slug)
    players = 4 if rules.max_players >= 4 else rules.max_players
    found = set()
    for _, png in _images(slug, players, None, locale):
        found |= {string for string, _ in drawn_sizes if LETTER_CODES[slug].search(string)}
        drawn_sizes.clear()
    assert not found, sorted(found)[:10]


def figure_cases():
    for slug in games.SHIPPED:
        for name in games.get(slug).figures():
            for locale in ("en", "zh-TW"):
                yield pytest.param(slug, name, locale, id=f"{slug}-{name}-{locale}")


@pytest.mark.parametrize("slug,name,locale", list(figure_cases()))
def test_a_rulebook_picture_shows_every_text_whole(slug, name, locale, drawn_sizes):
    """The pictures a newcomer learns from cut nothing short: Voidfall's map showed "House Thegw..."
    and "Cinder G..." in full hexes, and its solo crisis box "…or it joins a ..."."""
    from renderers.figures import figure_png

    figure_png(games.get(slug), name, locale)
    cut = [string for string, _size in drawn_sizes if string.rstrip().endswith(("...", "…"))]
    assert not cut, cut
