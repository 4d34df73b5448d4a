"""Comparing two Documents: align rules, diff words, classify each change, then the semantic pass (semantic) across the document; pipeline.compare runs them in order."""
