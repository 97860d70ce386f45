"""Logic specific to single notebooks of the course."""
