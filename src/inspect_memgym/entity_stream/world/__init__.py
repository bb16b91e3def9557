"""Deterministic scenario generators for the entity_stream task (pure Python, no Inspect)."""
