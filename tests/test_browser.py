"""End to end in a real browser: JupyterLab serves the notebooks, headless Chromium runs them,
and the widgets respond to the user. Skipped only when no Chromium can be had (it says so)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from browser import CHROMIUM_FLAGS, chromium_path, run_all_cells, running_lab

ROOT = Path(__file__).resolve().parents[1]
ARTIFACTS = ROOT / "test-artifacts"

pytestmark = pytest.mark.skipif(
    chromium_path() is None,
    reason="Debian's chromium is not installed (scripts/install-browser.sh installs it as root)")


@pytest.fixture
def browser_page():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path(), headless=True, args=CHROMIUM_FLAGS)
        page = browser.new_page(viewport={"width": 1500, "height": 1300})
        try:
            yield page
        finally:
            browser.close()


def test_odds_calculator_responds_in_jupyterlab(tmp_path, browser_page):
    page = browser_page
    with running_lab(ROOT, tmp_path) as lab:
        run_all_cells(page, lab, "03_combat_odds.ipynb")
        header = page.get_by_text("Company of Heroes: exact odds")
        header.wait_for(timeout=180_000)
        status = page.locator(".widget-html pre").filter(has_text="defense dice").first
        status.wait_for(timeout=60_000)
        before = status.inner_text()
        assert re.search(r"rolls 1 defense dice", before), before
        page.get_by_text("infantry in a building: +2 defense dice").click()
        page.wait_for_function(
            "() => [...document.querySelectorAll('.widget-html pre')].some(e => /rolls 3 defense dice/.test(e.textContent))",
            timeout=30_000)
        ARTIFACTS.mkdir(exist_ok=True)
        header.scroll_into_view_if_needed()
        page.screenshot(path=str(ARTIFACTS / "odds-calculator.png"))


def test_los_explorer_follows_a_new_observer_in_jupyterlab(tmp_path, browser_page):
    page = browser_page
    with running_lab(ROOT, tmp_path) as lab:
        run_all_cells(page, lab, "01_line_of_sight.ipynb")
        info = page.locator(".widget-html pre").filter(has_text="sees").last
        info.wait_for(timeout=180_000)
        assert "C4 sees" in info.inner_text()
        figure = page.locator(".jupyter-matplotlib-figure, .jupyter-matplotlib").last
        figure.wait_for(timeout=60_000)
        page.wait_for_timeout(1500)  # let the canvas paint
        before = figure.screenshot()
        page.locator(".widget-dropdown", has_text="observer").last.locator("select").select_option("L8")
        page.wait_for_function(
            "() => [...document.querySelectorAll('.widget-html pre')].some(e => /^L8 sees/.test(e.textContent))",
            timeout=30_000)
        page.wait_for_timeout(1500)
        after = figure.screenshot()
        assert after != before, "the map did not change after choosing a new observer"
        # a real mouse click on the map (ipympl sends it to the kernel) sets the target
        page.locator(".jupyter-matplotlib-canvas-div canvas").last.click()
        page.wait_for_function(
            "() => [...document.querySelectorAll('.widget-html pre')].some("
            "e => /^L8 sees/.test(e.textContent) && /L8 -> (?!H8)[A-Z]+[0-9]+:/.test(e.textContent))",
            timeout=30_000)
        ARTIFACTS.mkdir(exist_ok=True)
        page.locator(".jp-OutputArea-output").last.screenshot(path=str(ARTIFACTS / "los-explorer.png"))
