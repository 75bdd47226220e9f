"""Score entry on the touchscreen: ``entry`` builds a game's score entries field by field from its
registry entry, and ``screen`` draws the keypad."""
