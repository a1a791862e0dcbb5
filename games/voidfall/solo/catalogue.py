"""What the solo and co-op modes add to `/card` (games/voidfall/catalogue.py builds the glossary):
the crises, the Heroic/Joint Focus cards, the war cards, and the pieces and steps only the
Voidborn bring (harbingers, safe havens, catastrophes, the alert step, the void advance)."""

from __future__ import annotations

from games.core import CatalogueEntry
from games.core.i18n import Text

from ..catalogue import CatalogueExtras, action_line, fixed_entry, lines_text
from ..data import FOCUS, data_text, focus_title
from ..messages import T, content_name, joined
from .content import BOARD, CRISES, WAR_CARDS
from .crises import card_text as crisis_text
from .heroic import HEROIC


def heroic_title(key: str) -> Text:
    """A Heroic Focus card's title, as the glossary names it."""
    return content_name(f"heroic:{key}", HEROIC[key]["title"])


def _heroic(key: str, card: dict) -> CatalogueEntry:
    joint = content_name(f"joint:{key}", card["title"].replace("Heroic", "Joint"))
    match = next((focus_title(k) for k, c in FOCUS.items() if c["title"] == card["match"]), card["match"])
    lines: list[Text] = [T("Heroic Focus card (solo), called {joint} in co-op; it replaces {card}.", joint=joint,
                           card=match)]
    lines += [action_line(a) for a in card["actions"]]
    return CatalogueEntry(f"heroic:{key}", "heroic card", heroic_title(key), lines_text(lines))


def _joint(key: str, card: dict) -> CatalogueEntry:
    """The same card under its co-op name, so that a co-op player finds the name the panels show."""
    joint = content_name(f"joint:{key}", card["title"].replace("Heroic", "Joint"))
    match = next((focus_title(k) for k, c in FOCUS.items() if c["title"] == card["match"]), card["match"])
    lines: list[Text] = [T("Joint Focus card (co-op), called {heroic} in solo; it replaces {card}.", heroic=heroic_title(key),
                           card=match)]
    lines += [action_line(a) for a in card["actions"]]
    return CatalogueEntry(f"joint:{key}", "joint card", joint, lines_text(lines))


def _crisis_text(key: str) -> Text:
    text = crisis_text(key)
    return data_text(text) if isinstance(text, str) else text


def _war(key: str, mods: list[int]) -> CatalogueEntry:
    return CatalogueEntry(f"war:{key}", "war card", content_name(f"war:{key}", f"War card {key[3:]}"),
                          T("Solo/co-op alert card: resolve the crisis board (every house suffers an assault at the "
                            "military slot value plus this card's modifier, then the economic payment) or take a "
                            "catastrophe. Modifier by Cycle: {mods}.",
                            mods=joined([T("Cycle {cycle} +{n}", cycle=c, n=m) for c, m in enumerate(mods, 1)])))


# Our own words, after DESIGN_SOLO.md.
FIXED: tuple[tuple[str, str, str, Text], ...] = (
    ("step:alert", "step", "Alert step",
     "Solo/co-op, before the first turn of a round: reveal an alert card; a situation card (I, II, III) brings "
     "the current crisis, a war card none."),
    ("step:void-advance", "step", "Void advance",
     "Solo/co-op, after the last turn of a round: an open crisis becomes a penalty, a permanent crisis or a "
     "catastrophe (the fourth catastrophe loses the game)."),
    ("solo:harbinger", "solo", "Harbinger",
     "Solo/co-op: a Voidborn piece on the map or on the crisis board; each one on the map adds 10 to the "
     "Voidborn's final Influence. Win its sector's invasion to move it to the board."),
    ("solo:safe-haven", "solo", "Safe haven",
     "Solo/co-op: tiles filled with cubes when you overproduce twice in a turn, reach level 4 on a track or hold a "
     "Pure sector of Population 6 with 3 Guilds; a finished tile gives each house a reward, an unfinished one adds "
     "20 to the Voidborn's final Influence."),
    ("solo:catastrophe", "solo", "Catastrophe",
     "Solo/co-op: a crisis pushed off the crisis board; each adds 20 to the Voidborn's final Influence, the fourth "
     "loses the game."),
    ("solo:voidborn-influence", "solo", "Voidborn final Influence",
     T("Solo/co-op: every house needs at least this much Influence to win: 60 on easy, 100 on medium, 140 on hard; "
       "{points}.",
       points=joined([T("+{n} per {what}", n=n, what=content_name(f"voidborn-point:{k}", k.replace("_", " ")))
                      for k, n in BOARD["vb_points"].items()]))),
)


def extras() -> CatalogueExtras:
    """The entries, built when the glossary is (the effects they describe are registered by then)."""
    return CatalogueExtras(
        cards=HEROIC,
        card_title=heroic_title,
        entries=(*(CatalogueEntry(f"crisis:{k}", "crisis", content_name(f"crisis:{k}", c["name"]), _crisis_text(k))
                   for k, c in CRISES.items()),
                 *(_heroic(k, c) for k, c in HEROIC.items()),
                 *(_joint(k, c) for k, c in HEROIC.items()),
                 *(_war(k, m) for k, m in WAR_CARDS.items())),
        fixed=tuple(fixed_entry(*fixed) for fixed in FIXED),
    )
