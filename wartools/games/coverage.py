"""``docs/rules-coverage.md``, generated from the coverage rows of every registered game
(:class:`~wartools.rules.coverage.Entry`): ``python -m wartools.games.coverage``."""
from __future__ import annotations

import sys
from collections.abc import Iterable
from pathlib import Path

from wartools.rules import Game, find_game, game_ids
from wartools.rules.coverage import STATUSES


def markdown(games: Iterable[Game]) -> str:
    """``docs/rules-coverage.md``: one table per game."""
    out = ["# Rules coverage", "",
           "Generated from the code by `python -m wartools.games.coverage` (a test keeps it current).",
           "For every numbered section and chart row of each rulebook excerpt: *implemented* (with",
           "the test that pins it), *assumed* (an assumed reading, with the option that flips it),",
           "or *not-modelled* (and why).", ""]
    for g in games:
        rows = g.coverage()
        if not rows:
            continue
        counts = {s: sum(e.status == s for e in rows) for s in STATUSES}
        out += [f"## {g.name} (`{g.id}`)", "",
                ", ".join(f"{n} {s}" for s, n in counts.items()), "",
                "| section | about | status | where / why |", "| --- | --- | --- | --- |",
                *(e.row() for e in rows), ""]
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    """Write ``docs/rules-coverage.md`` (or the path given)."""
    from wartools.mapmodel.yamlio import write_atomic

    target = Path((argv or sys.argv[1:] or ["docs/rules-coverage.md"])[0])
    write_atomic(target, markdown(find_game(g) for g in game_ids()))
    print(f"wrote {target}")
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
