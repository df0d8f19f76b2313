"""Build steps for the site.

The rules sources: ``source.py`` parses a game's page, ``validate.py``
checks it against the engine (``python -m build_scripts.validate``),
``render.py`` turns it into Markdown with ``diagrams.py``' drawings,
``indexes.py`` writes the generated lists, ``glossary.py`` links terms, and
``doctests.py`` runs the snippets. These are plain Python that know nothing
of MkDocs: ``hooks.py`` is the one thin layer MkDocs calls, so moving to
another generator means rewriting that file alone.
"""
