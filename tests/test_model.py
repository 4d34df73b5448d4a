"""model.record: the same class as ``@dataclass(frozen=True, slots=True)``, built without compiling more than ``__init__``."""

from __future__ import annotations

import copy
import dataclasses
import inspect
import pickle
from collections.abc import Mapping

import pytest

from ruldiff.model import Annotations, Change, ChangeKind, Edit, MatchHow, Op, Rule, RuleKind, record


def _pair() -> tuple[type, type]:
    """One class declared twice, by `record` and by the dataclass decorator:
    a field without a default, one with a default, one with a factory, one
    left out of comparison and repr."""

    def body() -> dict[str, object]:
        return {
            "__annotations__": {"name": "str", "count": "int", "seen": "Mapping[str, int]", "cache": "list[int] | None"},
            "count": 0,
            "seen": dataclasses.field(default_factory=dict),
            "cache": dataclasses.field(default=None, compare=False, repr=False),
            "__module__": __name__,
            "__qualname__": "Thing",
        }

    return record(type("Thing", (), body())), dataclasses.dataclass(frozen=True, slots=True)(type("Thing", (), body()))


def test_record_behaves_as_a_frozen_slotted_dataclass() -> None:
    mine, theirs = _pair()
    for cls in (mine, theirs):
        a, b = cls("a", 2, {"x": 1}, [9]), cls("a", 2, {"x": 1}, [8])
        assert a == b and not a != b and a != cls("b", 2)  # cache is not compared
        assert (a == "a") is False
        with pytest.raises(TypeError):
            hash(a)  # a dict field: unhashable, as the dataclass's
        assert cls("a").seen == {} and cls("a").seen is not cls("a").seen
        with pytest.raises(dataclasses.FrozenInstanceError, match="cannot assign to field 'name'"):
            a.name = "c"
        with pytest.raises(dataclasses.FrozenInstanceError, match="cannot delete field 'count'"):
            del a.count
        assert not hasattr(a, "__dict__")
        with pytest.raises(TypeError):
            cls()
    with pytest.raises(AttributeError):  # (the dataclass of Python 3.11 raises a TypeError of its own)
        mine("a").other = 1
    assert [f.name for f in dataclasses.fields(mine)] == [f.name for f in dataclasses.fields(theirs)]
    assert mine.__match_args__ == theirs.__match_args__ and mine.__slots__ == theirs.__slots__
    assert repr(mine("a", 2)) == repr(theirs("a", 2)) == "Thing(name='a', count=2, seen={})"
    assert list(inspect.signature(mine).parameters) == list(inspect.signature(theirs).parameters)
    assert dataclasses.is_dataclass(mine) and dataclasses.replace(mine("a"), count=3) == mine("a", 3)


def test_model_types_hash_copy_and_pickle_as_dataclasses() -> None:
    rule = Rule("100.1a", RuleKind.RULE, "Draw a card.", ("Example: one.",), "100.1", 7)
    same = Rule("100.1a", RuleKind.RULE, "Draw a card.", ("Example: one.",), "100.1", 7)
    assert rule == same and hash(rule) == hash(same) == hash(tuple(getattr(rule, f.name) for f in dataclasses.fields(Rule)))
    assert rule != dataclasses.replace(rule, line=8)
    edit = Edit(Op.DELETE, "a card")
    change = Change(ChangeKind.CHANGED, rule, same, (edit,), ("substantive",), MatchHow.SAME)
    for value in (rule, edit, change, Annotations(notes={"1": "n"})):
        assert pickle.loads(pickle.dumps(value)) == value
        assert copy.copy(value) == value and copy.deepcopy(value) == value
    assert repr(edit) == "Edit(op=<Op.DELETE: '-'>, text='a card')"
    assert isinstance(Annotations().counts, Mapping)
