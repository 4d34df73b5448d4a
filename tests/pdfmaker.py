"""Write small text-only PDF files for tests (no dependency: PDF 1.4 by hand)."""

from __future__ import annotations

from pathlib import Path


def _escape(line: str) -> bytes:
    raw = line.encode("cp1252")
    return raw.replace(b"\\", b"\\\\").replace(b"(", b"\\(").replace(b")", b"\\)").replace(b"\r", b"\\r")


def make_pdf(lines: list[str], path: Path, per_page: int = 45) -> Path:
    """A PDF whose pages show `lines` in Helvetica, one text line each."""
    pages = [lines[i : i + per_page] for i in range(0, len(lines), per_page)] or [[]]
    objects: list[bytes] = []
    # 1: catalog, 2: pages, 3: font, then per page: page object + content stream.
    kids = []
    for n, page in enumerate(pages):
        page_id, content_id = 4 + 2 * n, 5 + 2 * n
        kids.append(f"{page_id} 0 R")
        stream = b"BT /F1 10 Tf 12 TL 50 800 Td\n" + b"".join(
            b"(" + _escape(line) + b") Tj T*\n" for line in page
        ) + b"ET"
        objects.append(
            f"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 842] "
            f"/Resources << /Font << /F1 3 0 R >> >> /Contents {content_id} 0 R >>".encode()
        )
        objects.append(b"<< /Length %d >>\nstream\n" % len(stream) + stream + b"\nendstream")
    head = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        f"<< /Type /Pages /Kids [{' '.join(kids)}] /Count {len(pages)} >>".encode(),
        b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>",
    ]
    body = b"%PDF-1.4\n"
    offsets = []
    for number, obj in enumerate(head + objects, 1):
        offsets.append(len(body))
        body += f"{number} 0 obj\n".encode() + obj + b"\nendobj\n"
    xref = len(body)
    body += f"xref\n0 {len(offsets) + 1}\n0000000000 65535 f \n".encode()
    body += b"".join(f"{o:010d} 00000 n \n".encode() for o in offsets)
    body += f"trailer\n<< /Size {len(offsets) + 1} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n".encode()
    path.write_bytes(body)
    return path
