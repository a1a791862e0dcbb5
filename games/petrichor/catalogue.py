"""Petrichor's glossary: the four weathers (card effects and weather-phase effects), the seven
crops, the South Wind's cards, clouds, dice and the vote track, in our own words."""

from __future__ import annotations

from games.core import Catalogue, CatalogueEntry

from .data import CROPS, DATA, SW_DECK, WNAME

CARD_EFFECT = {
    "F": "a new white cloud with 1 of your drops on a tile without a cloud",
    "S": "exactly 2 of your drops into a cloud that holds your drops",
    "W": "a cloud holding your drops moves to an orthogonally adjacent tile (merging with a cloud there)",
    "R": "up to 2 different clouds holding your drops each let 1 drop of a colour you choose fall onto their tile",
}
PHASE_EFFECT = {
    "F": "every white cloud turns dark",
    "S": "each player adds to one cloud holding their drops as many drops as they have there; then sprouted coffee grows",
    "W": "each player moves any 1 drop on the field to an orthogonally adjacent tile",
    "R": "every dark cloud pours all its drops onto its tile and leaves; then sprouted rice grows",
}
TERMS = (
    ("cloud", "Cloud", "White clouds turn dark at 4 drops; a dark cloud bursts at 8, dropping everything on its tile."),
    ("die", "Harvest die", "Three dice; advancing one (4 > 3 > 2 > 1) scores 1 point, 1 to wheat scores 2. "
                           "All three on wheat, or the last round, brings a harvest."),
    ("vote-track", "Vote track", "The player with most markers on a resolved weather moves a step up; "
                                 "steps score " + ", ".join(map(str, DATA["vote_track_points"])) + " at the end."),
    ("wheat-bonus", "Wheat bonus", f"{DATA['wheat_bonus']} points to the player with most wheat tokens at the end."),
    ("pass", "Pass", "Discard your hand and take the first-player marker; everyone else takes one last turn."),
)


def _crop_text(spec: dict) -> str:
    head = f"Sprouts at {spec['threshold']} drops; {spec['count']} tile(s). "
    kind = spec["kind"]
    if kind == "rank":
        return head + "Harvest by most drops: " + "/".join(map(str, spec["table"])) + " points."
    if kind == "wheat":
        return head + (f"Harvest: the single top contributor scores {spec['top_points']} and takes a wheat token; "
                       f"every other contributor scores {spec['other_points']}.")
    if kind == "corn":
        return head + "Harvest: every contributor scores " + "/".join(map(str, spec["table"])) + \
            " with 1/2/3/4 contributors."
    grows = WNAME[spec["grows_on"]]
    if "grown_per_drop" in spec:
        return head + f"Grows after a {grows} weather; once grown, 1 point per drop you have on it."
    return head + (f"Grows after a {grows} weather. Harvest by most drops: sprouted "
                   + "/".join(map(str, spec["sprout_table"])) + ", grown " + "/".join(map(str, spec["grown_table"]))
                   + " points.")


def _entries() -> tuple[CatalogueEntry, ...]:
    found = [CatalogueEntry(f"weather:{w}", "weather", name,
                            f"As a card: {CARD_EFFECT[w]}.\nIn the weather phase: {PHASE_EFFECT[w]}.")
             for w, name in WNAME.items()]
    found.extend(CatalogueEntry(f"crop:{key}", "crop", spec["name"], _crop_text(spec)) for key, spec in CROPS.items())
    found.extend(CatalogueEntry(f"south-wind:{card['id']}", "South Wind card", f"South Wind card {card['id'][2:]}",
                                f"{card['text']} (blows {card['dir']}).") for card in SW_DECK)
    found.extend(CatalogueEntry(f"term:{key}", "term", name, text) for key, name, text in TERMS)
    return tuple(found)


CATALOGUE = Catalogue(_entries())
