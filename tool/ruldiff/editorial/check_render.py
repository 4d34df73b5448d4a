"""The findings of ``ruldiff check`` as text, Markdown, JSON, GitHub
annotations or SARIF.

- `render_findings(findings, fmt, documents, ignored=0)` -> the output.
- `CHECK_FORMATS`: the formats.

Text is one line per finding, ``path:line: rule: code: reason``, as
compilers write them (an editor jumps to the line), then a summary. The
JSON shape (``ruldiff_check`` = 1) is documented in docs/editors.md.
``github`` is one workflow command per finding (``::error file=F,line=N,
title=T::message``: a problem is an error, a finding to review a notice),
which GitHub Actions shows on the line of the pull request's diff; ``sarif``
is a SARIF 2.1.0 log (one run, a rule per finding code), which code
scanning (``github/codeql-action/upload-sarif``) and editors' SARIF viewers
read.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from typing import Any

from ..errors import printable
from ..outputs.templating import visible_bidi
from .check import CODES, Finding, is_problem

__all__ = ["CHECK_FORMATS", "JSON_VERSION", "SARIF_SCHEMA", "render_findings"]

CHECK_FORMATS = ("text", "md", "json", "github", "sarif")
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
    if fmt == "github":
        return _github(findings, documents, ignored)
    if fmt == "sarif":
        return _sarif(findings, documents)
    if fmt != "text":
        raise ValueError(f"unknown format {fmt!r}")
    path = documents[-1] if documents else ""
    out = []
    for f in findings:
        out.append(f"{f.path or path}:{f.line}: {f.rule}: {f.code}: {_fixed(f)}")
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


def _fixed(f: Finding) -> str:
    """The reason, and the fix when the reason does not already give it."""
    return f.reason + (f" (fix: {f.suggestion})" if f.suggestion and f.suggestion not in f.reason else "")


def _gh_data(text: str) -> str:
    """A workflow command's message, escaped as the runner reads it back."""
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _gh_property(text: str) -> str:
    """A workflow command's property (file, title): `_gh_data`, and ``:``, ``,``."""
    return _gh_data(text).replace(":", "%3A").replace(",", "%2C")


_GH_LEVEL = {"problem": "error", "review": "notice"}


def _github(findings: Sequence[Finding], documents: Sequence[str], ignored: int) -> str:
    """One ``::error`` / ``::notice`` workflow command per finding, then the
    summary line (shown in the log, no command).

    >>> f = Finding("numbering-gap", "113.9", 12, "113.8 is missing, between 113.7 and 113.9", "113.8")
    >>> print(_github([f], ["rules, v2.txt"], 0), end="")
    ::error file=rules%2C v2.txt,line=12,title=numbering-gap (113.9)::113.8 is missing, between 113.7 and 113.9
    1 problem, 0 to review (1 numbering-gap)
    """
    path = documents[-1] if documents else ""
    out = []
    for f in findings:
        where = f"file={_gh_property(f.path or path)}" + (f",line={f.line}" if f.line > 0 else "")
        title = _gh_property(f"{f.code} ({f.rule})")
        out.append(f"::{_GH_LEVEL[f.severity]} {where},title={title}::{_gh_data(_fixed(f))}")
    out.append(_summary_line(findings, ignored))
    return printable("\n".join(out) + "\n", keep="\t\n")


_SARIF_LEVEL = {"problem": "error", "review": "note"}
SARIF_SCHEMA = "https://json.schemastore.org/sarif-2.1.0.json"


def _sarif_uri(path: str) -> str:
    """A path as a SARIF artifact URI: relative stays relative (to the
    directory the check ran in), separators ``/``, percent-encoded."""
    from urllib.parse import quote

    return quote(path.replace("\\", "/"))


def _sarif(findings: Sequence[Finding], documents: Sequence[str]) -> str:
    """A SARIF 2.1.0 log: one run of ruldiff, a reporting rule per code that
    has findings, a result per finding at its file and line (no region where
    the line is unknown)."""
    from .. import __version__

    path = documents[-1] if documents else ""
    codes = [code for code in CODES if any(f.code == code for f in findings)]
    index = {code: i for i, code in enumerate(codes)}
    results = []
    for f in findings:
        physical: dict[str, Any] = {"artifactLocation": {"uri": _sarif_uri(f.path or path)}}
        if f.line > 0:
            physical["region"] = {"startLine": f.line}
        result: dict[str, Any] = {
            "ruleId": f.code,
            "ruleIndex": index[f.code],
            "level": _SARIF_LEVEL[f.severity],
            "message": {"text": _fixed(f)},
            "locations": [{"physicalLocation": physical, "logicalLocations": [{"name": f.rule}]}],
            "partialFingerprints": {"ruldiffFinding/v1": f"{f.key}:{f.cited}"},
        }
        if f.related:
            result["properties"] = {"related": list(f.related)}
        results.append(result)
    log = {
        "$schema": SARIF_SCHEMA,
        "version": "2.1.0",
        "runs": [{
            "tool": {"driver": {
                "name": "ruldiff",
                "version": __version__,
                "rules": [
                    {
                        "id": code,
                        "shortDescription": {"text": CODES[code][1]},
                        "defaultConfiguration": {"level": _SARIF_LEVEL[CODES[code][0]]},
                    }
                    for code in codes
                ],
            }},
            "artifacts": [{"location": {"uri": _sarif_uri(d)}} for d in documents],
            "results": results,
        }],
    }
    return json.dumps(log, ensure_ascii=False, indent=2) + "\n"


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
