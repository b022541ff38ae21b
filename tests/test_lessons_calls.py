"""Lessons call only the public API (issue 21): every ``call`` in ``wartools/lessons/data/*.yaml``
is a facade function, a map helper or a public, documented function of a game module, and the
runner refuses a private name, a missing one and an import passing through a module."""
from __future__ import annotations

from importlib import resources

import pytest
import yaml

from wartools.lessons.runner import FACADE, LessonError, _function, game_function

HELPERS = ("within", "distance", "unit")


def _calls() -> list[tuple[str, str]]:
    found: list[tuple[str, str]] = []

    def walk(node: object, where: str) -> None:
        if isinstance(node, dict):
            for key, value in node.items():
                if key == "call" and isinstance(value, str) and not value.startswith("="):
                    found.append((where, value))
                walk(value, where)
        elif isinstance(node, list):
            for value in node:
                walk(value, where)

    for f in sorted(resources.files("wartools.lessons").joinpath("data").iterdir(), key=lambda p: p.name):
        if f.name.endswith(".yaml"):
            walk(yaml.safe_load(f.read_text(encoding="utf-8")), f.name)
    return found


CALLS = _calls()


def test_the_lessons_call_something():
    assert len(CALLS) > 300 and any(c.startswith("games.") for _, c in CALLS)


def test_every_call_is_the_facade_a_helper_or_a_public_game_function():
    for where, name in CALLS:
        if name in FACADE or name in HELPERS:
            continue
        fn = game_function(name, where)            # raises naming the file and the call
        assert not fn.__name__.startswith("_") and fn.__doc__, name


@pytest.mark.parametrize("name,fragment", [
    ("games.combat_infantry.combat._faces", "valid are"),                 # private
    ("games.combat_infantry._combat.hit_chance", "valid are"),            # private module
    ("games.combat_infantry.combat.no_such_rule", "no such function"),    # missing
    ("games.combat_infantry.nowhere.hit_chance", "no module"),            # missing module
    ("games.combat_infantry.movement.Assumption", "name it where it is defined"),   # an import passing through
    ("mapmodel.load_map", "valid are"),                                    # not a game's
    ("los.engine.evaluate", "valid are"),
])
def test_the_runner_refuses_what_is_not_public(name, fragment):
    with pytest.raises(LessonError, match=fragment):
        _function(name, "lesson.yaml: entry x")
