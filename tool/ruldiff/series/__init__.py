"""A series of releases: its order and steps (releases), the on-disk cache (store), the static site (history), one rule's lineage (trace), worker processes (forks)."""
