"""The world of the ``code_qa`` task: generated codebases, task histories and questions.

Pure Python (no Inspect). Entry points: ``generate.generate_instance`` (one instance from a
seed and a history size), ``ingest.group_memory_files`` (the evicted protocol's ingest
groups), ``reader.answer_from_facts`` (what a reader knowing some facts answers) and
``validity.check_instance`` (the verification every generated instance passes).
"""
