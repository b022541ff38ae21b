"""The rules coverage table is complete and current (issue: rules fidelity).

For every game with coverage rows, every section the game's ``section_pattern`` finds
in its rulebook excerpt (the list of section numbers kept in ``rulebook_sections.json``, checked
against the excerpts when they are at hand) must be listed, every listed test must exist, every listed
option must be a real option, and ``docs/rules-coverage.md`` must equal the generated
table.
"""
from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest

from wartools.games import find_game, game_ids
from wartools.games.coverage import markdown
from wartools.rules.coverage import missing, rulebook_sections

ROOT = Path(__file__).resolve().parents[1]
# the rulebook excerpts are not part of the repository (they are not ours to copy); their section
# numbers are facts, kept beside this test (rulebook_sections.json) so the completeness check runs
# everywhere. With the excerpts at hand (the folder WARTOOLS_RULEBOOKS names, README.md), a second
# test checks that list against the excerpts themselves.
RULEBOOKS = Path(os.environ.get("WARTOOLS_RULEBOOKS", "")).expanduser()
SECTIONS = json.loads((ROOT / "tests" / "rulebook_sections.json").read_text(encoding="utf-8"))


@pytest.mark.parametrize("game_id", game_ids())
def test_every_rulebook_section_is_listed(game_id):
    game = find_game(game_id)
    if not game.coverage():
        pytest.skip(f"{game_id} has no coverage rows yet")
    assert SECTIONS[game_id]["rulebook"] == game.rulebook
    listed = {e.section for e in game.coverage()}
    assert [s for s in SECTIONS[game_id]["sections"] if s not in listed] == []


@pytest.mark.parametrize("game_id", game_ids())
def test_the_section_list_is_the_excerpts_own(game_id):
    game = find_game(game_id)
    path = RULEBOOKS / game.rulebook
    if not os.environ.get("WARTOOLS_RULEBOOKS") or not path.is_file():
        pytest.skip(f"rulebook excerpt {game.rulebook} not found: set WARTOOLS_RULEBOOKS to the folder of "
                    "excerpts to check tests/rulebook_sections.json against them")
    text = path.read_text(encoding="utf-8")
    assert list(dict.fromkeys(rulebook_sections(text, game.section_pattern))) == SECTIONS[game_id]["sections"]
    assert missing(game, text) == []


@pytest.mark.parametrize("game_id", game_ids())
def test_every_listed_test_and_option_exists(game_id):
    game = find_game(game_id)
    for e in game.coverage():
        for ref in re.findall(r"(tests/[\w/]+\.py)::(\w+)", e.where):
            file, name = ROOT / ref[0], ref[1]
            assert file.exists(), f"{e.section}: {file} does not exist"
            assert re.search(rf"^def {name}\b", file.read_text(), re.MULTILINE), \
                f"{e.section}: no test {name} in {ref[0]}"
        for name in re.findall(r"option: ([\w-]+)", e.where):
            game.option_spec(name)
        if e.status == "assumed":
            assert "option:" in e.where, f"{e.section}: an assumed reading names the option that flips it"


def test_the_coverage_document_is_current():
    doc = ROOT / "docs" / "rules-coverage.md"
    expected = markdown(find_game(g) for g in game_ids())
    assert doc.exists() and doc.read_text() == expected, \
        "regenerate with: python -m wartools.games.coverage"
