"""Petrichor's glossary: the four weathers (card effects and weather-phase effects), the seven
crops, the South Wind's cards, clouds, dice and the vote track, in our own words."""

from __future__ import annotations

from games.core import Catalogue, CatalogueEntry
from games.core.i18n import Msg

from .data import CROPS, DATA, SW_DECK, WNAME
from .messages import T, crop_name, sw_card_text, weather_name
from .wording import pays_words

CARD_EFFECT: dict[str, Msg] = {
    "F": T("a new white cloud with 1 of your drops on a tile without a cloud"),
    "S": T("exactly 2 of your drops into a cloud that holds your drops"),
    "W": T("a cloud holding your drops moves to an orthogonally adjacent tile (merging with a cloud there)"),
    "R": T("up to 2 different clouds holding your drops each let 1 drop of a colour you choose fall onto their tile"),
}
PHASE_EFFECT: dict[str, Msg] = {
    "F": T("every white cloud turns dark"),
    "S": T("each player adds to one cloud holding their drops as many drops as they have there; then sprouted "
           "coffee grows"),
    "W": T("each player moves any 1 drop on the field to an orthogonally adjacent tile"),
    "R": T("every dark cloud pours all its drops onto its tile and leaves; then sprouted rice grows"),
}
TERMS = (
    ("cloud", T.name("term:cloud", "Cloud"),
     T("White clouds turn dark at 4 drops; a dark cloud bursts at 8, dropping everything on its tile.")),
    ("die", T.name("term:die", "Harvest die"),
     T("Three dice; advancing one (4 > 3 > 2 > 1) scores 1 point, 1 to wheat scores 2. "
       "All three on wheat, or the last round, brings a harvest.")),
    ("vote-track", T.name("term:vote-track", "Vote track"),
     T("The player with most markers on a resolved weather moves a step up; steps score {points} at the end.",
       points=tuple(map(str, DATA["vote_track_points"])))),
    ("wheat-bonus", T.name("term:wheat-bonus", "Wheat bonus"),
     T("{n} points to the player with most wheat tokens at the end.", n=DATA["wheat_bonus"])),
    ("pass", T.name("term:pass", "Pass"),
     T("Discard your hand and take the first-player marker; everyone else takes one last turn.")),
)
# Where a South Wind card blows a cloud.
DIRECTION = {"N": T("north"), "S": T("south"), "E": T("east"), "W": T("west")}


def _crop_text(spec: dict, crop: str) -> Msg:
    head = T("Sprouts at {n} drops; {count} tile(s).", n=spec["threshold"], count=spec["count"])
    if spec["kind"] == "two_stage":
        body = T("Grows after a {weather} weather. At harvest it pays {sprouted}; once grown, {grown}.",
                 weather=weather_name(spec["grows_on"]), sprouted=pays_words(crop, 1), grown=pays_words(crop, 2))
    else:
        body = T("At harvest it pays {pays}.", pays=pays_words(crop, 2))
    return T("{head} {body}", head=head, body=body)


def _entries() -> tuple[CatalogueEntry, ...]:
    found = [CatalogueEntry(f"weather:{w}", "weather", weather_name(w),
                            T("As a card: {card}.\nIn the weather phase: {phase}.", card=CARD_EFFECT[w],
                              phase=PHASE_EFFECT[w]))
             for w in WNAME]
    found.extend(CatalogueEntry(f"crop:{key}", "crop", crop_name(key), _crop_text(spec, key)) for key, spec in CROPS.items())
    found.extend(CatalogueEntry(f"south-wind:{card['id']}", "South Wind card",
                                T("South Wind card {n}", n=card["id"][2:]),
                                T("{text} (blows {direction}).", text=sw_card_text(card),
                                  direction=DIRECTION[card["dir"]]))
                 for card in SW_DECK)
    found.extend(CatalogueEntry(f"term:{key}", "term", name, text) for key, name, text in TERMS)
    return tuple(found)


CATALOGUE = Catalogue(_entries())
