"""The simulator: ``run`` plays a ``scenario`` on the daemon's own loop and writes its
``transcript``."""
