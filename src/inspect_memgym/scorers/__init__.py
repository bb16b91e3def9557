"""scorers package."""
