"""A small deterministic random number generator whose whole state is one integer.

Game states keep an `Rng` so a dump holds the exact position in the random stream and
a reload continues it. The generator is splitmix64: fast, well mixed, trivially JSON-safe.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Sequence, TypeVar

T = TypeVar("T")
_MASK = (1 << 64) - 1


@dataclass
class Rng:
    """Splitmix64 stream. `state` is the full position in the stream."""

    state: int = 0

    @classmethod
    def from_seed(cls, seed: int) -> "Rng":
        return cls(state=(seed * 0x9E3779B97F4A7C15 + 0x632BE59BD9B4E019) & _MASK)

    def next64(self) -> int:
        self.state = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = self.state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def randrange(self, n: int) -> int:
        """A uniform integer in [0, n)."""
        if n <= 0:
            raise ValueError("randrange needs a positive bound")
        limit = _MASK - (_MASK + 1) % n  # reject the biased tail
        while True:
            x = self.next64()
            if x <= limit:
                return x % n

    def randint(self, low: int, high: int) -> int:
        """A uniform integer in [low, high]."""
        return low + self.randrange(high - low + 1)

    def choice(self, items: Sequence[T]) -> T:
        return items[self.randrange(len(items))]

    def shuffle(self, items: list) -> None:
        """Shuffle in place (Fisher-Yates)."""
        for i in range(len(items) - 1, 0, -1):
            j = self.randrange(i + 1)
            items[i], items[j] = items[j], items[i]

    def random(self) -> float:
        """A uniform float in [0, 1)."""
        return (self.next64() >> 11) / float(1 << 53)

    def spawn(self) -> "Rng":
        """An independent stream drawn from this one (for a sample of its own)."""
        return Rng(self.next64())
