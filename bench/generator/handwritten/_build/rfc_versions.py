"""Write rfc-standard/old.txt and new.txt from rfc_src.py (run from the repository root,
then rfc.py for the truth). The edits for the -bis document are listed here."""
import json
import sys

sys.path.insert(0, "bench/generator/handwritten/_build")
from rfc_make import load, render  # noqa: E402

OUT = "bench/generator/handwritten/rfc-standard/"
old = load("bench/generator/handwritten/_build/rfc_src.py")
f_old = render(old, "9871", "March 2026", OUT + "old.txt")
new = [list(x) for x in old]
idx = {x[0]: i for i, x in enumerate(new)}
new[idx["3.2."]][2] = ["The responding host MUST answer a HELLO frame with a WELCOME frame naming the version chosen, which MUST NOT be higher than the version offered.  The WELCOME frame also lists the features both hosts support."]
new.insert(idx["3.3."], ["3.3.", "Feature Negotiation", ["A feature is in use for the session only if it appears in both the HELLO and the WELCOME frames.  A host MUST NOT send a frame that depends on a feature not in use."]])
new[idx["3.3."] + 1][0] = "3.4."
i = [x[0] for x in new].index("4.3.1.")
new[i][2] = ["An ACK frame MUST be sent within 200 milliseconds of receiving the data frame."]
del new[[x[0] for x in new].index("4.3.1.1.")]
i = [x[0] for x in new].index("5.1.")
new[i][2] = ["A CLOSE frame carries a one-octet reason code: 0 for a normal close, 1 for a protocol error, 2 for a version mismatch and 3 for an idle timeout."]
for x in new:
    x[2] = [p.replace("responding host", "responder").replace("initiating host", "initiator") for p in x[2]]
f_new = render(new, "9990", "November 2026", OUT + "new.txt", obsoletes="9871")
json.dump({"old": f_old, "new": f_new}, open("/tmp/rfc_furniture.json", "w"))
