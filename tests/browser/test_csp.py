"""The site under its strict content security policy, sent as a header as a host would send it
(the test server applies the built `_headers` file): no violation, and a hand plays."""

PLAY = "[data-widget=play]"


def test_the_site_runs_under_a_strict_policy(new_page, site_url):
    page = new_page(bypass_csp=False)
    page.add_init_script("""window.__violations = [];
      document.addEventListener("securitypolicyviolation",
        (e) => window.__violations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sample}`));""")
    response = page.goto(site_url + "games/king/#play-1/42/")
    assert response.headers["content-security-policy"].startswith("script-src 'self' 'wasm-unsafe-eval' 'sha256-")
    assert page.locator("meta[http-equiv=Content-Security-Policy]").count() == 1
    widget = page.locator(PLAY)
    page.wait_for_selector(f"{PLAY}.rw-play--your-turn")
    widget.locator("[data-zone=hand-0] .rw-card--legal").first.click()
    page.wait_for_function("() => document.querySelectorAll('[data-widget=play] [data-zone=hand-0] .rw-card').length === 12")
    # A page of another depth and its theme scripts, by instant navigation.
    page.locator(".md-sidebar--primary a[href$='games/yukon/']").click()
    page.locator("h1", has_text="Yukon").wait_for()
    page.goto(site_url)
    page.wait_for_load_state("networkidle")   # whatever the page loads, it has loaded
    assert page.evaluate("window.__violations") == []
