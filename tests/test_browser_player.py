"""The scenario widgets clicked in a real browser as a player clicks them (issue 25): the analyst
clicked twenty times at hex centres keeps its size and picks the hex under the mouse every time;
the scenario board moves a unit by clicks and its picture follows the text.

Where a hex's centre is on screen comes from the library's geometry and the figure's transform
(the same widget built here, with Agg: its layout is fixed, so figure fractions are the same),
scaled to the canvas' size on the page. Skipped only when no Chromium can be had (it says so).
Slow: run it alone."""
from __future__ import annotations

import re
from pathlib import Path

import numpy as np
import pytest
from matplotlib.colors import to_rgba

from browser import CHROMIUM_FLAGS, chromium_path, run_all_cells, running_lab

ROOT = Path(__file__).resolve().parents[1]
SHOTS = ROOT / "test-artifacts"

pytestmark = pytest.mark.skipif(
    chromium_path() is None,
    reason="Debian's chromium is not installed (scripts/install-browser.sh installs it as root)")


@pytest.fixture
def browser_page(request):
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path(), headless=True, args=CHROMIUM_FLAGS)
        page = browser.new_page(viewport={"width": 1500, "height": 1300})
        try:
            yield page
        except Exception:
            SHOTS.mkdir(exist_ok=True)
            page.screenshot(path=str(SHOTS / f"{request.node.name}-failed.png"))  # what the page showed
            raise
        finally:
            browser.close()


def fractions(canvas, labels, dx=0.0, dy=0.0):
    """Each hex centre (moved by ``dx, dy`` in the map's units) as fractions of the figure (x from
    the left, y from the top)."""
    canvas.ax.apply_aspect()
    width, height = canvas.figure.bbox.width, canvas.figure.bbox.height
    layout = canvas.map.grid.layout()
    out = {}
    for label in labels:
        cx, cy = layout.to_pixel(canvas.map.cell(label))
        x, y = canvas.ax.transData.transform((cx + dx, cy + dy))
        out[label] = (x / width, 1 - y / height)
    return out


def mpl_canvas(page):
    """The last ipympl figure on the page (its top canvas takes the mouse)."""
    canvas = page.locator(".jupyter-matplotlib-canvas-div canvas").last
    canvas.wait_for(timeout=120_000)
    page.wait_for_function("() => { const c = [...document.querySelectorAll("
                           "'.jupyter-matplotlib-canvas-div canvas')].pop(); "
                           "return c && c.getBoundingClientRect().width > 300; }", timeout=60_000)
    canvas.scroll_into_view_if_needed()
    page.wait_for_timeout(1000)
    return canvas


def click_at(page, canvas, fraction):
    box = canvas.bounding_box()
    page.mouse.click(box["x"] + fraction[0] * box["width"], box["y"] + fraction[1] * box["height"])
    return box


def pre_text(page, pattern, before=""):
    """The text of the first ``pre`` in a widget matching ``pattern`` that differs from ``before``."""
    return page.wait_for_function(
        "([p, before]) => { const e = [...document.querySelectorAll('.widget-html pre')]"
        ".find(e => new RegExp(p).test(e.textContent) && e.textContent !== before); "
        "return e ? e.textContent : null; }", arg=[pattern, before], timeout=60_000).json_value()


def test_the_analyst_clicked_twenty_times_keeps_its_size_and_picks_each_hex(tmp_path, browser_page):
    from wartools.scenario import load_position, load_scenario
    from wartools.widgets import ScenarioAnalyst

    s = load_scenario(ROOT / "scenarios" / "conflict-of-heroes-height-112.yaml")
    p = load_position(ROOT / "scenarios" / "positions" / "conflict-of-heroes-height-112.yaml", s)
    here = ScenarioAnalyst(s, p, side="Soviet")
    labels = ["B05", "H07", "C03", "J01", "A12", "E08", "G03", "D06", "F11", "I04"]
    where = fractions(here.canvas, labels)
    page = browser_page
    with running_lab(ROOT, tmp_path) as lab:
        run_all_cells(page, lab, "30_scenario_analysis.ipynb")
        pre_text(page, r"^B05: P\(hit\)")                 # the analyst has answered its first pick
        canvas = mpl_canvas(page)
        size = canvas.bounding_box()
        answer = ""
        for i in range(20):
            if i in (7, 14):  # ask another question and come back, as a player does
                for q in ("fire plan", "threat"):
                    page.locator(".widget-toggle-buttons button", has_text=q).last.click()
                    page.wait_for_timeout(1500)
            label = labels[i % len(labels)]
            box = click_at(page, canvas, where[label])
            answer = pre_text(page, rf"^{label}: P\(hit\)", answer if not answer.startswith(label) else "")
            assert answer.startswith(f"{label}: "), (i, label, answer)
            assert (round(box["width"]), round(box["height"])) == (round(size["width"]), round(size["height"])), i
        SHOTS.mkdir(exist_ok=True)
        page.wait_for_timeout(1500)
        page.locator(".jp-OutputArea-output").filter(has=canvas).last.screenshot(
            path=str(SHOTS / "player-analyst-after-20-clicks.png"))


def test_the_board_moves_a_unit_by_clicks_and_the_picture_follows(tmp_path, browser_page):
    from wartools.render.scenario import colours
    from wartools.scenario import load_scenario
    from wartools.widgets.scenario_board import ScenarioBoard

    s = load_scenario(ROOT / "scenarios" / "combat-infantry-saint-remy.yaml")
    here = ScenarioBoard(s)
    labels = [s.map.label(c) for c in s.map.grid.cells()]
    where = fractions(here.canvas, labels)
    # a point inside a counter, off its text (counters are 0.54 of a hex wide, centred)
    inside = fractions(here.canvas, labels, dx=-0.19, dy=0.2)
    page = browser_page
    with running_lab(ROOT, tmp_path) as lab:
        run_all_cells(page, lab, "20_scenarios.ipynb")
        canvas = mpl_canvas(page)
        page.wait_for_timeout(1500)
        # pick a unit from the list, as a player may, and read its legal moves from the *to* list
        def dropdown(name):
            return page.locator(".widget-dropdown").filter(has=page.locator("label", has_text=re.compile(f"^{name}$"))).last

        unit_box = dropdown("unit").locator("select")
        units = [o for o in unit_box.locator("option").all_text_contents() if o.startswith("us-")]
        moved = None
        to_box = dropdown("to")
        for uid in units:
            unit_box.select_option(uid)
            text = pre_text(page, rf"^{uid}: \d+ cells within")
            cells = int(re.search(r"(\d+) cells", text).group(1))
            if cells > 2:  # the *to* list follows: the legal moves, cheapest first
                page.wait_for_function("([el, n]) => el.options.length === n",
                                       arg=[to_box.locator("select").element_handle(), cells], timeout=30_000)
                choices = to_box.locator("option").all_text_contents()
                moved = uid
                break
        assert moved, "no US unit with a move"
        choices = [c.replace("\xa0", " ") for c in choices]
        start = choices[0].split(" ")[0]
        goal = choices[len(choices) // 2].split(" ")[0]
        before = canvas.screenshot()
        # the move by a click on the goal's centre (the unit is selected)
        click_at(page, canvas, where[goal])
        pre_text(page, rf"^{moved} moves to {goal} ")
        page.wait_for_timeout(2500)
        after = canvas.screenshot()
        assert after != before, "the picture did not change after the move"
        # the counter is drawn in the goal hex now, in its side's colour, and gone from the start
        from PIL import Image

        picture = np.asarray(Image.open(__import__("io").BytesIO(after)).convert("RGB")).astype(int)
        height, width = picture.shape[:2]
        side = colours(s)[s.unit(moved).side]
        want = np.array(to_rgba(side)[:3]) * 255
        fx, fy = inside[goal]
        got = picture[int(fy * height), int(fx * width)]
        assert np.abs(got - want).max() <= 20, (goal, got, want)
        fx, fy = inside[start]
        assert np.abs(picture[int(fy * height), int(fx * width)] - want).max() > 20, "still drawn at the start"
        # ending the turn: the text and the picture's title change together
        page.locator(".widget-button", has_text="end game turn").last.click()
        pre_text(page, r"game turn \d+ ends; game turn \d+ begins")
        page.wait_for_timeout(2000)
        assert canvas.screenshot() != after
        SHOTS.mkdir(exist_ok=True)
        page.locator(".jp-OutputArea-output").filter(has=canvas).last.screenshot(
            path=str(SHOTS / "player-board-after-a-move.png"))
