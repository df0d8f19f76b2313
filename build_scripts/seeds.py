"""The texts the games' rules come from, for the check on notes that change them.

They live beside the project, not in it: ``../shared/GAMES.md`` lists every
game with the seed texts that hold its rules (``seed`` column: ``000, 002``
for ``seeds/000_*.txt`` and ``seeds/002_*.txt``), or, for a game from the
articles, the article that only names it (its rules come from a published
reference, so there is no text to quote from). A clone without that folder
cannot check quotations, and says so instead of failing.
"""

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

SHARED = Path(__file__).resolve().parent.parent.parent / "shared"
QUOTE_MARKS = str.maketrans({"“": '"', "”": '"', "„": '"', "‟": '"', "″": '"',
                             "‘": "'", "’": "'", "‚": "'", "‛": "'", "′": "'"})


@dataclass(frozen=True)
class GameTexts:
    """A game's seed texts by file name, or, when there are none to check against, why."""
    texts: dict
    reason: str = None

    def holds(self, words):
        """Whether ``words`` occur in one of the texts, whitespace and quote marks aside."""
        wanted = normalise(words)
        return any(wanted in text for text in self.texts.values())


def normalise(text):
    text = unicodedata.normalize("NFC", text).translate(QUOTE_MARKS)
    return re.sub(r"\s+", " ", text).strip()


def texts_for(game_id, shared=SHARED):
    """The :class:`GameTexts` of ``game_id``, read from ``shared`` (``GAMES.md`` and ``seeds/``)."""
    games, articles, problem = _listing(str(shared))
    if problem:
        return GameTexts({}, problem)
    if game_id in articles:
        return GameTexts({}, f"'{game_id}' is an article game ({articles[game_id]}): its rules come from a "
                             f"published reference, not from a seed text")
    if game_id not in games:
        return GameTexts({}, f"{Path(shared) / 'GAMES.md'} does not list '{game_id}', so its seed text is unknown")
    texts = {}
    for number in games[game_id]:
        found = sorted((Path(shared) / "seeds").glob(f"{number}_*.txt"))
        if not found:
            return GameTexts({}, f"seed {number}, which GAMES.md gives for '{game_id}', is not in "
                                 f"{Path(shared) / 'seeds'}")
        texts[found[0].name] = _read(str(found[0]))
    return GameTexts(texts)


@lru_cache(maxsize=8)
def _read(path):
    return normalise(Path(path).read_text(encoding="utf-8"))


@lru_cache(maxsize=4)
def _listing(shared):
    """``(seeds by game id, article by game id, why there is no listing)`` from GAMES.md's tables:
    a table with an ``id`` and a ``seed`` column, and one with an ``id`` and an ``article`` column."""
    path = Path(shared) / "GAMES.md"
    if not path.is_file():
        return {}, {}, f"the seed texts are not beside the project ({path} is missing)"
    games, articles, header = {}, {}, None
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.startswith("|"):
            header = None
            continue
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if header is None:
            header = [cell.split(" ")[0].lower() for cell in cells]
            continue
        if set(line) <= set("|-: "):
            continue
        row = dict(zip(header, cells))
        if "id" not in row:
            continue
        if "seed" in row:
            games[row["id"]] = re.findall(r"\d+", row["seed"])
        elif "article" in row:
            articles[row["id"]] = f"the {row['article']} article"
    return games, articles, None
