"""Vocabulary texts worded once per distinct text.

`text.words` runs some forty regular expressions over a text; `pending` words every blue
action, standard action and card of a decision again on each call, and tableaus (so blue
actions) grow all game long. The wording is a pure function of the text, so keeping it is exact.
"""

from __future__ import annotations

from functools import lru_cache

from . import text

# Texts are the vocabulary of cards.tsv plus amounts filled in (X, costs): a few thousand at most.
words = lru_cache(maxsize=8192)(text.words)
short = lru_cache(maxsize=None)(text.short)  # keyed by card id
