"""Pure functions, no I/O: seeded generation, legality verification."""
