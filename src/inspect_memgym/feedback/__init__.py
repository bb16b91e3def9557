"""MemoryBench (THUIR): learning from user feedback across many datasets."""
