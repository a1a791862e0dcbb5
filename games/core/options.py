"""Setup options a table chooses before a game starts, and how they read to a player.

A player types an option as `key=value` (`/game new options:difficulty=hard`), so keys and
values stay the same in every language; everywhere else a value is shown in words in the
reader's language ("Solo difficulty: hard" / "單人遊戲難度：困難"). The words of a value are a
message of the game's own domain whose context names the option ("option:difficulty", English
the value itself), so a game adds them to its catalogue, not to its code.
"""

from __future__ import annotations

from dataclasses import dataclass

from .i18n import Messages, Msg, Text

T = Messages("games.core")
CORE_DOMAIN = "games.core"


@dataclass(frozen=True)
class GameOption:
    """A setup option a table chooses before starting (e.g. game length): `label` names it,
    `help` says what each value does, `choices` are the values a player types."""

    key: str
    label: Text
    choices: tuple[str, ...]
    default: str
    help: Text = ""


# Options any table may set for any game. They change what the interface offers, never the
# rules, and a resolved option dict holds them only when set away from their default.
TABLE_OPTIONS = (
    GameOption("suggest", T("Suggest button"), ("off", "on"), "off",
               T("'on' adds a Suggest button to every panel: what the bot player would choose there, "
                 "from what that seat may see (for learners).")),
    GameOption("tutorial", T("Guided first game"), ("off", "on"), "off",
               T("'on': a coach explains every decision on each player's panel and suggests a move with its "
                 "reason, and a summary follows each round; the game stays out of the ratings.")),
    GameOption("reveal", T("Reveal after the end"), ("off", "on"), "off",
               T("'on': once the game is over, /game replay also shows every seat's private lines "
                 "(cards drawn, secret picks) beside each move; 'off' keeps them hidden for good.")),
    GameOption("bots", T("Stand-in bots"), ("easy", "normal", "hard"), "normal",
               T("the level of a bot player that stands in for a person (a turn whose time ran out, a "
                 "player who left, a table's vote) and of a bot added with the plain Add bot button: "
                 "'easy' is friendly to learners, 'hard' thinks ahead and is the strongest.")),
)
TABLE_KEYS = frozenset(spec.key for spec in TABLE_OPTIONS)
GUIDED = "tutorial"  # the table option of a guided first game (a coach at every seat; never rated)


def value_words(domain: str, spec: GameOption, value: str) -> Msg:
    """The words for `value` of option `spec` (English: the value itself), from the catalogue of
    `domain` (the game's), or of games.core for the options every table has."""
    return Msg(CORE_DOMAIN if spec.key in TABLE_KEYS else domain, value, (), f"option:{spec.key}")


def chosen_line(domain: str, spec: GameOption, value: str) -> Msg:
    """One chosen option in words: "Solo difficulty: hard"."""
    return T("{label}: {value}", label=spec.label, value=value_words(domain, spec, value))


def typed_form(domain: str, spec: GameOption, value: str, default: bool) -> Msg:
    """One value as a player types it, and whether it is the default: "`difficulty=hard`".
    The words of the value are a field too: English leaves them out (the value is English
    already), Chinese adds them ("`difficulty=hard`（困難）")."""
    typed = f"`{spec.key}={value}`"
    words = value_words(domain, spec, value)
    if default:
        return T("{typed} (default)", typed=typed, words=words)
    return T("{typed}", typed=typed, words=words)


def guide_line(domain: str, spec: GameOption) -> Msg:
    """What an option is and every value it takes, as the /rules overview lists it."""
    values = tuple(typed_form(domain, spec, value, value == spec.default) for value in spec.choices)
    return T("**{label}**: {values}. {help}", label=spec.label, values=values, help=spec.help)
