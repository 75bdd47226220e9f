"""The daemon at run time: ``app`` opens the parts (``parts``, ``readers``) in order and runs the
main loop; events arrive through ``inbox`` (from buttons, ``tags`` and ``uievents``);
``session`` drives the active game (built by ``sessions``) and ``executor`` carries
out its effects; ``guard``, ``lock`` and ``notify`` keep it alive, alone and known to systemd."""
