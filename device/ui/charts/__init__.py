"""Score log charts: the chart ``screens``, and ``plot``, which turns plays into their views and
draws them to PNG files with the same screens."""
