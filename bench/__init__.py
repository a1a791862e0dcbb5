"""Performance benchmarks for the board-game bot. Run with `python -m bench.run [--quick]`."""
