"""The site under a strict content security policy, sent as a header as a host
would send it (from the built `_headers` file): no violation, and a hand plays."""

import functools
import http.server
import threading

import pytest

from site_server import SITE_HOST, Handler

PLAY = "[data-widget=play]"


@pytest.fixture
def strict_url(site_url, site_dir):
    policy = (site_dir / "_headers").read_text().split("Content-Security-Policy:", 1)[1].strip()
    assert policy.startswith("script-src 'self' 'wasm-unsafe-eval' 'sha256-")

    class Strict(Handler):
        def end_headers(self):
            self.send_header("Content-Security-Policy", policy)
            super().end_headers()

    server = http.server.ThreadingHTTPServer((SITE_HOST, 0), functools.partial(Strict, directory=str(site_dir)))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://{SITE_HOST}:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


def test_the_site_runs_under_a_strict_policy(new_page, strict_url):
    page = new_page(bypass_csp=False)
    page.add_init_script("""window.__violations = [];
      document.addEventListener("securitypolicyviolation",
        (e) => window.__violations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sample}`));""")
    page.goto(strict_url + "games/king/#play-1/42/")
    assert page.locator("meta[http-equiv=Content-Security-Policy]").count() == 1
    widget = page.locator(PLAY)
    page.wait_for_selector(f"{PLAY}.rw-play--your-turn")
    widget.locator("[data-zone=hand-0] .rw-card--legal").first.click()
    page.wait_for_function("() => document.querySelectorAll('[data-widget=play] [data-zone=hand-0] .rw-card').length === 12")
    # A page of another depth and its theme scripts, by instant navigation.
    page.locator(".md-sidebar--primary a[href$='games/yukon/']").click()
    page.locator("h1", has_text="Yukon").wait_for()
    page.goto(strict_url)
    page.wait_for_timeout(500)
    assert page.evaluate("window.__violations") == []
