"""Shared fixtures: a headless matplotlib backend and a small map-text builder."""
from __future__ import annotations

import os

os.environ.setdefault("MPLBACKEND", "Agg")

import matplotlib  # noqa: E402

matplotlib.use("Agg")

import pytest  # noqa: E402
from hypothesis import HealthCheck, settings  # noqa: E402

# No per-example deadline: the suite runs on 2 busy cores. On CI (CI=true) the examples are
# derived from each test's name, so a submission's result does not depend on a random draw;
# locally hypothesis keeps exploring new examples.
settings.register_profile("wartools", deadline=None, suppress_health_check=[HealthCheck.too_slow],
                          derandomize=bool(os.environ.get("CI")), database=None if os.environ.get("CI") else
                          settings.default.database)
settings.load_profile("wartools")


@pytest.fixture(autouse=True)
def _close_figures():
    yield
    import matplotlib.pyplot as plt

    plt.close("all")
