"""The built site served where it was not built for: another port of 127.0.0.1,
as `python -m http.server` would serve it. Instant navigation still works."""

import re

import pytest

from site_server import SiteServer

PLAY = "[data-widget=play]"


@pytest.fixture
def elsewhere(site_url, site_dir):
    with SiteServer(site_dir) as server:
        assert server.url != site_url
        yield server.url


def test_instant_navigation_on_another_port(page, elsewhere):
    page.goto(elsewhere + "games/king/")
    page.locator(PLAY).scroll_into_view_if_needed()
    page.wait_for_selector(f"{PLAY}.rw-play--your-turn")
    page.evaluate("window.__sameDocument = true")
    page.locator(".md-sidebar--primary a[href$='games/yukon/']").click()
    page.wait_for_url(re.compile(r"games/yukon/"))
    page.locator("h1", has_text="Yukon").wait_for()
    page.locator(f"{PLAY}[data-game=yukon]").scroll_into_view_if_needed()
    page.wait_for_selector(f"{PLAY}.rw-play--your-turn")
    assert page.evaluate("window.__sameDocument") is True
    assert page.evaluate("window.rulesEngineStatus.workersStarted") == 1
    # Back to King instantly too, by the browser's Back button.
    page.go_back()
    page.locator("h1", has_text="King").wait_for()
    assert page.evaluate("window.__sameDocument") is True
