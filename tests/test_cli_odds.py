"""The ``odds`` subcommand, through ``wartools.cli.main`` when present, else a local argparse harness."""
from __future__ import annotations

import argparse
import json
from fractions import Fraction

import pytest

from wartools.cli.odds import add_parser
from wartools.errors import WartoolsError

try:
    from wartools.cli import main as cli_main
except ImportError:  # pragma: no cover - before the main CLI exists
    cli_main = None


def harness(argv: list[str]) -> dict:
    parser = argparse.ArgumentParser(prog="wartools")
    add_parser(parser.add_subparsers(dest="command"))
    args = parser.parse_args(argv)
    answer, text = args.handler(args)
    assert text
    return json.loads(json.dumps(answer))


def odds(argv: list[str], capsys) -> dict:
    answer = harness(["odds", *argv])
    if cli_main is not None:
        assert cli_main(["odds", *argv, "--json"]) == 0
        assert json.loads(capsys.readouterr().out) == answer
    return answer


def test_company_of_heroes_building_example(capsys):
    a = odds(["company-of-heroes", "--target", "infantry", "--health", "4", "--damage", "AP=3",
              "--building"], capsys)
    assert a["damage"]["0"] == "64/81" and a["defense_dice"] == 5 and a["destroyed"] == "0"
    assert sum(Fraction(p) for p in a["damage"].values()) == 1
    assert Fraction(a["expected_damage"]) == sum(int(k) * Fraction(p) for k, p in a["damage"].items())


def test_company_of_heroes_pooled_attackers(capsys):
    a = odds(["coh", "--target", "infantry", "--health", "4", "--damage", "AI=1", "--damage", "AI=1",
              "--damage", "AI=1,AP=1"], capsys)
    assert a["destroyed"] == "1/3" and a["figures_left"] == {"0": "1/3", "1": "2/3"}


def test_combat_infantry_fire(capsys):
    a = odds(["combat-infantry", "--dice", "4", "--firepower", "2"], capsys)
    assert a["can_fire"] is True and a["hits"]["0"] == "256/625" and a["expected_hits"] == "4/5"
    a = odds(["ci", "--dice", "4", "--firepower", "3", "--armor", "3"], capsys)
    assert a["can_fire"] is False and a["hits"] == {"0": "1"}
    a = odds(["ci", "--dice", "4", "--firepower", "2", "--d2"], capsys)
    assert a["steps_lost"]["0"] == "512/625"


def test_combat_infantry_assault(capsys):
    a = odds(["combat-infantry", "--attackers", "rifle:1:3", "--defenders", "rifle:1:3:10"], capsys)
    assert a["winner"]["defender"] == "33301/40000"
    assert sum(Fraction(p) for p in a["end_states"].values()) == 1


def test_conflict_of_heroes(capsys):
    a = odds(["conflict-of-heroes", "--firepower", "4", "--defense", "12", "--terrain", "2"], capsys)
    assert a["hit"] == "1/6" and a["defense_value"] == 14


def test_heroes_of_normandie(capsys):
    a = odds(["heroes-of-normandie", "--attack", "3", "--defense", "5"], capsys)
    assert a["hit"] == "5/6"
    a = odds(["hon", "--mines", "1,1,1", "--defense", "7"], capsys)
    assert a["hit"] == "1/2"


@pytest.mark.parametrize("argv", [
    ["company-of-heroes", "--target", "infantry", "--health", "4"],
    ["company-of-heroes", "--target", "infantry", "--health", "4", "--damage", "AP3"],
    ["company-of-heroes", "--target", "tank", "--health", "4", "--damage", "AP=1", "--building"],
    ["company-of-heroes", "--target", "submarine", "--health", "4", "--damage", "AP=1"],
    ["combat-infantry", "--dice", "4"],
    ["combat-infantry", "--dice", "-1", "--firepower", "2"],
    ["combat-infantry", "--attackers", "rifle:3:3"],
    ["combat-infantry", "--attackers", "rifle:3", "--defenders", "rifle:3:3"],
    ["combat-infantry", "--dice", "3", "--firepower", "2", "--smoke"],
    ["conflict-of-heroes", "--firepower", "4", "--defense", "12", "--caps", "-1"],
    ["heroes-of-normandie", "--defense", "5"],
    ["heroes-of-normandie", "--attack", "3", "--mines", "1", "--defense", "5"],
])
def test_bad_arguments_raise_one_line(argv, capsys):
    with pytest.raises(WartoolsError) as exc:
        harness(["odds", *argv])
    assert "\n" not in str(exc.value)
    if cli_main is not None:
        assert cli_main(["odds", *argv]) == 2
        err = capsys.readouterr().err.strip()
        assert err and "\n" not in err


@pytest.mark.parametrize("argv, fragment", [
    (["combat-infantry", "--dice", "100000", "--firepower", "2"], "--dice must be between 0 and 500"),
    (["heroes-of-normandie", "--defense", "5", "--mines", ","], "at least one mine counter"),
    (["combat-infantry", "--attackers", "rifle:4:2", "--defenders", "rifle:x:3"], "TYPE:STRENGTH:FIREPOWER"),
    (["combat-infantry", "--attackers", "rifle:\u00b2:2", "--defenders", "rifle:4:3"], "TYPE:STRENGTH:FIREPOWER"),
    (["combat-infantry", "--dice", "\u00b2", "--firepower", "2"], "--dice must be a whole number"),
    (["combat-infantry", "--attackers", ",".join(["rifle:4:2"] * 7), "--defenders", "rifle:4:2"],
     "at most 6 units per side"),
])
def test_odds_refuses_inputs_it_cannot_answer_quickly_or_at_all(argv, fragment, capsys):
    from wartools.cli import main

    assert main(["odds", *argv]) == 2
    err = capsys.readouterr().err
    assert fragment in err and err.count("\n") == 1


def test_a_snipers_target_never_double_defends(capsys):
    """Combat Infantry 2.52: D2 does not apply against a sniper, so asking for both is refused."""
    from wartools.cli import main

    assert main(["odds", "combat-infantry", "--dice", "1", "--firepower", "3", "--d2", "--sniper"]) == 2
    assert "2.52" in capsys.readouterr().err
    assert main(["odds", "combat-infantry", "--dice", "1", "--firepower", "3", "--sniper", "--json"]) == 0


@pytest.mark.parametrize("argv", [
    ["company-of-heroes", "--target", "infantry", "--health", "4", "--damage", "AI=3,AP=1"],
    ["combat-infantry", "--dice", "4", "--firepower", "2", "--d2"],
    ["combat-infantry", "--attackers", "rifle:1:3", "--defenders", "rifle:1:3:10"],
    ["conflict-of-heroes", "--firepower", "4", "--defense", "12", "--caps", "1"],
    ["heroes-of-normandie", "--defense", "5", "--mines", "1,1,1"],
    ["heroes-of-normandie", "--attack", "3", "--defense", "5", "--long-range"]])
def test_numbers_stay_numbers_until_the_json_edge(argv, capsys):
    """The library's answer holds Fractions and distributions (no fraction strings to parse
    back); the command line writes each as its exact string, and nothing else changes."""
    from wartools.combat import odds as library_odds
    from wartools.dice import Dist
    from wartools.games import find_game

    game = find_game(argv[0])
    names = {p.flag: p for p in game.odds_procedure().params}
    inputs, i = {}, 1
    while i < len(argv):
        p = names[argv[i]]
        if p.kind == "bool":
            inputs[p.name], i = True, i + 1
        else:
            inputs[p.name], i = ([argv[i + 1]] if p.kind == "multi" else argv[i + 1]), i + 2
    answer = library_odds(game, **inputs).answer

    def strings(v):
        if isinstance(v, dict):
            return [s for x in v.values() for s in strings(x)]
        return [v] if isinstance(v, str) and "/" in v else []
    assert strings(dict(answer)) == []
    assert any(isinstance(v, (Fraction, Dist)) for v in answer.values())
    written = odds(argv, capsys)
    for key, value in answer.items():
        if isinstance(value, Fraction):
            assert written[key] == str(value)
        elif isinstance(value, Dist):
            assert written[key] == {str(k): str(p) for k, p in value.items}
