"""The built site in a real browser: Debian's Chromium driven by Playwright,
served from 127.0.0.1, where any request to another host fails the test."""

from pathlib import Path

import pytest

from site_server import CHROMIUM, INSTANT_PACE, SiteBuildError, SiteServer, build_site, is_site_request, launch_chromium

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
        pytest.fail(f"{CHROMIUM} is missing: `make test` installs Debian's Chromium headless shell (apt-get install chromium-headless-shell)")
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


def _new_page(browser, java_script_enabled=True, width=1280, bypass_csp=True, touch=False, instant=True):
    # The pages' own content security policy would refuse the scripts tests add (axe-core);
    # test_csp.py opens pages under it. ``touch``: a phone's screen, 390x844, touched. ``instant``:
    # the bots play at once (INSTANT_PACE); False for the tests of their pace.
    screen = dict(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True) if touch else \
        dict(viewport={"width": width, "height": 1000})
    context = browser.new_context(**screen, java_script_enabled=java_script_enabled, bypass_csp=bypass_csp)
    if instant:
        context.add_init_script(INSTANT_PACE)
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


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item, call):
    report = (yield).get_result()
    if report.failed:
        item.rw_failed = True


def visit(page, url):
    """Goes to ``url`` as a reader following a link: by the theme's instant navigation when
    ``page`` already shows a page of the site (the engine worker keeps running, so the next
    table deals in some 0.3 s rather than after a Python start of 1.7 s), else by loading it.
    A shared position (``#play-1/SEED/CODE``) is always loaded: once, in a fresh run, a table
    reached by instant navigation did not open at its position (Umtali's meld by touch)."""
    if "#" in url or not page.evaluate(
            "() => Boolean(window.document$ && document.querySelector('article.md-content__inner'))"):
        page.goto(url)
        return
    page.evaluate("""(url) => {
        document.querySelector("article.md-content__inner").dataset.left = "1";
        const link = Object.assign(document.createElement("a"), { href: url, textContent: "next" });
        document.body.append(link);
        link.click();
        link.remove();
    }""", url)
    page.wait_for_selector("article.md-content__inner:not([data-left])", state="attached")
    page.wait_for_selector("article.md-content__inner[data-left]", state="detached")


class ReaderPages:
    """Pages kept open from test to test of one worker, one per name (a test's own, so that no
    test finds a game another test left on a page): a test of every game's table goes from one
    game page to the next as a reader does, by ``page.visit(url)``. A page whose test failed, or
    that logged an error, is closed, and the next test opens a fresh one."""

    def __init__(self, browser):
        self.browser = browser
        self.open = {}

    def get(self, name, **settings):
        if name not in self.open:
            context, page, watch = _new_page(self.browser, **settings)
            page.watch = watch
            page.visit = lambda url: visit(page, url)
            self.open[name] = (context, page, watch)
        return self.open[name][1]

    def release(self, name, failed):
        context, page, watch = self.open[name]
        problems = list(watch.foreign), list(watch.errors)
        watch.foreign.clear()
        watch.errors.clear()
        if failed or any(problems):
            del self.open[name]
            context.close()
        return problems

    def close(self):
        for context, _, _ in self.open.values():
            context.close()
        self.open.clear()


@pytest.fixture(scope="session")
def reader_pages(browser):
    pages = ReaderPages(browser)
    yield pages
    pages.close()


@pytest.fixture
def reader_page(reader_pages, request):
    """``reader_page(name, **settings)``: the page ``name`` kept open across this worker's tests
    (settings as ``new_page``'s, plus ``touch=True`` for a phone's touch screen), with
    ``page.visit(url)``."""
    used = []

    def get(name, **settings):
        used.append(name)
        return reader_pages.get(name, **settings)

    yield get
    for name in dict.fromkeys(used):
        foreign, errors = reader_pages.release(name, getattr(request.node, "rw_failed", False))
        assert not foreign, f"requests left 127.0.0.1: {foreign}"
        assert not errors, f"console errors: {errors}"
