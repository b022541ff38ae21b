"""Lessons behind the teaching notebooks (``notebooks/1x_<game>.ipynb``).

A lesson written as data lives in ``data/<game>.yaml`` (worked examples and
self-check questions); :mod:`wartools.lessons.runner` recomputes each answer
through the public API, fills the texts and builds the pictures and
:class:`wartools.widgets.SelfCheck` widgets. Games not yet converted keep one
module per game with the same content as code.
"""
