"""Word-level edits between two texts: the only module that imports diff-match-patch.

- `tokenize(text)` -> the words, spaces and punctuation marks of a text.
- `diff_words(old, new)` -> `tuple[Edit, ...]`.
- `diff_all(pairs, workers)` -> the edits of many (old, new) pairs, shared
  with a forked process when there are many and a second core.

diff-match-patch diffs characters. To diff words, each distinct token is
encoded as one character (the trick of its ``diff_linesToChars``), the encoded
strings are diffed, and the characters are decoded back into tokens. Then
``diff_cleanupSemantic`` merges the small coincidental equalities that make a
diff hard to read (``[-may][+must]`` rather than ``m[-ay][+ust]``).

The library's default ``Diff_Timeout`` of one second makes the result depend
on the speed of the machine; here the deadline is one that is never reached
(see `_NO_DEADLINE`), so output is the same everywhere.

Two engines run the same algorithm: `fast-diff-match-patch`, the C++ port
wrapped for Python, when it can be imported, else the pure-Python
``diff-match-patch``; ``RULDIFF_ENGINE=python`` forces the second.
`ENGINE` names the one in use. Their edits are the same on every real pair
of the corpora (tests/test_engines.py). What the compiled one wins,
measured (bench/README.md, "The word-diff engine, and what pays"): the word
diffs of the 17-year gap between MTG releases take 0.30-0.51 s against
0.51-0.91 s, its whole ``-f html`` run 2.04 s against 2.40 s (interleaved,
x0.85); on an adjacent pair, with a few dozen diffs, nothing measurable.

Cost on the 17-year gap (`bench/claims.py`, "worddiff"): 204 ms of CPU on
a quiet machine at aec204d; 254 -> 242 ms on a loaded one with `make_edits`
and the one-pass `_merge` (bench/README.md, "Issue #25's remaining
targets"). Of it, the compiled engine takes ~40 ms; the rest is the Python
around it: tokenizing ~90, the semantic cleanup ~30, `_merge` ~23. With the
codes of new tokens given in C, possessive quantifiers throughout `_TOKEN`
and the sentence codes zipped (`_coded`): `diff_words` over the gap's 1,554
pairs 239.5 -> 231.4 ms (medians of 15, interleaved in one process; the
tokenizing 69 -> 61, the regex 50.6 -> 45.0). With the codes drawn by a
``defaultdict`` (`_codes`), the engines speaking one set of signs and
`_merge` decoding each run once: 1,561 -> 1,447 M instructions over the
gap's word diffs (bench/README.md, "Issue #25: align and worddiff").
Where the rest goes (callgrind, and a CPU-time sampling profile): the
tokenizing regex a fifth, the C++ diffs an eighth (and some 41,000
``clock()`` system calls, its deadline checks), the Python cleanup of
diffs by sentences a seventh.
"""

from __future__ import annotations

import itertools
import os
import re
from collections import defaultdict
from collections.abc import Collection, Iterator

from diff_match_patch import diff_match_patch

from ..documents.forked import Forked
from ..errors import ConfigError
from ..model import Edit, Op, make_edits

try:
    from fast_diff_match_patch import diff as _compiled
except ImportError:  # no wheel for this platform: the pure-Python engine
    _compiled = None

__all__ = ["ENGINE", "PARALLEL_MIN", "diff_all", "diff_words", "tokenize"]

# A token is a word (letters/digits, with inner apostrophes, hyphens or
# periods: "player's", "non-token", "903.11") or one other character
# (punctuation, a symbol), with the spaces before it; each line break (between
# paragraphs and examples) and spaces at the end of a line are tokens of their
# own. Rule numbers stay whole so that a reference update reads
# [-903.13][+903.11]. Carrying the space halves the number of tokens, and the
# cost of the diff with it. The space goes with the word after it, not before:
# words are inserted before a full stop far more often than at the start of a
# paragraph, and " lanterns" + "." then matches "." where "lanterns " would not.
_TOKEN_PATTERN = r"\n|[^\S\n]*(?:\w+(?:[-'’.]\w+)*|[^\w\s])|[^\S\n]+"
try:
    # The same tokens, twice as fast: the spaces before a token, the letters
    # of a word and the parts of a number are never given back (possessive
    # quantifiers, Python 3.11+: what follows each can never match what it
    # took), so the engine keeps no backtracking state for them.
    _TOKEN = re.compile(_TOKEN_PATTERN.replace("*", "*+").replace(r"\w+", r"\w++"))
except re.error:  # Python 3.10
    _TOKEN = re.compile(_TOKEN_PATTERN)

# Characters used to encode tokens (and sentences): first the Latin-1
# characters that are neither letters, digits nor spaces, then the
# Supplementary Private Use Area, which holds 65,534 code points. The encoded
# texts hold nothing but codes, so a code cannot collide with the text, and
# diff-match-patch only ever compares two codes for equality, except in
# diff_cleanupSemanticLossless, which scores a boundary by whether the
# characters around it are letters, digits, spaces or line breaks: none of
# these codes is any of them, so the choice of codes never changes a diff.
# Latin-1 codes first, for speed: most pairs of rules have fewer than 111
# distinct tokens, a string of Latin-1 characters takes one byte per
# character, and CPython keeps one object for each Latin-1 character, so the
# character loops of diff-match-patch (``text1[x1] == text2[y1]``) allocate
# nothing.
_LATIN1_CODES = "".join(c for c in map(chr, range(256)) if not (c.isalnum() or c.isspace()))
_LATIN1_COUNT = len(_LATIN1_CODES)
_BASE = 0xF0000

# Diff_Timeout = 0 disables the deadline, and with it the "half-match"
# shortcut that makes diffs of long texts several times faster. A deadline that
# can never be reached keeps the shortcut and the determinism: the result then
# never depends on the speed of the machine.
_NO_DEADLINE = 1e9

_MAX_CODES = 0xFFFD
# Least share of common tokens for a run of changed sentences to get a word diff.
_RUN_MIN_OVERLAP = 0.4
# Where a text is cut into sentences: before the space that follows a mark
# ending a sentence, and on both sides of a line break (see `_sentences`).
# Written as one set of characters and then a test, rather than as "a mark
# followed by a space, or a line break": a pattern that starts with a set
# lets the regex engine skip from one of these characters to the next
# instead of trying a match at every position, which halves the cost.
_CUT = re.compile(r"[.:;?!)\"”\n](?:(?<=\n)|(?=[^\S\n]))")


# The engines. Each gives ``diff_main(a, b, checklines=False)`` under
# `_NO_DEADLINE` (`_diff`), and the same followed by ``diff_cleanupSemantic``
# (`_diff_cleaned`), for a diff made by one call. The edits of several calls
# (a diff by sentences, `_diff_by_sentences`) are cleaned up together, by
# the pure engine's cleanup (`_cleanup`): the compiled one takes texts, not
# edits. The C++ port takes the same knobs: ``timelimit`` is its
# ``Diff_Timeout`` (a float; 1e9 s becomes a ``clock()`` deadline of 1e15
# ticks, never reached, and any timeout above zero keeps the half-match
# shortcut, as in Python), ``checklines`` the same flag, ``cleanup`` "No" or
# "Semantic". Their cleanups agree on our texts because these hold only
# codes, which neither Python nor the C library counts as letters, digits or
# spaces (tests/test_engines.py checks both).
#
# Both speak the C++ port's signs, "-", "=" and "+": the pure engine's
# operations are the attributes ``DIFF_DELETE``, ``DIFF_EQUAL`` and
# ``DIFF_INSERT`` (-1, 0, 1), which its methods only ever compare for
# equality, so this instance is given the signs instead, and the edits of
# the compiled engine need no translation (a list built per call: the word
# diffs of the 17-year gap 3% of their CPU).
_DMP = diff_match_patch()
_DMP.Diff_Timeout = _NO_DEADLINE
_DMP.DIFF_DELETE, _DMP.DIFF_EQUAL, _DMP.DIFF_INSERT = "-", "=", "+"
_Diffs = list[tuple[str, str]]
_EQUAL, _DELETE, _INSERT = Op.EQUAL, Op.DELETE, Op.INSERT
"""Read once per edit: module names, which Python 3.11 reads ~20 times
faster than an enum's members (`model._Enum`)."""


def _python_diff(a: str, b: str) -> _Diffs:
    diffs: _Diffs = _DMP.diff_main(a, b, False)
    return diffs


def _compiled_diff(a: str, b: str, cleanup: str = "No") -> _Diffs:
    assert _compiled is not None
    diffs: _Diffs = _compiled(a, b, timelimit=_NO_DEADLINE, checklines=False, cleanup=cleanup, counts_only=False)
    return diffs


def _python_cleaned(a: str, b: str) -> _Diffs:
    return _cleanup(_python_diff(a, b))


def _compiled_cleaned(a: str, b: str) -> _Diffs:
    return _compiled_diff(a, b, "Semantic")


def _choose(setting: str | None) -> str:
    """The engine `RULDIFF_ENGINE` asks for: ``compiled`` if it can be
    imported and ``python`` is not asked for; an error for a misspelt name,
    or for ``compiled`` when it cannot be imported.

    >>> _choose("python")
    'python'
    >>> _choose("c++")
    Traceback (most recent call last):
    ruldiff.errors.ConfigError: RULDIFF_ENGINE=c++ is not an engine (give python, compiled or auto)
    """
    name = (setting or "auto").strip().lower()
    if name not in ("auto", "compiled", "python"):
        raise ConfigError(f"RULDIFF_ENGINE={setting} is not an engine", key="RULDIFF_ENGINE",
                          fix="give python, compiled or auto")
    if name == "compiled" and _compiled is None:
        raise ConfigError("RULDIFF_ENGINE=compiled, but fast-diff-match-patch cannot be imported",
                          key="RULDIFF_ENGINE", fix="pip install fast-diff-match-patch, or unset RULDIFF_ENGINE")
    return "python" if name == "python" or _compiled is None else "compiled"


try:
    ENGINE = _choose(os.environ.get("RULDIFF_ENGINE"))
    """The word-diff engine in use: ``compiled`` or ``python``."""
    _ENGINE_ERROR: ConfigError | None = None
except ConfigError as exc:  # reported by the first diff, where cli.py turns it into a message
    ENGINE = "python"
    _ENGINE_ERROR = exc
_diff, _diff_cleaned = (_compiled_diff, _compiled_cleaned) if ENGINE == "compiled" else (_python_diff, _python_cleaned)


def _cleanup(diffs: _Diffs) -> _Diffs:
    """diff-match-patch's ``diff_cleanupSemantic``, in place."""
    _DMP.diff_cleanupSemantic(diffs)
    return diffs


def tokenize(text: str) -> list[str]:
    """Split a text into tokens that join back into it.

    >>> tokenize("See rule 903.13, “Commander.”")
    ['See', ' rule', ' 903.13', ',', ' “', 'Commander', '.', '”']
    """
    return _TOKEN.findall(text)


def diff_words(old: str, new: str) -> tuple[Edit, ...]:
    """Word-level edits turning `old` into `new`.

    >>> [(e.op.value, e.text) for e in diff_words("You may draw.", "You must draw.")]
    [('=', 'You '), ('-', 'may'), ('+', 'must'), ('=', ' draw.')]
    """
    if _ENGINE_ERROR is not None:
        raise _ENGINE_ERROR
    if old == new:
        return (Edit(Op.EQUAL, old),) if old else ()
    # Tokens -> their codes, a new token taking the next code as it is
    # first looked up, in C (`_codes`).
    vocabulary: defaultdict[str, str] = defaultdict(_codes().__next__)
    encoded: dict[str, str] = {}
    a, b = _encode(old, vocabulary, encoded), _encode(new, vocabulary, encoded)
    if len(vocabulary) > _MAX_CODES:  # more distinct tokens than codes: diff characters
        # Always the pure engine: its semantic cleanup then scores real
        # characters, which the C++ port classifies by the C library's
        # locale rather than by Python's Unicode tables. No real rule comes near.
        diffs = _python_cleaned(old, new)
        return _merge(diffs, {c: c for c in {*old, *new}})
    # Cleaned up while each token is still one character, so that no edit
    # boundary can fall inside a word.
    diffs = _diff_by_sentences(a, b)
    return _merge(diffs, dict(zip(vocabulary.values(), vocabulary)))


PARALLEL_MIN = 400
"""Fewest pairs `diff_all` shares with a second process. The fork, the
pipe and rebuilding the worker's edits cost ~10% of the word diffs' CPU;
the gain is the other process's half of the wall clock, which only pays on
long diffs (the 17-year gap between MTG releases: 1,545 pairs; an adjacent
pair: a few dozen)."""


def diff_all(pairs: Collection[tuple[str, str]], workers: int = 1) -> dict[tuple[str, str], tuple[Edit, ...]]:
    """`diff_words` of each (old, new) pair: pair -> edits.

    With ``workers`` > 1, at least `PARALLEL_MIN` pairs and ``os.fork``, a
    forked process (`Forked`) diffs every other pair (alternate pairs
    balance long and short rules) while this one diffs the rest: it already
    holds the texts, so only its edits travel back. Each pair's edits depend
    on its two texts alone, so the result is the same with or without the
    worker; a worker that fails leaves its share to this process, and one
    still running when this process stops (an error, a signal) is killed.

    >>> diff_all([("a b", "a c")], workers=2) == {("a b", "a c"): diff_words("a b", "a c")}
    True
    """
    every = list(pairs)
    if workers < 2 or len(every) < PARALLEL_MIN:
        return {pair: diff_words(*pair) for pair in every}
    mine, theirs = every[0::2], every[1::2]
    worker = Forked.start(lambda: [[(e.op.value, e.text) for e in diff_words(*pair)] for pair in theirs])
    try:
        out = {pair: diff_words(*pair) for pair in mine}
        shared = worker.result() if worker is not None else None
    finally:
        if worker is not None:
            worker.stop()  # an exception here: the worker is no longer wanted
    if shared is None or len(shared) != len(theirs):
        out.update((pair, diff_words(*pair)) for pair in theirs)
    else:
        op = {o.value: o for o in Op}
        out.update(zip(theirs, [make_edits([(op[o], t) for o, t in edits]) for edits in shared]))
    return out


def _encode(text: str, vocabulary: defaultdict[str, str], encoded: dict[str, str]) -> list[str]:
    """The sentences of a text, each token written as one character.

    Sentences end after a full stop (or another mark that ends one) followed by
    a space, and at every line break. `vocabulary` maps tokens to characters
    and grows as new tokens are met; `encoded` maps the sentences already
    encoded to their characters, so that a sentence found in both texts (most
    of an edited rule) is tokenized once.
    """
    out = []
    code = vocabulary.__getitem__
    for sentence in _sentences(text):
        if sentence:
            codes = encoded.get(sentence)
            if codes is None:
                tokens = _TOKEN.findall(sentence)
                if len(tokens) > _RUN_CAP:
                    tokens = _runs_collapsed(tokens)
                codes = encoded[sentence] = "".join(map(code, tokens))
            out.append(codes)
    return out


_RUN_CAP = 64
"""Longest run of one same token diffed token by token. A longer run (a
thousand dots or brackets in a row) is one token: diff-match-patch's time
grows with the square of such a run (20,000 dots in a changed rule: 1.2 s,
40,000: 2.4 s more), and no real rule holds one (the archive's outputs are
the same with and without this)."""


def _runs_collapsed(tokens: list[str]) -> list[str]:
    """`tokens` with each run of more than `_RUN_CAP` same tokens joined into
    one; the tokens still join back into the sentence.

    >>> _runs_collapsed(["a", *"." * 70, "b"]) == ["a", "." * 70, "b"]
    True
    """
    out: list[str] = []
    for token, run in itertools.groupby(tokens):
        same = list(run)
        out.extend(same if len(same) <= _RUN_CAP else ["".join(same)])
    return out


def _codes() -> Iterator[str]:
    """The codes of the 1st, 2nd, 3rd... distinct token (or sentence) of a
    diff, made in C: first the Latin-1 codes, then one private-use character
    each, and from `_MAX_CODES` on all the same (`diff_words` then diffs
    characters instead). Drawn by a ``defaultdict`` as new tokens are met,
    they give each its code with no call in Python (a ``__missing__`` method
    in Python took some 8% of the CPU of the word diffs of the 17-year
    gap)."""
    last = chr(_BASE + _MAX_CODES)
    return itertools.chain(_LATIN1_CODES, map(chr, range(_BASE, ord(last))), itertools.repeat(last))


def _coded(keys: dict[str, None]) -> dict[str, str]:
    """Each key -> the code of its place (`_codes`)."""
    return dict(zip(keys, _codes()))


def _sentences(text: str) -> list[str]:
    """A text cut after each mark that ends a sentence and is followed by a
    space, and around each line break; the pieces join back into the text.

    A scan for the marks themselves: a pattern of look-arounds alone is tried
    at every position of the text, four times slower.

    >>> _sentences("Draw a card. Then pass.\\nExample: Ann draws.")
    ['Draw a card.', ' Then pass.', '\\n', 'Example:', ' Ann draws.']
    """
    out = []
    start = 0
    for m in _CUT.finditer(text):
        if m.group() == "\n":
            if m.start() > start:
                out.append(text[start : m.start()])
            out.append("\n")
        else:
            out.append(text[start : m.end()])
        start = m.end()
    if start < len(text):
        out.append(text[start:])
    return out


def _diff_by_sentences(a: list[str], b: list[str]) -> _Diffs:
    """Diff sentences first, then the words of each run of changed sentences;
    then the semantic cleanup of the whole.

    This is diff-match-patch's own line-mode speed-up (``diff_lineMode``) one
    level down: a rule of 40 sentences with one sentence edited costs a diff of
    40 symbols plus a diff of one sentence's words, not a diff of 800 words.
    On the 17-year gap between releases it makes word diffs three times faster.
    """
    if len(a) == 1 or len(b) == 1:  # nothing to gain from a first pass
        return _diff_run("".join(a), "".join(b), clean=True)
    codes = _coded(dict.fromkeys(a + b))
    if len(codes) > _MAX_CODES:
        return _diff_cleaned("".join(a), "".join(b))
    sentence = dict(zip(map(ord, codes.values()), codes))
    coarse = _diff("".join(map(codes.__getitem__, a)), "".join(map(codes.__getitem__, b)))
    out: _Diffs = []
    deleted, inserted = [], []
    for op, chunk in [*coarse, ("=", "")]:
        text = chunk.translate(sentence)
        if op == "-":
            deleted.append(text)
        elif op == "+":
            inserted.append(text)
        else:
            if deleted or inserted:
                out.extend(_diff_run("".join(deleted), "".join(inserted), clean=False))
                deleted, inserted = [], []
            if text:
                out.append(("=", text))
    return _cleanup(out)


def _diff_run(old: str, new: str, *, clean: bool) -> _Diffs:
    """Diff the words of a run of changed sentences (and with `clean`, clean
    the diff up), unless they share too few words for a word diff to mean
    anything: then the run is replaced whole.

    Semantic cleanup would merge such a word diff into one deletion and one
    insertion anyway (its equalities are shorter than the edits around them),
    so the shortcut changes little in the output, and saves the most expensive
    diffs of all: those whose edit distance is close to their length.

    (Diffing only the tokens both texts hold, as GNU diff does with lines
    found on one side only, made the word diffs of the 17-year gap a third
    faster, but it changes which of two diffs of the same length is found,
    and lists then read worse: "{2/R},[+ {2/G}, {C/W},] and {[-2][+C]/G}"
    where the whole diff gives "{2/R},[- and] {2/G}[+, {C/W}, and {C/G}]".)
    """
    if old and new and _overlap(old, new) < _RUN_MIN_OVERLAP:
        whole = [("-", old), ("+", new)]
        return _cleanup(whole) if clean else whole
    return _diff_cleaned(old, new) if clean else _diff(old, new)


def _overlap(a: str, b: str) -> float:
    """The share of two coded texts' distinct tokens they hold in common
    (Dice): from `_RUN_MIN_OVERLAP` a run of sentences gets a word diff.

    >>> _overlap("abcde", "abxyz"), _diff_run("abcde", "abxyz", clean=False)
    (0.4, [('=', 'ab'), ('-', 'cde'), ('+', 'xyz')])
    >>> round(_overlap("abcdef", "abxyz"), 3), _diff_run("abcdef", "abxyz", clean=False)
    (0.364, [('-', 'abcdef'), ('+', 'abxyz')])
    """
    sa, sb = set(a), set(b)
    return 2 * len(sa & sb) / (len(sa) + len(sb))


def _respace(old: str, new: str) -> list[tuple[Op, str]]:
    """Edits between two texts with the same words and different white space.

    >>> [(op.value, text) for op, text in _respace("\\n1. Go", " 1.  Go")]
    [('-', '\\n'), ('+', ' '), ('=', '1.'), ('-', ' '), ('+', '  '), ('=', 'Go')]
    """
    out: list[tuple[Op, str]] = []

    def space(x: str, y: str) -> None:
        if x == y:
            if x:
                out.append((_EQUAL, x))
            return
        if x:
            out.append((_DELETE, x))
        if y:
            out.append((_INSERT, y))

    def ends(text: str) -> tuple[str, list[str], str]:
        core = text.strip()
        if not core:  # white space only: all of it is the lead, none of it the trail as well
            return text, [], ""
        lead = text[: len(text) - len(text.lstrip())]
        trail = text[len(text.rstrip()) :]
        return lead, re.split(r"(\s+)", core), trail

    lead_a, parts_a, trail_a = ends(old)
    lead_b, parts_b, trail_b = ends(new)
    space(lead_a, lead_b)
    # parts alternate word, space, word…; the words are the same on both sides.
    for k, (x, y) in enumerate(zip(parts_a, parts_b)):
        if k % 2 == 0:
            out.append((_EQUAL, x))
        else:
            space(x, y)
    space(trail_a, trail_b)
    return out


def _common_space_prefix(a: str, b: str) -> str:
    n = 0
    while n < min(len(a), len(b)) and a[n] == b[n] and a[n].isspace():
        n += 1
    return a[:n]


def _merge(diffs: _Diffs, decode: dict[str, str]) -> tuple[Edit, ...]:
    """The `Edit`s of a diff, its codes decoded by `decode` (code -> token):
    deletions before insertions in each run of changes (`_run_edits`),
    neighbours of one kind merged.

    Each run of kept (or of changed) chunks is decoded once, joined, by a
    lookup of each code in C (``str.translate``, which looks up each
    character's number, took a third longer); the edits are plain tuples
    until `make_edits` makes them `Edit`s at once (a frozen dataclass is
    slow to build).
    """
    out: list[tuple[Op, str]] = []
    kept: list[str] = []
    deleted: list[str] = []
    inserted: list[str] = []
    token = decode.__getitem__

    def add(op: Op, text: str) -> None:
        if out and out[-1][0] is op:
            out[-1] = (op, out[-1][1] + text)
        else:
            out.append((op, text))

    for op, chunk in diffs:
        if not chunk:
            continue
        if op == "=":
            if deleted or inserted:
                for edit in _run_edits("".join(map(token, "".join(deleted))), "".join(map(token, "".join(inserted)))):
                    add(*edit)
                deleted, inserted = [], []
            kept.append(chunk)
        else:
            if kept:
                add(_EQUAL, "".join(map(token, "".join(kept))))
                kept = []
            (deleted if op == "-" else inserted).append(chunk)
    if deleted or inserted:
        for edit in _run_edits("".join(map(token, "".join(deleted))), "".join(map(token, "".join(inserted)))):
            add(*edit)
    if kept:
        add(_EQUAL, "".join(map(token, "".join(kept))))
    return make_edits(out)


def _run_edits(deleted: str, inserted: str) -> list[tuple[Op, str]]:
    """The edits of one run of changes, its deleted and inserted text."""
    if deleted and inserted and deleted.split() == inserted.split():
        # The same words spaced or broken into lines differently: keep the
        # words, edit only the white space between them.
        return _respace(deleted, inserted)
    out: list[tuple[Op, str]] = []
    # Tokens carry the space before them (" may" -> " must"): a space that
    # both sides start with is kept text, not part of the edit.
    common = _common_space_prefix(deleted, inserted)
    if common:
        deleted, inserted = deleted[len(common) :], inserted[len(common) :]
        out.append((_EQUAL, common))
    if deleted:
        out.append((_DELETE, deleted))
    if inserted:
        out.append((_INSERT, inserted))
    return out
