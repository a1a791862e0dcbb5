"""Texts a player reads, kept so that each reader reads them in their own language.

A game never stores a finished English sentence where a player will read it. It writes a
`Msg`: an English template with named fields ("{seat} gains {n} Food"), the values of those
fields, and the domain whose catalogue translates the template. An interface turns a Msg into
a string for one reader with `render(text, locale)` at the last moment, so one stored log line
reads in English to one player and in Traditional Chinese to the next. Plain `str` texts pass
through unchanged (games saved before this module existed keep their English lines).

Catalogues are gettext `.po` files read with Babel, in a `locale/` folder of the package that
writes the texts: domain "games.pocket_mars" reads `games/pocket_mars/locale/zh_TW.po`. The
English template is the msgid. A content name (a card, a house, a crop) carries its catalogue
id as msgctxt ("card:AE002"), so two things sharing an English name can read differently.
A language is supported when the core domain has a catalogue for it (`games/core/locale/`);
adding a language is adding `.po` files, not code. English needs no catalogue.

Field values may be `str` (inserted as they are: player names, seat references, numbers
already written out), `int`/`float`, another `Msg` (rendered in the same language), or a tuple
of those (rendered as a list: "A, B, C" in English, "A、B、C" in Chinese).
"""

from __future__ import annotations

import importlib.resources
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Union

from babel.messages.pofile import read_po

ENGLISH = "en"

Arg = Union[str, int, float, "Msg", tuple]


@dataclass(frozen=True)
class Msg:
    """A text for a reader: the English `text` (a str.format template over `args`), the
    `domain` whose catalogue translates it, and an optional gettext `context`."""

    domain: str
    text: str
    args: tuple[tuple[str, Any], ...] = ()
    context: str = ""

    def __str__(self) -> str:
        return render(self, ENGLISH)

    def fields(self) -> dict[str, Any]:
        return dict(self.args)


Text = Union[str, Msg]
NAMES_KEPT = 8192  # content names kept per message domain


class Messages:
    """The message factory of one domain. A module writes `T = Messages("games.impulse")` and
    then `T("{seat} draws {n} card(s)", seat=seat_ref(0), n=2)`; `T.name("card:AE002",
    "Advanced Alloys")` is a content name translated through its catalogue id.

    Babel extracts templates from calls of `T(...)` (see `extract_keywords`)."""

    def __init__(self, domain: str) -> None:
        self.domain = domain
        self._names: dict[tuple[str, str], Msg] = {}  # content names without fields, made once (a Msg never changes)

    def __call__(self, text: str, /, **args: Arg) -> Msg:
        return Msg(self.domain, text, _normal_args(args))

    def name(self, context: str, text: str, /, **args: Arg) -> Msg:
        """A content text (a name, or a card's text with its numbers) keyed by its glossary id."""
        if args:
            return Msg(self.domain, text, _normal_args(args), context)
        found = self._names.get((context, text))
        if found is None:
            if len(self._names) >= NAMES_KEPT:  # a caller wording names on the fly must not grow it for ever
                self._names.clear()
            found = self._names[(context, text)] = Msg(self.domain, text, (), context)
        return found


def chain(parts: list[Text], pair: Msg) -> Text:
    """`parts` as one text, each joined to the next by `pair`, a two-field template such as
    T("{a}, {b}") (so each language chooses its own separator)."""
    if not parts:
        return ""
    text = parts[0]
    for part in parts[1:]:
        text = Msg(pair.domain, pair.text, _normal_args({"a": text, "b": part}), pair.context)
    return text


def _normal_args(args: dict[str, Any]) -> tuple[tuple[str, Any], ...]:
    """Field values in one form whatever the caller held (a message kept as data in a state's
    working dict, a list), so a message equals itself after a save and a load."""
    for value in args.values():
        if type(value) not in _AS_GIVEN:
            return tuple([(key, value if type(value) in _AS_GIVEN else _arg_value(value))
                          for key, value in args.items()])
    return tuple(args.items())  # the common case: every value already in its one form


_PLAIN = frozenset((str, int, float, bool, type(None)))  # exact types that stay as they are
_AS_GIVEN = _PLAIN | {Msg}  # message fields already in their one form


# -- rendering ---------------------------------------------------------------------------------

LIST_SEPARATORS = {ENGLISH: ", ", "zh-TW": "、"}

# Lookups that found no translation, as (domain, locale, context, text); tests read this.
MISSING: set[tuple[str, str, str, str]] = set()


def _fields(args: tuple[tuple[str, Any], ...], locale: str) -> dict[str, Any]:
    """A message's fields as `str.format_map` takes them: messages and lists rendered for
    `locale` (their format spec then applies to the text), other values as they are."""
    fields = {}
    for key, value in args:
        kind = type(value)
        if kind is Msg:  # a nested message, the common field after plain values
            value = render(value, locale)
        elif kind not in _PLAIN and isinstance(value, (Msg, tuple, list, dict)):
            value = render_value(value, locale)
        fields[key] = value
    return fields


def render(text: Text | dict | None, locale: str = ENGLISH) -> str:
    """`text` as a reader of `locale` reads it (English where a translation is missing)."""
    kind = type(text)
    if kind is str:  # the most common cases first
        return text  # type: ignore[return-value]
    if kind is not Msg:
        if text is None:
            return ""
        if isinstance(text, str):
            return text
        if isinstance(text, dict):
            text = from_data(text)
    msg: Msg = text  # type: ignore[assignment]  # a Msg by now (no isinstance call for it)
    template = msg.text if locale == ENGLISH else translate(msg.domain, locale, msg.context, msg.text)
    if not msg.args:
        return template
    try:
        return template.format_map(_fields(msg.args, locale))
    except (KeyError, IndexError, ValueError):
        # A translation naming a field the English lacks must not lose the line.
        MISSING.add((msg.domain, locale, msg.context, msg.text))
        return msg.text.format_map(_fields(msg.args, ENGLISH))


def render_value(value: Any, locale: str) -> str:
    if isinstance(value, (tuple, list)):
        return LIST_SEPARATORS.get(locale, ", ").join(render_value(v, locale) for v in value)
    if isinstance(value, (Msg, dict)):
        return render(value, locale)
    return str(value)


def translate(domain: str, locale: str, context: str, text: str) -> str:
    """The translation of one template, or the template itself (recorded in MISSING)."""
    if locale == ENGLISH or not text:
        return text
    found = catalogue(domain, locale).get((context, text))
    if found:
        return found
    MISSING.add((domain, locale, context, text))
    return text


# -- catalogues ----------------------------------------------------------------------------------

def file_stem(locale: str) -> str:
    """The .po file name of a Discord-style locale: "zh-TW" -> "zh_TW"."""
    return locale.replace("-", "_")


@lru_cache(maxsize=None)
def catalogue(domain: str, locale: str) -> dict[tuple[str, str], str]:
    """Every translated template of `domain` in `locale`, keyed by (context, English).
    Empty when the domain has no catalogue for that language. Fuzzy entries do not count."""
    path = importlib.resources.files(domain).joinpath("locale", f"{file_stem(locale)}.po")
    if not path.is_file():
        return {}
    with path.open("rb") as handle:
        po = read_po(handle)
    table: dict[tuple[str, str], str] = {}
    for message in po:
        if not message.id or message.fuzzy or not isinstance(message.id, str):
            continue
        if isinstance(message.string, str) and message.string:
            table[(message.context or "", message.id)] = message.string
    return table


@lru_cache(maxsize=1)
def languages() -> tuple[str, ...]:
    """Every supported language, English first: those the core domain has a catalogue for."""
    folder = importlib.resources.files("games.core").joinpath("locale")
    found = sorted(p.name[:-3].replace("_", "-") for p in folder.iterdir() if p.name.endswith(".po"))
    return (ENGLISH, *[code for code in found if code != ENGLISH])


def supported(locale: str | None) -> str | None:
    """The supported language matching a Discord locale ("zh-TW", "en-US" -> "en"), or None."""
    if not locale:
        return None
    langs = languages()
    if locale in langs:
        return locale
    base = locale.split("-")[0]
    return base if base in langs else None


# -- plain data (views, stored logs) --------------------------------------------------------------

def to_data(msg: Msg) -> dict:
    """A Msg as JSON data: {"msg": English, "dom": domain, "ctx": context, "args": {...}}."""
    data: dict[str, Any] = {"msg": msg.text, "dom": msg.domain}
    if msg.context:
        data["ctx"] = msg.context
    if msg.args:
        data["args"] = {key: _arg_data(value) for key, value in msg.args}
    return data


def _arg_data(value: Any) -> Any:
    if isinstance(value, Msg):
        return to_data(value)
    if isinstance(value, (tuple, list)):
        return [_arg_data(v) for v in value]
    return value


def is_msg_data(data: Any) -> bool:
    return isinstance(data, dict) and "msg" in data and "dom" in data


def from_data(data: dict) -> Msg:
    args = tuple((key, _arg_value(value)) for key, value in (data.get("args") or {}).items())
    return Msg(data["dom"], data["msg"], args, data.get("ctx", ""))


def _arg_value(value: Any) -> Any:
    if is_msg_data(value):
        return from_data(value)
    if isinstance(value, list):
        return tuple(_arg_value(v) for v in value)
    return value




class Settled(dict):
    """Data already in its final form, built once and shared by many views (a card's face):
    `jsonable` passes it on as it is instead of walking and copying it. Never change one."""

    __slots__ = ()


def settled(obj: Any) -> Settled:
    """`obj` (a dict, possibly holding messages) as shared, finished data."""
    return Settled(jsonable(obj))


def jsonable(obj: Any) -> Any:
    """`obj` with every Msg inside replaced by its data form (for views and storage)."""
    kind = type(obj)
    if kind is dict:  # the common case first
        return _dict_data(obj)
    if kind is list or kind is tuple:
        return _list_data(obj)
    if kind in _PLAIN or kind is Settled:
        return obj
    if isinstance(obj, Msg):
        return to_data(obj)
    if isinstance(obj, dict):
        return {key: jsonable(value) for key, value in obj.items()}
    if isinstance(obj, (list, tuple)):
        return [jsonable(value) for value in obj]
    return obj


# A view is mostly plain values in nested dicts: copied whole (in C), then only the values that
# are not plain are replaced, without a call per value (about 20% less than a comprehension).
def _dict_data(obj: dict) -> dict:
    out = obj.copy()
    for key, value in obj.items():
        kind = type(value)
        if kind not in _PLAIN and kind is not Settled:
            out[key] = jsonable(value)
    return out


def _list_data(obj: list | tuple) -> list:
    out = list(obj)
    for index, value in enumerate(obj):
        kind = type(value)
        if kind not in _PLAIN and kind is not Settled:
            out[index] = jsonable(value)
    return out


def localize(obj: Any, locale: str) -> Any:
    """`obj` (JSON data such as a view) with every message in it rendered for `locale`."""
    if isinstance(obj, Msg) or is_msg_data(obj):
        return render(obj, locale)
    if isinstance(obj, dict):
        return {key: localize(value, locale) for key, value in obj.items()}
    if isinstance(obj, list):
        return [localize(value, locale) for value in obj]
    if isinstance(obj, tuple):
        return tuple(localize(value, locale) for value in obj)
    return obj


# Keywords for Babel's extractor (`pybabel extract -k T -k T.name:1c,2`): the call forms above.
extract_keywords = {"T": None, "name": ((1, "c"), 2)}
