"""The built site in a real browser: Debian's Chromium driven by Playwright,
served from 127.0.0.1, where any request to another host fails the test."""

from pathlib import Path

import pytest

from site_server import CHROMIUM, SiteBuildError, SiteServer, build_site, is_site_request, launch_chromium

ENGINE_TIMEOUT_MS = 60_000


@pytest.fixture(scope="session")
def site_dir(tmp_path_factory):
    """The folder ``site_url`` serves (tests serve it again elsewhere, or with other headers)."""
    return tmp_path_factory.mktemp("browser-site")


@pytest.fixture(scope="session")
def site_server(site_dir):
    """The site built for, and served at, a free port of 127.0.0.1 (instant
    navigation only follows links whose address, port included, is the site's)."""
    server = SiteServer(site_dir)
    try:
        build_site(site_dir, server.url)
    except SiteBuildError as error:
        server.stop()
        pytest.fail(f"the site does not build:\n{error}")
    with server:
        yield server


@pytest.fixture(scope="session")
def site_url(site_server):
    return site_server.url


@pytest.fixture(scope="session")
def browser():
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: `make test` installs Debian's chromium (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        yield browser
        browser.close()


class Watch:
    """What a page did that a test must not allow: console errors, uncaught
    exceptions, requests to any host but 127.0.0.1."""

    def __init__(self, page):
        self.errors = []
        self.foreign = []
        page.on("console", lambda message: message.type == "error" and self.errors.append(message.text))
        page.on("pageerror", lambda error: self.errors.append(str(error)))
        page.route("**/*", self._route)

    def _route(self, route):
        if is_site_request(route.request.url):
            route.continue_()
        else:
            self.foreign.append(route.request.url)
            route.abort()


def _new_page(browser, java_script_enabled=True, width=1280, bypass_csp=True):
    # The pages' own content security policy would refuse the scripts tests add (axe-core);
    # test_csp.py opens pages under it.
    context = browser.new_context(viewport={"width": width, "height": 1000}, java_script_enabled=java_script_enabled,
                                  bypass_csp=bypass_csp)
    page = context.new_page()
    page.set_default_timeout(ENGINE_TIMEOUT_MS)
    return context, page, Watch(page)


@pytest.fixture
def page(browser):
    context, page, watch = _new_page(browser)
    page.watch = watch
    yield page
    context.close()
    assert not watch.foreign, f"requests left 127.0.0.1: {watch.foreign}"
    assert not watch.errors, f"console errors: {watch.errors}"


@pytest.fixture
def new_page(browser):
    """A factory for pages with other settings (JavaScript off, a phone's width)."""
    opened = []

    def make(**settings):
        context, page, watch = _new_page(browser, **settings)
        page.watch = watch
        opened.append((context, watch))
        return page

    yield make
    for context, watch in opened:
        context.close()
        assert not watch.foreign and not watch.errors, (watch.foreign, watch.errors)
