"""Lessons behind the teaching notebooks (``notebooks/1x_<game>.ipynb``).

A lesson written as data lives in ``data/<game>.yaml`` (worked examples and
self-check questions); :mod:`wartools.lessons.runner` recomputes each answer
through the public API, fills the texts and builds the pictures and
:class:`wartools.widgets.SelfCheck` widgets. Every game's lesson is data: a new
worked example is a few lines of YAML, and the rules it needs live in
``wartools.games.<game>``.
"""
