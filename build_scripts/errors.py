"""The one kind of error a source can have: ``file:line: what is wrong``."""

import os
from dataclasses import dataclass


@dataclass(frozen=True, order=True)
class SourceError:
    path: str
    line: int
    message: str

    def __str__(self):
        return f"{display_path(self.path)}:{self.line}: {self.message}"


def display_path(path):
    """``path`` relative to the working directory when it lies below it, so
    messages read ``docs/games/<id>.md:12`` and editors can jump to them."""
    path = os.fspath(path)
    try:
        relative = os.path.relpath(path)
    except ValueError:  # another drive on Windows
        return path
    return path if relative.startswith("..") else relative


class SourceErrors(Exception):
    """Raised when one or more sources are broken; ``str()`` lists them all."""

    def __init__(self, errors):
        self.errors = sorted(errors)
        super().__init__("\n".join(str(error) for error in self.errors))
