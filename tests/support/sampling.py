"""Where a test walks hundreds of near-identical cases (every card through /card, every...), a fixed,
seeded sample of them by default, always with the first and the last; `GAMEHOST_FULL_WALK=1` walks
every case. The sample is the same on every run, so a failure it finds is found again."""

from __future__ import annotations

import os
import random
from collections.abc import Iterable
from typing import TypeVar

FULL_WALK = bool(os.environ.get("GAMEHOST_FULL_WALK"))
Item = TypeVar("Item")


def sample(items: Iterable[Item], size: int, seed: int = 1) -> list[Item]:
    """`size` of `items` (plus the first and the last) in their order, the same ones on every run;
    every item with GAMEHOST_FULL_WALK=1 or when there are no more than `size`."""
    items = list(items)
    if FULL_WALK or len(items) <= size:
        return items
    kept = set(random.Random(seed).sample(range(len(items)), size)) | {0, len(items) - 1}
    return [item for index, item in enumerate(items) if index in kept]
