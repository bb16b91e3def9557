"""Tests of the research_qa world: generation, validity, reader, released rows."""
