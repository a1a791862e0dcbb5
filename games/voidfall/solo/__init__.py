"""Voidfall solo and cooperative play against the Voidborn (issue 14).

The engine calls the entry points in `api`; rules.py imports every module here that registers a
task handler or an effect. This package file stays empty (importing a module of the package
runs it first).
"""
