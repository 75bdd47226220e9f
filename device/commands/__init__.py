"""The ``mothership`` command line: ``cli`` dispatches to one module per job (tags, doctor, demo,
wiring, export, the One Night preview)."""
