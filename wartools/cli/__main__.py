"""``python -m wartools.cli``: the same as the ``wartools`` command."""
import sys

from wartools.cli.command import main

sys.exit(main())
