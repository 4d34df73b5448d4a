import sys, textwrap, importlib.util
def load(path):
    spec = importlib.util.spec_from_file_location("src", path); m = importlib.util.module_from_spec(spec); spec.loader.exec_module(m); return m.SECTIONS
def render(sections, rfc, date, out, obsoletes=""):
    head = [f"Internet Engineering Task Force (IETF)                         M. Okafor",
            f"Request for Comments: {rfc}                                    Lumen Labs"]
    if obsoletes: head.append(f"Obsoletes: {obsoletes}                                                 ")
    head += [f"Category: Standards Track                                  {date:>14}",
             "ISSN: 2070-1721", "", "",
             "              The Widget Exchange Protocol (WXP) Version 1", "",
             "Abstract", "",
             "   This document specifies the Widget Exchange Protocol, a small",
             "   protocol for exchanging structured records between constrained",
             "   hosts.", "",
             "Status of This Memo", "",
             "   This is an Internet Standards Track document.", ""]
    body = [l.rstrip() for l in head]
    for num, title, paras in sections:
        body.append(f"{num}  {title}")
        body.append("")
        for p in paras:
            body += textwrap.wrap(p, 69, initial_indent="   ", subsequent_indent="   ", break_on_hyphens=False)
            body.append("")
    body += ["Author's Address", "", "   Mara Okafor", "   Lumen Labs", "   Email: mara@lumen.example", ""]
    pages, per = [], 48
    chunks = [body[i:i+per] for i in range(0, len(body), per)]
    for n, ch in enumerate(chunks, 1):
        page = []
        if n > 1:
            page += [f"RFC {rfc}                           WXP                    {date:>14}", "", ""]
        page += ch
        page += ["", "", f"Okafor                       Standards Track                   [Page {n}]"]
        pages.append("\n".join(page))
    open(out, "w").write("\n\f\n".join(pages) + "\n")
    return sorted({l for p in pages for l in p.split("\n") if l.startswith(("RFC ", "Okafor  "))})
