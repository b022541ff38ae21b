"""Hostile input, round two, class 8: an ``odds`` option value is never echoed whole, and
``--mines`` takes ASCII digits only, as every other number option does."""
from __future__ import annotations

import pytest

from hostile import run_cli

HUGE = "9" * 4000


@pytest.mark.parametrize("argv", [
    ["odds", "combat-infantry", "--dice", "4", "--firepower", "2", "--option", f"night={HUGE}"],
    ["odds", "heroes-of-normandie", "--defense", "5", "--mines", HUGE],
    ["odds", "heroes-of-normandie", "--defense", "5", "--mines", f"1,{HUGE}"],
])
def test_a_huge_value_is_shortened_in_the_message(argv):
    code, _, err = run_cli(argv, seconds=60)
    assert code == 2 and len(err) < 300 and err.count("\n") == 1, err[:300]


@pytest.mark.parametrize("mines", ["\u0661,1,1", "1,\u00b2", "1,\uff11", "1.5", "-1", "21"])
def test_mines_are_ascii_whole_numbers_0_to_20(mines):
    code, _, err = run_cli(["odds", "heroes-of-normandie", "--defense", "5", "--mines", mines], seconds=60)
    assert code == 2 and "--mines" in err and "0..20" in err, err


def test_mines_in_ascii_digits_still_work():
    code, out, err = run_cli(["odds", "heroes-of-normandie", "--defense", "5", "--mines", "1, 1,1"], seconds=60)
    assert code == 0 and "hit" in out, err
