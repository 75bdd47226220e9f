"""``python -m device``: the same as the ``mothership`` command."""

from device.cli import main

raise SystemExit(main())
