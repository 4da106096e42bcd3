"""`python -m lorekeeper verify FILE` and `python -m lorekeeper demo` (see cli.py)."""

import sys

from lorekeeper.cli import main

sys.exit(main())
