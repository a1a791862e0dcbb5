"""Voidfall solo and cooperative play against the Voidborn (issue 14).

The engine calls the entry points in `api` (import `games.voidfall.solo.api`); this package
file stays empty so that `games.voidfall.state` can import `solo.state` without a cycle.
"""
