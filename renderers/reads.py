"""What a drawing read of its view, entry by entry and level by level, so that an image can be
reused while exactly those parts of the view stay the same (`bot.render_pool.DrawnImages`).

A drawing gets the view wrapped (`ReadDict`, whose nested dicts and lists are wrapped in turn
when first read) and every read is noted as a path of keys and list indexes from the top, with
how much of the value there it saw:

* VALUE: all of it (a number or text read; a dict or list iterated, measured against another,
  copied, changed, sliced, or indexed from its end);
* SHAPE: only its type, or that it is missing (a dict or list that was indexed further);
* SIZE: its type and length (`len` or truth tested).

Whatever is not one of the few reads followed here counts as VALUE at that level, so a
drawing is a function of the parts its reads name: the same parts give the same image.
A list's items are followed by their index from the start only ([-1] names another item once
the list grows).

A view may also be wrapped raw, with a `namer` that puts each value in its final form (for the
renderers: messages rendered, seat names filled) as it is read: a wrapped dict or list holds its
own texts and numbers in final form and its nested dicts and lists raw until they are read, and
is put wholly in final form before any read of it as a whole. A drawing then sees, and reads,
exactly what it would in a view put in final form beforehand, without the cost of the parts it
never reads."""

from __future__ import annotations

import pickle

VALUE, SHAPE, SIZE = "v", "s", "n"
MISSING = object()  # the marker of a key or index that is not there


class Reads:
    """The paths one drawing read, each with the most it saw of the value there."""

    __slots__ = ("seen",)

    def __init__(self) -> None:
        self.seen: dict[tuple, str] = {}

    def note(self, path: tuple, how: str) -> None:
        known = self.seen.get(path)
        if known is None or known == SHAPE or how == VALUE:
            self.seen[path] = how

    def paths(self) -> tuple:
        """The reads in a fixed order, without those inside a value read whole."""
        whole = {path for path, how in self.seen.items() if how == VALUE}
        kept = [(path, how) for path, how in self.seen.items()
                if not any(path[:end] in whole for end in range(len(path)))]
        return tuple(sorted(kept, key=repr))


def _wrap(value, path: tuple, reads: Reads, namer):
    kind = type(value)
    if kind is ReadDict or kind is ReadList:   # wrapped at an earlier read
        return value
    if kind is dict or (namer is not None and isinstance(value, dict)):
        return ReadDict(value, path, reads, namer)
    if kind is list or (namer is not None and isinstance(value, list)):
        return ReadList(value, path, reads, namer)
    return value


def _read_child(node, key, path: tuple, reads: Reads, getter):
    value = getter(key)
    wrapped = _wrap(value, path, reads, node.namer)
    if wrapped is not value:
        node._keep(key, wrapped)   # one wrapper per place: a change made through it stays visible
    reads.note(path, SHAPE if isinstance(wrapped, (ReadDict, ReadList)) else VALUE)
    return wrapped


def _settle(node) -> None:
    """Every value under a lazily named `node` in its final form (`namer.whole`), before it is
    read as a whole (iterated, copied, compared...): such reads see its storage directly."""
    namer = node.namer
    if namer is None:
        return
    node.namer = None
    places = list(dict.items(node)) if isinstance(node, dict) else list(enumerate(list.__iter__(node)))
    for place, value in places:
        if type(value) is ReadDict or type(value) is ReadList:
            _settle(value)
        elif isinstance(value, (dict, list)):
            node._keep(place, namer.whole(value))


class ReadDict(dict):
    """A dict of the view that notes the reads of its entries (see the module). With a `namer`
    (`Namer`), its values are in their final form only as they are read (see `Namer`)."""

    __slots__ = ("path", "reads", "namer")

    def __init__(self, data: dict, path: tuple = (), reads: Reads | None = None, namer=None) -> None:
        super().__init__(data if namer is None else {key: namer.part(value) for key, value in data.items()})
        self.path = path
        self.reads = reads if reads is not None else Reads()
        self.namer = namer

    def _keep(self, key, value) -> None:
        dict.__setitem__(self, key, value)

    def __getitem__(self, key):
        path = (*self.path, key)
        if not dict.__contains__(self, key):
            self.reads.note(path, SHAPE)
            raise KeyError(key)
        return _read_child(self, key, path, self.reads, super().__getitem__)

    def get(self, key, default=None):
        if not dict.__contains__(self, key):
            self.reads.note((*self.path, key), SHAPE)
            return default
        return _read_child(self, key, (*self.path, key), self.reads, super().__getitem__)

    def __contains__(self, key) -> bool:
        self.reads.note((*self.path, key), SHAPE)
        return super().__contains__(key)

    def __len__(self) -> int:
        self.reads.note(self.path, SIZE)
        return super().__len__()


class ReadList(list):
    """A list of the view that notes the reads of its items by index (see the module)."""

    __slots__ = ("path", "reads", "namer")

    def __init__(self, data: list, path: tuple, reads: Reads, namer=None) -> None:
        super().__init__(data if namer is None else [namer.part(value) for value in data])
        self.path = path
        self.reads = reads
        self.namer = namer

    def _keep(self, index, value) -> None:
        list.__setitem__(self, index, value)

    def __getitem__(self, index):
        if type(index) is int and 0 <= index < list.__len__(self):
            return _read_child(self, index, (*self.path, index), self.reads, super().__getitem__)
        self.reads.note(self.path, VALUE)
        _settle(self)
        return super().__getitem__(index)

    def __len__(self) -> int:
        self.reads.note(self.path, SIZE)
        return super().__len__()

    def __radd__(self, other):  # `[...] + this`: noted, then Python joins the two lists itself
        self.reads.note(self.path, VALUE)
        _settle(self)
        return NotImplemented


def _reads_whole(cls, name: str):
    method = getattr(cls.__mro__[1], name)

    def whole(self, *args, **kwargs):
        self.reads.note(self.path, VALUE)
        _settle(self)
        return method(self, *args, **kwargs)

    whole.__name__ = name
    return whole


for _name in ("__iter__", "__reversed__", "__eq__", "__ne__", "__or__", "__ror__", "__ior__", "__repr__",
              "__reduce_ex__", "__setitem__", "__delitem__", "keys", "values", "items", "copy", "pop", "popitem",
              "setdefault", "update", "clear"):
    setattr(ReadDict, _name, _reads_whole(ReadDict, _name))
for _name in ("__iter__", "__reversed__", "__contains__", "__eq__", "__ne__", "__lt__", "__le__", "__gt__", "__ge__",
              "__add__", "__iadd__", "__mul__", "__rmul__", "__imul__", "__repr__", "__reduce_ex__",
              "__setitem__", "__delitem__", "index", "count", "copy", "append", "extend", "insert", "pop", "remove",
              "reverse", "sort", "clear"):
    setattr(ReadList, _name, _reads_whole(ReadList, _name))


def at(view, path: tuple):
    """The value of `view` at `path` (MISSING when some step is not there)."""
    node = view
    for step in path:
        if isinstance(node, dict):
            node = node.get(step, MISSING)
        elif isinstance(node, list) and type(step) is int and 0 <= step < len(node):
            node = node[step]
        else:
            return MISSING
        if node is MISSING:
            return MISSING
    return node


def _seen(value, how: str):
    if value is MISSING:
        return "missing"
    if how == VALUE:
        return value
    kind = type(value).__name__
    return (kind, len(value)) if how == SIZE and isinstance(value, (dict, list)) else kind


def part(view: dict, paths: tuple) -> bytes:
    """The parts of `view` that `paths` (`Reads.paths`) name, as bytes that differ whenever those
    parts do (pickle tells 1 from True and 1.0; equal data written differently only costs a redraw)."""
    return pickle.dumps([_seen(at(view, path), how) for path, how in paths], protocol=pickle.HIGHEST_PROTOCOL)


def seat_entry(entries: list, seat):
    """The first of `entries` whose "seat" is `seat` (None if none), looked for by index so that
    a drawing reads only the entries up to it, not the whole list (`next(...)` over the list
    would read all of it)."""
    for index in range(len(entries)):
        if entries[index]["seat"] == seat:
            return entries[index]
    return None
