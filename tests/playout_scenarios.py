"""A small scenario whose playouts take a fraction of a second and still vary from seed to seed
(HQs, fire, assaults and a contested ford on a 5 x 3 board): the playout, balance and luck
tests use it so the suite stays quick."""
from __future__ import annotations

from pathlib import Path

SKIRMISH = """\
format: wartools-scenario/1
name: Skirmish at the ford (test)
game: combat-infantry
map:
  format: wartools-map/1
  name: ford
  game: combat-infantry
  grid: {type: hex, columns: 5, rows: 3}
  zones: {west: [B1, B2, B3], east: [D1, D2, D3]}
turns: 3
first: US
sides:
  US:
    setup: [west]
    units:
      - {id: us-hq, type: hq, cell: B1}
      - {id: us-1, type: rifle, cell: B2, steps: 3}
      - {id: us-2, type: rifle, cell: B3, steps: 3}
  German:
    setup: [east]
    units:
      - {id: de-hq, type: hq, cell: D1}
      - {id: de-1, type: rifle, cell: D2, steps: 3}
      - {id: de-2, type: mg, cell: D3}
objectives:
  - {id: ford, cell: C2, value: 2}
victory:
  vp: {per_elimination: 1}
  levels:
    - {result: US victory, if: {side: US, controls: [ford]}}
    - {result: German victory, if: {side: German, controls: [ford]}}
    - {result: Draw, otherwise: true}
"""


def skirmish_file(folder: Path) -> str:
    """The skirmish written as ``folder/skirmish.yaml``; returns its path."""
    path = folder / "skirmish.yaml"
    path.write_text(SKIRMISH, encoding="utf-8")
    return str(path)
