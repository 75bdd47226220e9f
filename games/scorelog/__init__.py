"""Score log: play shape, stats and charts (pure)."""
