"""Deterministic simulated users for the ``conversation`` task (AMemGym, re-implemented)."""
