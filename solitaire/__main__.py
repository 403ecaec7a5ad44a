"""``python -m solitaire``: the same as ``cribsol``."""

import sys

from solitaire.cli import main

sys.exit(main())
