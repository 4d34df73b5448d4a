"""For editors: check (one release, or what NEW broke), notes, match overrides, review state, and the annotations they put on a changelog."""
