"""Small shared tools that name no benchmark: seeds, seeded randomness, lookups, tokens."""
