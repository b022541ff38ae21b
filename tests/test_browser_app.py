"""The Voila web app (``make app``) in a real browser: no code is shown, and a click on the line of
sight map sets the target and changes the answer. Skipped only when no Chromium can be had."""
from __future__ import annotations

import re
import time
from pathlib import Path

import pytest

from browser import CHROMIUM_FLAGS, chromium_path, running_voila

ROOT = Path(__file__).resolve().parents[1]
ARTIFACTS = ROOT / "test-artifacts"

pytestmark = pytest.mark.skipif(
    chromium_path() is None,
    reason="Debian's chromium is not installed (scripts/install-browser.sh installs it as root)")


def test_the_voila_app_answers_a_click_on_the_map(tmp_path):
    from playwright.sync_api import sync_playwright

    with running_voila(ROOT, tmp_path) as app, sync_playwright() as pw:
        browser = pw.chromium.launch(executable_path=chromium_path(), headless=True, args=CHROMIUM_FLAGS)
        try:
            page = browser.new_page(viewport={"width": 1500, "height": 1300})
            started = time.monotonic()
            page.goto(app.url, timeout=180_000)
            info = page.locator(".widget-html pre").filter(has_text="sees").first
            info.wait_for(timeout=180_000)
            page.wait_for_function(  # the map of the line-of-sight tab has been drawn
                "() => [...document.querySelectorAll('.jupyter-matplotlib-canvas-div canvas')]"
                ".some(c => c.getBoundingClientRect().width > 0)", timeout=120_000)
            canvas = page.locator(".jupyter-matplotlib-canvas-div canvas").filter(visible=True).last  # mouse layer
            ready = time.monotonic() - started
            before = info.inner_text()
            observer = re.match(r"([A-Z]+[0-9]+) sees", before)
            assert observer and "->" not in before, before
            # Voila shows the widgets and the prose, never the code
            shown = page.inner_text("body")
            assert "wartools: line of sight and scenario analysis" in shown
            assert "import" not in shown and "def explorer_for" not in shown
            assert page.get_by_text("Scenario analyst").count() >= 1
            page.wait_for_timeout(1500)  # let the canvas paint
            picture = canvas.screenshot()
            box = canvas.bounding_box()
            assert box is not None
            # the whole map, its key included, is on the page (issue 25.7: the key was cut off)
            assert box["x"] + box["width"] <= 1500, box
            assert page.evaluate("() => document.scrollingElement.scrollWidth <= 1500")
            clicked = time.monotonic()
            page.mouse.click(box["x"] + box["width"] * 0.5, box["y"] + box["height"] * 0.5)
            page.wait_for_function(
                "o => [...document.querySelectorAll('.widget-html pre')].some("
                "e => new RegExp('^' + o + ' sees').test(e.textContent) && new RegExp(o + ' -> [A-Z]+[0-9]+:').test(e.textContent))",
                arg=observer.group(1), timeout=60_000)
            answered = time.monotonic() - clicked
            page.wait_for_timeout(1500)
            assert canvas.screenshot() != picture, "the map did not change after the click"
            print(f"\nVoila app: page to first answer {ready:.1f} s, click to new answer {answered:.2f} s")
            ARTIFACTS.mkdir(exist_ok=True)
            page.screenshot(path=str(ARTIFACTS / "voila-app.png"))
        finally:
            browser.close()
