"""The built site served where it was not built for: another port of 127.0.0.1,
as `python -m http.server` would serve it. Instant navigation still works."""

import pytest

from site_server import SiteServer
from test_widgets import navigate_king_to_yukon_instantly

@pytest.fixture
def elsewhere(site_url, site_dir):
    with SiteServer(site_dir) as server:
        assert server.url != site_url
        yield server.url

def test_instant_navigation_on_another_port(elsewhere, page):
    # ``elsewhere`` first: its server then outlives the page, whose engine may still be loading.
    navigate_king_to_yukon_instantly(page, elsewhere)
    # Back to King instantly too, by the browser's Back button.
    page.go_back()
    page.locator("h1", has_text="King").wait_for()
    assert page.evaluate("window.__sameDocument") is True
