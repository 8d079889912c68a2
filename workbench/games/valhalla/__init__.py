"""Valhalla Calling: levels, rules, engine, exact solver, generator."""
