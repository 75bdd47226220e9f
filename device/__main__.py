"""``python -m device``: the same as the ``mothership`` command."""

from device.commands.cli import main

raise SystemExit(main())
