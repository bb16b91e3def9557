"""Adapters to real memory systems (Mem0, any MCP memory server, a LangGraph store, yours).

One contract (`system.MemorySystem`: add, search, reset, optional list_all, close), scoped
per sample; the ``system`` strategy plays any registered adapter on every task.
"""
