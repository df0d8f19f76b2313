"""Doctests that passed are remembered by what they depend on (build_scripts/check_cache.py):
a later build skips them, a failure is reported every time, and a change to the snippets or
the engine runs them again."""

from build_scripts import check_cache
from build_scripts.doctests import Snippet
from build_scripts.source import parse_source
from build_scripts.validate import check_game

from site_helpers import FIXTURES
from test_parts import FIXTURE_SPEC, SPECS

PASSING = [Snippet(1, ">>> 1 + 1\n2\n")]


def test_a_pass_is_remembered_by_the_snippets_and_the_engine(tmp_path, monkeypatch):
    monkeypatch.setenv("RULES_SITE_CHECK_CACHE", str(tmp_path))
    key = check_cache.snippets_key(PASSING, "engine-1")
    assert not check_cache.passed_before(key)
    check_cache.remember_pass(key)
    assert check_cache.passed_before(key)
    assert not check_cache.passed_before(check_cache.snippets_key(PASSING, "engine-2"))
    assert not check_cache.passed_before(check_cache.snippets_key([Snippet(1, ">>> 1 + 2\n3\n")], "engine-1"))
    monkeypatch.setenv("RULES_SITE_NO_CHECK_CACHE", "1")
    assert not check_cache.passed_before(key)


def test_a_page_is_checked_once_and_a_failure_every_time(tmp_path, monkeypatch):
    cache = tmp_path / "checks"
    monkeypatch.setenv("RULES_SITE_CHECK_CACHE", str(cache))
    page = FIXTURES / "valid.md"
    first = check_game(parse_source(page, game_id="yukon"), SPECS, spec=FIXTURE_SPEC)
    assert first.errors == [] and len(list(cache.iterdir())) == 1

    ran = []
    monkeypatch.setattr("build_scripts.validate.run_snippets", lambda *args: ran.append(args) or [])
    again = check_game(parse_source(page, game_id="yukon"), SPECS, spec=FIXTURE_SPEC)
    assert again.errors == [] and ran == []   # remembered: not run again

    broken = tmp_path / "broken.md"
    broken.write_text(page.read_text().replace(">>> ", ">>> 0 and ", 1))
    monkeypatch.undo()
    monkeypatch.setenv("RULES_SITE_CHECK_CACHE", str(cache))
    for _ in range(2):
        failed = check_game(parse_source(broken, game_id="yukon"), SPECS, spec=FIXTURE_SPEC)
        assert any("doctest" in str(error) for error in failed.errors)
    assert len(list(cache.iterdir())) == 1   # no pass noted for the broken copy
