"""One package per game: its rules object, engine, data loading and analysis."""
