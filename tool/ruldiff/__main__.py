"""``python -m ruldiff``: the same as the ``ruldiff`` command."""

from .cli import main

main(prog_name="ruldiff")
