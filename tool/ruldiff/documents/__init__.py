"""Reading documents: files and standard input -> bytes (load), bytes -> text (read, markup), text -> Document (parse, profiles, dates, outline), and how well a profile fits (fit)."""
