"""The findings of ``ruldiff check`` as text, Markdown or JSON.

- `render_findings(findings, fmt, documents, ignored=0)` -> the output.
- `CHECK_FORMATS`: the formats.

Text is one line per finding, ``path:line: rule: code: reason``, as
compilers write them (an editor jumps to the line), then a summary. The
JSON shape (``ruldiff_check`` = 1) is documented in README.md, "For editors".
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from typing import Any

from ..errors import printable
from ..outputs.templating import visible_bidi
from .check import CODES, Finding, is_problem

__all__ = ["CHECK_FORMATS", "JSON_VERSION", "render_findings"]

CHECK_FORMATS = ("text", "md", "json")
JSON_VERSION = 1
"""``ruldiff_check`` in the JSON output: raised when a key changes meaning or goes."""


def _summary(findings: Sequence[Finding], ignored: int) -> dict[str, Any]:
    by_code = Counter(f.code for f in findings)
    return {
        "problems": sum(1 for f in findings if is_problem(f)),
        "review": sum(1 for f in findings if not is_problem(f)),
        "ignored": ignored,
        "by_code": {code: by_code[code] for code in CODES if by_code[code]},
    }


def _summary_line(findings: Sequence[Finding], ignored: int) -> str:
    s = _summary(findings, ignored)
    if not findings:
        text = "no problems found"
    else:
        text = ", ".join(f"{n} {code}" for code, n in s["by_code"].items())
        problems = "1 problem" if s["problems"] == 1 else f"{s['problems']} problems"
        text = f"{problems}, {s['review']} to review ({text})"
    return text + (f"; {ignored} ignored" if ignored else "")


def render_findings(findings: Sequence[Finding], fmt: str, documents: Sequence[str], ignored: int = 0) -> str:
    """The findings in `fmt` (text, md or json). `documents` are the paths
    checked (NEW last); lines are NEW's.

    >>> f = Finding("dangling-reference", "100.1", 3, "rule 100.1 cites rule 100.3, but there is no rule 100.3")
    >>> print(render_findings([f], "text", ["r.txt"]), end="")
    r.txt:3: 100.1: dangling-reference: rule 100.1 cites rule 100.3, but there is no rule 100.3
    1 problem, 0 to review (1 dangling-reference)
    """
    if fmt == "json":
        return _json(findings, documents, ignored)
    if fmt == "md":
        return _markdown(findings, documents, ignored)
    if fmt != "text":
        raise ValueError(f"unknown format {fmt!r}")
    path = documents[-1] if documents else ""
    out = []
    for f in findings:
        fix = f" (fix: {f.suggestion})" if f.suggestion and f.suggestion not in f.reason else ""
        out.append(f"{f.path or path}:{f.line}: {f.rule}: {f.code}: {f.reason}{fix}")
    out.append(_summary_line(findings, ignored))
    return printable("\n".join(out) + "\n", keep="\t\n")  # terminal text: no control characters raw


def _json(findings: Sequence[Finding], documents: Sequence[str], ignored: int) -> str:
    data = {
        "ruldiff_check": JSON_VERSION,
        "documents": list(documents),
        "summary": _summary(findings, ignored),
        "findings": [
            {
                "code": f.code,
                "severity": f.severity,
                "rule": f.rule,
                "line": f.line,
                "reason": f.reason,
                "suggestion": f.suggestion,
                "cited": f.cited,
                "related": list(f.related),
                "path": f.path,
            }
            for f in findings
        ],
    }
    return json.dumps(data, ensure_ascii=False, indent=2) + "\n"


def _md_cell(text: str) -> str:
    return text.replace("\\", "\\\\").replace("|", "\\|").replace("\n", " ")


def _markdown(findings: Sequence[Finding], documents: Sequence[str], ignored: int) -> str:
    title = " → ".join(f"`{d}`" for d in documents)
    out = [f"# Editorial review of {title}", "", _summary_line(findings, ignored) + ".", ""]
    for severity, heading in (("problem", "Problems"), ("review", "To review")):
        group = [f for f in findings if f.severity == severity]
        if not group:
            continue
        out += [f"## {heading}", "", "| line | rule | finding | reason | suggestion |", "|---:|---|---|---|---|"]
        for f in group:
            out.append(
                f"| {f.line} | {_md_cell(f.rule)} | {f.code} | {_md_cell(f.reason)} | {_md_cell(f.suggestion)} |"
            )
        out.append("")
    return visible_bidi("\n".join(out))  # as every Markdown output (templating.visible_bidi)
