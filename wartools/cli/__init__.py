"""The ``wartools`` command line, one module per family of subcommands.

:mod:`~wartools.cli.command` builds the parser and runs it (:func:`main`);
:mod:`~wartools.cli.common` holds what every subcommand shares (``--option``, loading the
map); :mod:`~wartools.cli.help` the examples of each ``--help``; the others add their
subcommands: ``los``/``viewshed`` (:mod:`~wartools.cli.los`), ``reach``/``path``
(:mod:`~wartools.cli.move`), ``odds`` (:mod:`~wartools.cli.odds`), ``games``/``schema``
(:mod:`~wartools.cli.format`), ``import-vassal``/``export`` (:mod:`~wartools.cli.interop`),
``scenario``/``victory`` (:mod:`~wartools.cli.scenario`) and the scenario analyses
(:mod:`~wartools.cli.analysis`).

Examples
--------
>>> main(["odds", "conflict-of-heroes", "--firepower", "4", "--defense", "12"])
AV = 2D6 + 4 against DV 12: P(hit) = 5/12 (0.4167)
0
"""
from __future__ import annotations

from wartools.cli.command import build_parser, main

__all__ = ["build_parser", "main"]
