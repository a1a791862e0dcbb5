"""Every text a game shows, gathered so tests can check its translations, and a tool that
keeps each game's `locale/<language>.po` in step with the code.

Texts are gathered three ways, since none alone finds them all:
* Babel's extractor over the game's source: every literal `T("...")` / `T.name(ctx, "...")`;
* the game's glossary (`catalogue()`): every content name and text;
* seeded bot games in each of the game's ways to play: every prompt, option, log line,
  explanation, standing, summary and view text that actually came up.

    python -m tests.support.translations update pocket-mars     # add new texts to the .po files
    python -m tests.support.translations missing pocket-mars    # list texts still untranslated
    python -m tests.support.translations style games/impulse/locale/zh_TW.po   # full-width, names spaced
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

import games
from games.core import i18n
from games.core.contract import GameRules
from games.core.i18n import Msg, from_data, is_msg_data
from games.core.names import fill_names
from games.core.playout import play

TARGET = "zh-TW"
ROOT = Path(__file__).resolve().parents[2]


def domain_of(rules: GameRules) -> str:
    return type(rules).__module__.rsplit(".", 1)[0]


def package_dir(domain: str) -> Path:
    return ROOT.joinpath(*domain.split("."))


@dataclass
class Gathered:
    """Messages a game produced, and every rendered top-level text (for the English check)."""

    messages: set[Msg] = field(default_factory=set)
    plain: set[str] = field(default_factory=set)   # texts that are plain str (not translatable)
    texts: list[Any] = field(default_factory=list)  # top-level texts, each once, rendered later per locale
    _seen: set[Any] = field(default_factory=set)    # what `texts` holds (a view repeats most texts each step)

    def add(self, text: Any) -> None:
        if isinstance(text, str):
            if text.strip() and text not in self._seen:
                self._seen.add(text)
                self.plain.add(text)
                self.texts.append(text)
            return
        if isinstance(text, dict) and is_msg_data(text):
            text = from_data(text)
        if isinstance(text, Msg) and text not in self._seen:
            self._seen.add(text)
            self.texts.append(text)
            self._walk(text)

    def _walk(self, msg: Msg) -> None:
        self.messages.add(msg)
        for _, value in msg.args:
            for item in value if isinstance(value, tuple) else (value,):
                if isinstance(item, Msg):
                    self._walk(item)

    def add_view(self, data: Any, skip: frozenset[str] = frozenset()) -> None:
        """Every message inside a view; plain strings of views are data (ids, names) and are
        checked only through the messages."""
        if is_msg_data(data):
            self.add(data)
        elif isinstance(data, dict):
            for key, value in data.items():
                if key not in skip:
                    self.add_view(value, skip)
        elif isinstance(data, list):
            for value in data:
                self.add_view(value, skip)


def option_sets(rules: GameRules) -> list[dict]:
    """The game's distinct ways to play, plus each single option value (as conformance runs)."""
    sets: list[dict] = [{}]
    sets += [dict(o) for o in rules.conformance_options]
    for spec in rules.options:
        sets += [{spec.key: value} for value in spec.choices if value != spec.default]
    unique: list[dict] = []
    for options in sets:
        if options not in unique:
            unique.append(options)
    return unique


def player_counts(rules: GameRules, options: dict) -> list[int]:
    counts = sorted({rules.min_players, min(rules.max_players, max(rules.min_players, 3))})
    valid = []
    for count in counts:
        try:
            rules.setup(count, 1, options)
        except ValueError:
            continue
        valid.append(count)
    return valid


def gather_play(rules: GameRules, seeds: Iterable[int] = (1,), every: int = 1) -> Gathered:
    """Play seeded bot games in each way to play and gather what every seat was shown.
    `every` > 1 looks at only every n-th step's views (they are the slow part)."""
    found = Gathered()
    for entry in rules.catalogue().entries:
        found.add(entry.name)
        found.add(entry.text)
    for options in option_sets(rules):
        for players in player_counts(rules, options):
            for seed in seeds:
                steps = [0]

                def look(state: Any, decisions: list, players: int = players) -> None:
                    for decision in decisions:
                        found.add(decision.prompt)
                        for option in decision.options:
                            found.add(option.label)
                            found.add(option.detail)
                        for line in rules.explain(state, decision.seat):
                            found.add(line)
                    for line in state.log:
                        found.add(line.text)
                    steps[0] += 1
                    if steps[0] % every == 0 or not decisions:
                        for seat in [None, *range(players)]:
                            found.add_view(rules.view(state, seat))
                        for standing in rules.standings(state):
                            for term in standing.terms:
                                found.add(term)
                    outcome = rules.outcome(state) if not decisions else None
                    if outcome is not None:
                        for line in outcome.summary:
                            found.add(line)

                play(rules, players, seed, options, on_step=look)
    return found


def source_messages(domain: str) -> list[tuple[str, str]]:
    """(context, English) of every literal message in the domain's source files."""
    found = []
    for _file, _line, message, _comments, context in extract_from_dir(
            str(package_dir(domain)), keywords=i18n.extract_keywords, comment_tags=()):
        if isinstance(message, str) and message:
            found.append((context or "", message))
    return found


def untranslated(found: Gathered, domains: set[str], locale: str = TARGET) -> list[tuple[str, str, str]]:
    """(domain, context, English) of gathered messages of `domains` that lack a translation."""
    missing = []
    for msg in found.messages:
        if msg.domain in domains and msg.text and (msg.context, msg.text) not in i18n.catalogue(msg.domain, locale):
            missing.append((msg.domain, msg.context, msg.text))
    return sorted(set(missing))


_WORD = re.compile(r"[A-Za-z][A-Za-z'-]{2,}")


def english_left(found: Gathered, keep: set[str], locale: str = TARGET) -> dict[str, str]:
    """English words (3+ letters, not in `keep`) in texts rendered for `locale`, each with one
    text it appears in."""
    left: dict[str, str] = {}
    names = [f"Player{n}" for n in range(6)]
    # the names' letters too: the word pattern reads "Player0" as "Player"
    keep_lower = {word.lower() for word in keep} | {name.lower().rstrip("0123456789") for name in names}
    for text in found.texts:
        shown = fill_names(text, names, locale)
        for word in _WORD.findall(shown):
            if word.lower() not in keep_lower:
                left.setdefault(word, shown)
    return left


# -- how Chinese is written: full-width punctuation, names set apart ------------------------------

_IDEOGRAPH = "\u3400-\u9fff\uf900-\ufaff"
_CHINESE = _IDEOGRAPH + "\u3000-\u303f\uff00-\uffef"   # ideographs and full-width punctuation
HAS_CHINESE = re.compile(f"[{_CHINESE}]")
# half-width , : ; ( ) ! ? touching Chinese on either side (spaces between count as touching), or
# between a field and Chinese or another field ("{label}:{text}", "{seat}:{n} 分")
_HALF_WIDTH = (re.compile(rf"(?<=[{_CHINESE}])\s*[,:;()!?]|[,:;()!?](?=\s*[{_CHINESE}])"),
               re.compile(rf"(?<=[{_CHINESE}}}])\s*[,:;()!?]\s*(?=\{{)|(?<=}})\s*[,:;()!?]\s*(?=[{_CHINESE}{{])"))
_TYPED = re.compile(r"`[^`]*`|https?://\S+")   # what a player types or clicks stays as it is
# fields that hold a player's name (or a list of names): written apart from Chinese by a space,
# as every catalogue does ("{seat} 投票給"), so "Ann投票給" never shows
NAME_FIELDS = ("seat", "name", "names", "who", "player", "players", "foe", "attacker", "defender", "other",
               "owner", "winner", "winners")
_NAME_TOUCHING = re.compile(rf"[{_IDEOGRAPH}]\{{(?:{'|'.join(NAME_FIELDS)})\}}|"
                            rf"\{{(?:{'|'.join(NAME_FIELDS)})\}}[{_IDEOGRAPH}]")
PLAYER_NAMES = [f"Player{n}" for n in range(6)]
_RENDERED_NAME_TOUCHING = re.compile(rf"[{_IDEOGRAPH}]Player\d|Player\d[{_IDEOGRAPH}]")


def zh_domains() -> list[str]:
    """Every message domain with a catalogue in TARGET: the bot, the renderers, the core and each game."""
    found = []
    for path in sorted(ROOT.glob(f"**/locale/{i18n.file_stem(TARGET)}.po")):
        relative = path.relative_to(ROOT)
        if relative.parts[0] in ("bot", "renderers", "games"):
            found.append(".".join(relative.parts[:-2]))
    return found


def translated_entries(domain: str, locale: str = TARGET) -> list[tuple[str, str, str]]:
    """(context, English, translation) of every translated entry of a domain's catalogue."""
    return [(context, english, chinese) for (context, english), chinese in i18n.catalogue(domain, locale).items()]


def half_width_in_chinese(text: str) -> bool:
    """Whether a Chinese text uses half-width , : ; ( ) ! ? between Chinese words or fields
    (leaving aside what a player types, in backticks, and links)."""
    plain = _TYPED.sub("", text)
    return bool(HAS_CHINESE.search(plain)) and any(rule.search(plain) for rule in _HALF_WIDTH)


def name_touching_chinese(text: str) -> bool:
    """Whether a template puts a name field right against a Chinese character."""
    return bool(_NAME_TOUCHING.search(text))


def names_touching_chinese(found: Gathered, locale: str = TARGET) -> dict[str, str]:
    """Texts rendered for `locale` with names filled in where a name runs into Chinese, each
    with the template it came from."""
    hits: dict[str, str] = {}
    for text in found.texts:
        shown = fill_names(text, PLAYER_NAMES, locale)
        if _RENDERED_NAME_TOUCHING.search(shown):
            hits.setdefault(shown, text.text if isinstance(text, Msg) else text)
    return hits


def english_words(text: str, keep: set[str]) -> list[str]:
    """English words (3+ letters, not in `keep`, ignoring case) of a text a Chinese reader reads,
    leaving aside what a player types (in backticks) and links."""
    keep_lower = {word.lower() for word in keep}
    return [word for word in _WORD.findall(_TYPED.sub("", text)) if word.lower() not in keep_lower]


_FULL_WIDTH = {",": "，", ":": "：", ";": "；", "(": "（", ")": "）", "!": "！", "?": "？"}
_KEPT_AS_TYPED = re.compile(r"`[^`]*`|\{[^{}]*\}|https?://\S+|\d[,:]\d|\*\*")


def written_as_chinese(text: str) -> str:
    """`text` with the half-width punctuation of a Chinese text made full-width (what a player
    types, fields, links and numbers like 10:30 left alone) and name fields set apart by a space."""
    if half_width_in_chinese(text):
        pieces, last = [], 0
        for kept in _KEPT_AS_TYPED.finditer(text):
            pieces += [(False, text[last:kept.start()]), (True, kept.group())]
            last = kept.end()
        pieces.append((False, text[last:]))
        text = "".join(piece if as_typed else re.sub(r"\s*\(\s*", "（", re.sub(
            r"\s*([,:;!?)])\s*", lambda m: _FULL_WIDTH[m[1]], piece)) for as_typed, piece in pieces)
    fields = "|".join(NAME_FIELDS)
    text = re.sub(rf"(?<=[{_IDEOGRAPH}])(\{{(?:{fields})\}})", r" \1", text)
    return re.sub(rf"(\{{(?:{fields})\}})(?=[{_IDEOGRAPH}])", r"\1 ", text)


def fix_style(path: Path) -> list[tuple[str, str]]:
    """Rewrite a catalogue's Chinese texts as `written_as_chinese` does; (old, new) of each change.
    Review the result: a half-width mark that is a symbol on an image ("?: face down") may need
    its own wording."""
    with path.open("rb") as handle:
        po = read_po(handle)
    changed = []
    for message in po:
        if message.id and isinstance(message.string, str) and message.string:
            new = written_as_chinese(message.string)
            if new != message.string:
                changed.append((message.string, new))
                message.string = new
    if changed:
        with path.open("wb") as handle:
            write_po(handle, po, width=0, sort_output=False)
    return changed


def keep_english(domain: str) -> set[str]:
    """Words a domain lists as staying English in translations (proper names, units)."""
    path = package_dir(domain) / "locale" / "keep_english.txt"
    if not path.is_file():
        return set()
    return {line.strip() for line in path.read_text(encoding="utf-8").splitlines()
            if line.strip() and not line.startswith("#")}


def update(slug: str, locale: str = TARGET) -> Path:
    """Add every gathered and extracted text of the game to its .po file, keeping every entry
    already there (a text built at run time may not come up in this run's games)."""
    rules = games.get(slug)
    domain = domain_of(rules)
    path = package_dir(domain) / "locale" / f"{i18n.file_stem(locale)}.po"
    path.parent.mkdir(exist_ok=True)
    old = Catalog(locale=i18n.file_stem(locale))
    if path.is_file():
        with path.open("rb") as handle:
            old = read_po(handle)
    wanted = source_messages(domain)
    wanted += [(m.context, m.text) for m in gather_play(rules, every=5).messages if m.domain == domain]
    for context, text in wanted:
        if old.get(text, context=context or None) is None:
            old.add(text, context=context or None)
    with path.open("wb") as handle:
        write_po(handle, old, width=0, sort_output=False)
    return path


def main(argv: list[str]) -> int:
    if len(argv) != 2 or argv[0] not in ("update", "missing", "style"):
        print(__doc__)
        return 2
    command, slug = argv
    if command == "style":
        for old, new in fix_style(Path(slug)):
            print(f"- {old}\n+ {new}")
        return 0
    if command == "update":
        print(update(slug))
        return 0
    rules = games.get(slug)
    domain = domain_of(rules)
    for entry in untranslated(gather_play(rules, every=5), {domain, "games.core"}):
        print(entry)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
