"""Memory layer: backends, embeddings, write budget and the Inspect memory tools.

Import from the submodules (kept import-light on purpose): `factory`
(`create_backend`), `tools` (`memory_tools`, `status_line`), `ledger`
(`MemoryLedger`), `backend` (`MemoryBackend`, `MemoryEntry`, `SearchHit`),
`budget`, `content`, `embedding`, `ranking`, `chroma_backend`,
`markdown_backend`, and the search indexes `text_index` (with `vocabulary`)
and `keyword_index`.
"""
