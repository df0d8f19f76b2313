"""Shared fixtures for the site's tests: one strict build per session."""

import pytest

from build_scripts import check_cache

from site_helpers import DOCS, run_mkdocs, snapshot


@pytest.fixture(scope="session")
def built_site(tmp_path_factory):
    """The site built with ``mkdocs build --strict`` into a temporary folder,
    and whether the build changed anything in docs/."""
    site = tmp_path_factory.mktemp("site")
    before = snapshot(DOCS)
    with check_cache.one_build_at_a_time():
        result = run_mkdocs("build", "--strict", "--site-dir", str(site))
    assert result.returncode == 0, f"the strict build failed:\n{result.stdout}\n{result.stderr}"
    return {"site": site, "docs_before": before, "docs_after": snapshot(DOCS), "log": result.stderr}
