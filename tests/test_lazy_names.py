"""A drawing gets its view named as it reads it (renderers._Namer, reads.ReadDict's namer: issue
39, the unread parts of a view cost nothing): it draws the same image and notes the same reads as
from a view named whole beforehand (`renderers.named`), which the render pool's reuse relies on."""

from __future__ import annotations

import random

import pytest

import games
import renderers
from renderers import reads

NAMES = ["Ann", "Bartholomew Quintessential", "Cyd"]


def _views(slug: str, seed: int = 4, every: int = 9) -> list[tuple[str, dict]]:
    rules = games.get(slug)
    state = rules.setup(3, seed)
    pick = random.Random(seed)
    found = []
    for step in range(300):
        pending = rules.pending(state)
        if not pending or rules.is_over(state):
            break
        seat = pick.choice(pending).seat
        if step % every == 0:
            found += [("public", rules.view(state, None)), ("private", rules.view(state, seat))]
        state = rules.apply(state, seat, rules.baseline_choice(state, seat))
    return found


def _named_first(draw, view, names, locale, then=None):
    """The drawing as it was before views were named lazily: the whole view named first."""
    whole = reads.ReadDict(renderers.named(view, names, locale))
    image = draw(whole, names, locale)
    return image, whole.reads.paths()


@pytest.mark.parametrize("slug", games.SHIPPED)
@pytest.mark.parametrize("locale", ["en", "zh-TW"])
def test_lazily_named_views_draw_and_read_as_views_named_first(slug, locale):
    module = renderers._module(slug)
    for kind, view in _views(slug):
        draw = getattr(module, kind)
        eager, eager_reads = _named_first(draw, view, NAMES, locale)
        renderers.read_paths()
        lazy = renderers._draw(draw, view, NAMES, locale)
        assert renderers.read_paths() == eager_reads, (kind, view.get("viewer"))
        assert lazy.tobytes() == eager.tobytes(), (kind, view.get("viewer"))


def test_a_read_of_the_whole_sees_every_value_named():
    view = {"log": [{"msg": "{seat:0} scores", "dom": "none"}, "{seat:1} passes"],
            "deep": {"list": [[{"msg": "x", "dom": "none"}]], "n": 1}}
    namer = renderers._Namer(NAMES, "en")
    lazy = reads.ReadDict(view, namer=namer)
    assert lazy["deep"]["n"] == 1   # a nested dict wrapped raw, then read whole below
    assert list(lazy["log"]) == renderers.named(view["log"], NAMES)
    assert dict(lazy) == renderers.named(view, NAMES)
    assert repr(lazy) == repr(renderers.named(view, NAMES))
