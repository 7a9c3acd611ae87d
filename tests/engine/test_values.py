"""`quick_init`: a frozen dataclass built in one step is the one its generated `__init__` builds."""
from __future__ import annotations

import dataclasses
import pickle

import pytest

from rules_engine.sevenwonders import PlayerScore
from rules_engine.values import quick_init


@dataclasses.dataclass(frozen=True)
class Plain:
    a: int
    b: str = "b"
    c: tuple[int, ...] = ()
    d: dict[str, int] = dataclasses.field(default_factory=dict)


Quick = quick_init(dataclasses.make_dataclass("Quick", [(f.name, f.type, f) for f in dataclasses.fields(Plain)],
                                              frozen=True))


@pytest.mark.parametrize("args, kwargs", [((1,), {}), ((1, "x"), {}), ((1,), {"c": (2, 3)}),
                                          ((), {"a": 1, "d": {"k": 1}}), ((1, "x", (4,), {"z": 2}), {})])
def test_the_quick_instance_is_the_generated_ones(args, kwargs):
    slow, quick = Plain(*args, **kwargs), Quick(*args, **kwargs)
    assert dataclasses.asdict(slow) == dataclasses.asdict(quick)
    assert repr(quick) == repr(slow).replace("Plain", "Quick")


def test_the_quick_instance_stays_frozen_hashable_and_picklable():
    p = PlayerScore(1, "Anna", 1, 2, 3, 4, 5, 6, 7, 28, 6, "Gizah", "A", stages=2)
    assert p == PlayerScore(seat=1, player="Anna", military=1, treasury=2, wonders=3, civilian=4, commercial=5,
                            guilds=6, science=7, total=28, coins=6, wonder="Gizah", side="A", stages=2)
    assert p.compasses is None and p.stages == 2 and hash(p) == hash(dataclasses.replace(p))
    with pytest.raises(dataclasses.FrozenInstanceError):
        setattr(p, "seat", 2)  # noqa: B010 - what a caller writing to the value does
    assert pickle.loads(pickle.dumps(p)) == p
    assert dataclasses.replace(p, seat=3).seat == 3
    assert Quick(1).d == {} and Quick(1).d is not Quick(1).d  # a new default each time, as the factory makes


def test_classes_it_cannot_build_faithfully_are_refused():
    @dataclasses.dataclass(frozen=True)
    class Later:
        a: int

        def __post_init__(self) -> None:
            pass

    with pytest.raises(TypeError):
        quick_init(Later)
    with pytest.raises(TypeError):
        quick_init(dataclasses.dataclass(frozen=True, slots=True)(type("Slots", (), {"__annotations__": {"a": int}})))
    with pytest.raises(TypeError):
        quick_init(int)
