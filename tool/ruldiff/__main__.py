"""``python -m ruldiff``: the same as the ``ruldiff`` command."""

from .cli import run

run()
