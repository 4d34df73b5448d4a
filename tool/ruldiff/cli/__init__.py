"""The command line: the only importer of click, one module per command.

    ruldiff OLD NEW [--format text|md|html|json|context] [--stat] [-o FILE] [--exit-code]
    ruldiff parse FILE    ruldiff schema    ruldiff check FILE | OLD NEW
    ruldiff history FILES...    ruldiff trace RULE FILES...    ruldiff review OLD NEW

- main.py: the group, `run` (the console script), and the one place where
  errors become a line on stderr and an exit status;
- diff.py, parse.py, schema.py, check.py, history.py, trace.py, review.py:
  one command each, wiring its options to the layers below;
- options.py: options shared by several commands; read.py: a command's
  documents, with the warnings on how they were read; output.py: where
  ``-o`` and standard output are written.

Reading inputs (files, standard input, sizes) is documents/load.py's.
"""

from .main import run

__all__ = ["run"]
