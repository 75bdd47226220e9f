"""The ``mothership`` command line: ``cli`` dispatches to one module per job (``service`` for
``mothership run``, tags, doctor, demo, wiring, export, the One Night preview)."""
