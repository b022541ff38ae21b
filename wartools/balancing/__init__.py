"""Balance from seeded playouts: who wins a scenario how often, by which result, and why.

:func:`balance` plays a scenario out many times with the game's own turn rules and the named
bots (:mod:`wartools.play`), each playout from its own child of one ``numpy.random.SeedSequence``,
on an executor of your choice (in-process, local processes, a Dask ``LocalCluster`` or a running
Dask scheduler), and counts the outcomes in playout order into a :class:`Balance`: each side's
P(win) and each graded result with its 95 % Wilson interval (:func:`wilson`), the mean VP, the
playouts a given precision needs (:func:`playouts_for`), and the turning points (the recorded
events whose occurrence moves a win rate most). The same seed gives the same answer, whoever
plays it. ``docs/playouts.md`` shows how to run it on a cluster.

Examples
--------
>>> from wartools.balancing import wilson
>>> wilson(31, 100).text()
'31.0% (22.8%-40.6%)'
"""
from __future__ import annotations

from wartools.balancing.answer import Balance, TurningPoint, tally, turning_points
from wartools.balancing.intervals import Interval, playouts_for, wilson
from wartools.balancing.outcome import Outcome, outcome_of
from wartools.balancing.run import balance, iter_balance
from wartools.balancing.sequential import Sequential

__all__ = ["Balance", "Interval", "Outcome", "Sequential", "TurningPoint", "balance", "iter_balance",
           "outcome_of", "playouts_for", "tally", "turning_points", "wilson"]
