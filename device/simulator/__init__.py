"""The simulator: ``run`` plays a ``scenario`` on the daemon's own loop and writes its
transcript (``device.transcript``); ``testinput`` feeds scenario events to a running daemon
(the chaos test's input folder)."""
