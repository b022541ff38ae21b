"""Lessons behind the teaching notebooks (``notebooks/1x_<game>.ipynb``).

One module per game holds the worked examples (small maps, recomputed live),
the interactive experiments and the self-check questions of its notebook, so
the tests can call them directly. A question's right answer is always
computed by the library (see :class:`wartools.widgets.SelfCheck`).
"""
