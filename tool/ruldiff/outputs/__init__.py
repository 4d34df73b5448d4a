"""Writing a Comparison: JSON, terminal text, the template context and templates (render), caps and excerpts, --stat, the pager, the JSON Schema."""
