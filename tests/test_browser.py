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


def _statuses(page) -> str:
    return page.evaluate("() => [...document.querySelectorAll('.widget-html')]"
                         ".map(e => e.textContent).join(' / ')")


def test_map_editor_paints_a_cell_and_toggles_a_hexside_by_clicking(tmp_path, browser_page):
    page = browser_page
    page.set_viewport_size({"width": 1280, "height": 1000})  # the editor fits a 1,280 px page (issue 25.4)
    with running_lab(ROOT, tmp_path) as lab:
        run_all_cells(page, lab, "40_map_editor.ipynb")
        page.locator(".widget-html pre").filter(has_text="My scanned board").first.wait_for(timeout=180_000)
        # the last cell has run (it saved the map): the editor is the last figure on the page
        # (the cell's printed output, not its source, which has the same words)
        page.locator(".jp-OutputArea-output").filter(has_text="the picture under it:").first.wait_for(
            timeout=120_000)
        canvas = page.locator(".jupyter-matplotlib-canvas-div canvas").last
        canvas.scroll_into_view_if_needed()
        # the figure is laid out (it has a size) before we aim at points of it
        page.wait_for_function("() => { const c = [...document.querySelectorAll("
                               "'.jupyter-matplotlib-canvas-div canvas')].pop(); "
                               "return c && c.getBoundingClientRect().width > 300; }", timeout=60_000)
        page.wait_for_timeout(1500)
        before = canvas.screenshot()
        box = canvas.bounding_box()
        assert box is not None and box["width"] > 300, box
        # the whole editor is on the page: the map with its title and key, and the lines under it
        output = page.locator(".jp-OutputArea-output").filter(has=canvas).last
        whole = output.bounding_box()
        assert whole is not None and box["x"] + box["width"] <= 1280 and whole["x"] + whole["width"] <= 1280, whole
        assert page.evaluate("(el) => el.scrollWidth <= el.clientWidth + 1", output.element_handle()), \
            "the editor is wider than its output area"
        status = output.locator(".widget-html").last.bounding_box()
        assert status is not None and status["x"] + status["width"] <= 1280
        # paint: a real click in the middle of the map paints the hex under it with woods
        canvas.click(position={"x": box["width"] * 0.45, "y": box["height"] * 0.5})
        page.wait_for_function(
            "() => [...document.querySelectorAll('.widget-html pre')].some("
            "e => /^paint: (?!C3:)[A-Z]+[0-9]+: woods/.test(e.textContent))", timeout=30_000)
        page.wait_for_timeout(1500)
        painted = canvas.screenshot()
        assert painted != before, "the map did not change after painting a hex"
        # hexside: switch to the edge tool, then click along a row until a click lands near a hexside
        edge_tool = page.locator(".widget-toggle-buttons button", has_text="edge").last
        edge_tool.click()
        page.wait_for_timeout(1000)
        assert "mod-active" in (edge_tool.get_attribute("class") or ""), _statuses(page)
        added, answer = False, ""
        for step in range(24):
            # along the row of the painted hex, from a little left of it: on the board all the way
            canvas.click(position={"x": box["width"] * 0.45 - 40 + 5 * step, "y": box["height"] * 0.5})
            try:  # each click answers: a hexside toggled, or how far away the nearest one is
                answer = page.wait_for_function(
                    "(before) => { const e = [...document.querySelectorAll('.widget-html pre, .widget-html span')]"
                    ".find(e => /^edge: /.test(e.textContent)); "
                    "return e && e.textContent !== before ? e.textContent : null; }",
                    arg=answer, timeout=30_000).json_value()
            except Exception as exc:
                raise AssertionError(f"no answer to a click with the edge tool: {_statuses(page)}") from exc
            if re.match(r"edge: [A-Z]+[0-9]+\|[A-Z]+[0-9]+: hedge added", answer):
                added = True
                break
            assert "no hexside or interspace near that point" in answer, answer
        assert added, "no click along the row toggled a hexside"
        page.wait_for_timeout(1500)
        assert canvas.screenshot() != painted, "the map did not change after toggling a hexside"
        ARTIFACTS.mkdir(exist_ok=True)
        page.locator(".jp-OutputArea-output").filter(has=canvas).last.screenshot(
            path=str(ARTIFACTS / "map-editor.png"))
