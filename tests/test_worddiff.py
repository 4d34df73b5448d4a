"""worddiff.py: word-level edits that rebuild both texts and never split a word."""

from __future__ import annotations

import random

import pytest
from helpers import same_under_every_hash_seed

from ruldiff.model import Edit, Op
from ruldiff.diff import worddiff
from ruldiff.documents import forked
from ruldiff.diff.worddiff import diff_words, tokenize


def rebuild(edits: tuple[Edit, ...]) -> tuple[str, str]:
    old = "".join(e.text for e in edits if e.op is not Op.INSERT)
    new = "".join(e.text for e in edits if e.op is not Op.DELETE)
    return old, new


def marked(edits: tuple[Edit, ...]) -> str:
    return "".join(
        e.text if e.op is Op.EQUAL else (f"[-{e.text}-]" if e.op is Op.DELETE else f"{{+{e.text}+}}")
        for e in edits
    )


@pytest.mark.parametrize(
    "old, new, expected",
    [
        ("You may draw.", "You must draw.", "You [-may-]{+must+} draw."),
        ("See rule 903.13.", "See rule 903.11.", "See rule [-903.13-]{+903.11+}."),
        (
            "He or she draws a card.",
            "They draw a card.",
            "[-He or she draws-]{+They draw+} a card.",
        ),
        ("Draw a card.", "Draw a card.\nExample: Ann draws.", "Draw a card.{+\nExample: Ann draws.+}"),
        ("alpha, beta, and gamma", "alpha, beta, gamma, and delta", "alpha, beta,[- and-] gamma{+, and delta+}"),
        # Items appended to a list stay whole, with their commas, rather than
        # matching the old "and" or the braces of a symbol elsewhere.
        (
            "The glyphs are {1/W}, {1/U}, {1/B}, and {1/G}; the rune {S}.",
            "The glyphs are {1/W}, {1/U}, {1/B}, {1/G}, {K/W}, {K/U}, and {K/G}; the rune {S}.",
            "The glyphs are {1/W}, {1/U}, {1/B},[- and-] {1/G}{+, {K/W}, {K/U}, and {K/G}+}; the rune {S}.",
        ),
        (
            "Only a keeper or a lantern can be lit.",
            "Only a keeper, a lantern, or a beacon can be lit.",
            "Only a keeper[- or-]{+,+} a lantern{+, or a beacon+} can be lit.",
        ),
    ],
)
def test_readable_word_edits(old: str, new: str, expected: str) -> None:
    assert marked(diff_words(old, new)) == expected


def test_identical_and_empty_texts() -> None:
    assert diff_words("same", "same") == (Edit(Op.EQUAL, "same"),)
    assert diff_words("", "") == ()
    assert diff_words("", "new") == (Edit(Op.INSERT, "new"),)
    assert diff_words("old", "") == (Edit(Op.DELETE, "old"),)


def test_tokens_join_back_into_the_text() -> None:
    text = "  100.1a A keeper’s “ember” can’t exceed 10—ever.\nExample: non-token {W/U}."
    assert "".join(tokenize(text)) == text


WORDS = "the a keeper glyph ember may must draw cast rule 903.13 903.11 , . “ ” and or\n".split(" ")


@pytest.mark.parametrize("seed", range(200))
def test_edits_rebuild_both_texts_and_keep_words_whole(seed: int) -> None:
    rng = random.Random(seed)
    old_words = [rng.choice(WORDS) for _ in range(rng.randint(0, 60))]
    new_words = list(old_words)
    for _ in range(rng.randint(1, 8)):
        at = rng.randint(0, len(new_words))
        action = rng.choice(("insert", "delete", "replace"))
        if action == "insert" or not new_words:
            new_words.insert(at, rng.choice(WORDS))
        elif action == "delete":
            del new_words[min(at, len(new_words) - 1)]
        else:
            new_words[min(at, len(new_words) - 1)] = rng.choice(WORDS)
    old, new = " ".join(old_words), " ".join(new_words)
    edits = diff_words(old, new)
    assert rebuild(edits) == (old, new)
    # No edit starts or ends inside a token of either text.
    for text, keep in ((old, Op.INSERT), (new, Op.DELETE)):
        cuts = {0}
        pos = 0
        for tok in tokenize(text):
            pos += len(tok)
            cuts.add(pos)
        pos = 0
        for e in edits:
            if e.op is keep:
                continue
            assert pos in cuts or text[pos - 1 : pos].isspace() or text[pos : pos + 1].isspace()
            pos += len(e.text)
    # Deletions come before insertions, and no two neighbours share an op.
    for a, b in zip(edits, edits[1:]):
        assert a.op is not b.op
        assert not (a.op is Op.INSERT and b.op is Op.DELETE)


@pytest.mark.parametrize("seed", range(100))
def test_words_of_one_side_only_are_edits_and_the_shared_words_stay(seed: int) -> None:
    # Rewordings bring words the other text lacks ("glyph" -> "sigil"): they
    # are edits, never kept text, and the rest of the text stays.
    rng = random.Random(seed)
    shared = [rng.choice(WORDS[:-1]) for _ in range(rng.randint(20, 40))]
    old_words, new_words = list(shared), list(shared)
    for n in range(rng.randint(1, 2)):
        old_words.insert(rng.randint(0, len(old_words)), f"gone{n}")
        new_words.insert(rng.randint(0, len(new_words)), f"fresh{n}")
    old, new = " ".join(old_words), " ".join(new_words)
    edits = diff_words(old, new)
    assert rebuild(edits) == (old, new)
    kept = " ".join(e.text for e in edits if e.op is Op.EQUAL)
    assert "gone" not in kept and "fresh" not in kept
    # Two words in and out of twenty or more: most of the text is kept,
    # whatever the choice between diffs of the same length.
    assert len(kept.split()) >= len(shared) // 2


def test_a_reworded_list_keeps_its_items() -> None:
    old = "The kinds are amber, basalt, cobalt, and dusk."
    new = "The kinds are amber, basalt, cinder, cobalt, and dusk. Ask a judge."
    assert marked(diff_words(old, new)) == (
        "The kinds are amber, basalt,{+ cinder,+} cobalt, and dusk.{+ Ask a judge.+}"
    )


def test_same_result_whatever_the_hash_seed() -> None:
    # Tokens become characters through a dict: a process per hash seed shows
    # the edits do not depend on string hashing.
    old = "A long rule " * 200 + "with one change at the end, or two."
    new = "A long rule " * 200 + "with two changes at the end, or one."
    script = (
        "import sys; from ruldiff.diff.worddiff import diff_words; "
        "print([(e.op.name, e.text) for e in diff_words(sys.argv[1], sys.argv[2])])"
    )
    out = same_under_every_hash_seed(["-c", script, old, new])
    assert out.decode() == f"{[(e.op.name, e.text) for e in diff_words(old, new)]}\n"
    assert rebuild(diff_words(old, new)) == (old, new)
    assert len(diff_words(old, new)) > 2


@pytest.mark.parametrize(
    "old, new",
    [("\n1. Go", " 1.  Go"), ("\n1", "1"), ("1 ", "1"), ("a\nb c", "a b\nc"), ("Step\n3: Pass.", "Step 3: Pass."),
     ("a \nb", "a  \nb"), ("x \n", "x\t\n")],  # a change of white space only, between two words
)
def test_same_words_differently_spaced_edit_only_the_spaces(old: str, new: str) -> None:
    edits = diff_words(old, new)
    assert rebuild(edits) == (old, new)
    assert all(e.text.isspace() for e in edits if e.op is not Op.EQUAL)


def test_each_token_gets_its_own_code_until_the_last_one() -> None:
    from itertools import islice

    from ruldiff.diff.worddiff import _BASE, _LATIN1_CODES, _MAX_CODES, _codes

    latin1 = len(_LATIN1_CODES)
    last = latin1 + _MAX_CODES
    codes = list(islice(_codes(), last + 1001))
    # First the Latin-1 characters that are neither letters, digits nor space...
    assert codes[:latin1] == list(_LATIN1_CODES)
    assert all(not (c.isalnum() or c.isspace()) for c in _LATIN1_CODES) and len(set(_LATIN1_CODES)) == latin1
    # ...then private-use characters from _BASE, one per token...
    assert codes[latin1] == chr(_BASE) and codes[latin1 + 1] == chr(_BASE + 1)
    assert codes[last - 1] == chr(_BASE + _MAX_CODES - 1)
    # ...and from _MAX_CODES on, all the same one.
    assert codes[last] == codes[last + 1] == codes[last + 1000] == chr(_BASE + _MAX_CODES)
    assert len(set(codes[: last + 1])) == last + 1
    # The private-use codes are all of plane 15's private use area, U+F0000 to
    # U+FFFFD: never a character a text could hold for itself, none left unused.
    import unicodedata
    assert (codes[latin1], codes[last]) == ("\U000F0000", "\U000FFFFD")
    assert unicodedata.category(codes[latin1]) == unicodedata.category(codes[last]) == "Co"


def test_respacing_edits_each_space_between_the_same_words() -> None:
    edits = worddiff._respace("one two\nthree  four ", "one two three  four\n")
    assert [(op.value, text) for op, text in edits] == [
        ("=", "one"), ("=", " "), ("=", "two"), ("-", "\n"), ("+", " "), ("=", "three"), ("=", "  "),
        ("=", "four"), ("-", " "), ("+", "\n"),
    ]


def test_texts_sharing_under_two_fifths_of_their_words_are_replaced_whole() -> None:
    # 2 of 7 words in common: a word diff would be noise.
    assert marked(diff_words("a b c d e f g", "a b h i j k l")) == "[-a b c d e f g-]{+a b h i j k l+}"
    # 3 of 7: worth a word diff.
    assert marked(diff_words("a b c d e f g", "a b c h i j k")) == "a b c [-d e f g-]{+h i j k+}"
    # 2 of 5: two fifths, just enough.
    assert marked(diff_words("a b c d e", "a b f g h")) == "a b [-c d e-]{+f g h+}"


def test_up_to_the_last_code_words_are_diffed_beyond_it_characters() -> None:
    # The vocabulary: w0 ... plus " You", " may", " must", " draw" and "." (5).
    def edit_of(distinct_words: int) -> list[tuple[str, str]]:
        words = " ".join(f"w{i}" for i in range(distinct_words))
        old, new = f"{words} You may draw.", f"{words} You must draw."
        edits = diff_words(old, new)
        assert rebuild(edits) == (old, new)
        return [(e.op.value, e.text) for e in edits[1:]]

    assert edit_of(worddiff._MAX_CODES - 5) == [("-", "may"), ("+", "must"), ("=", " draw.")]
    assert edit_of(worddiff._MAX_CODES - 4) == [("-", "ay"), ("+", "ust"), ("=", " draw.")]  # m[-ay][+ust]


def test_more_distinct_sentences_than_codes_are_still_diffed_word_by_word() -> None:
    sentences = [f"a{i} b{j}." for i in range(257) for j in range(256)][: worddiff._MAX_CODES + 1]
    old = " ".join(sentences) + " You may draw."
    new = old.replace("may", "must")
    edits = diff_words(old, new)
    assert [(e.op.value, e.text) for e in edits[1:]] == [("-", "may"), ("+", "must"), ("=", " draw.")]
    assert rebuild(edits) == (old, new)


def test_spaces_both_sides_start_with_are_kept_text() -> None:
    assert marked(diff_words("a  b", "a  c")) == "a  [-b-]{+c+}"


# --- how a text is cut, and which diff each piece gets (issue #18) ----------------


def edits_of(old: str, new: str) -> list[tuple[str, str]]:
    return [(e.op.value, e.text) for e in diff_words(old, new)]


def test_a_line_break_is_a_piece_of_its_own() -> None:
    assert worddiff._sentences("One rule.\nAn example. More text.") == ["One rule.", "\n", "An example.", " More text."]
    assert worddiff._sentences("One rule.\n\nAn example.") == ["One rule.", "\n", "\n", "An example."]


@pytest.mark.parametrize(
    ("old", "new", "expected"),
    [
        # one sentence against three (or three against one): diffed whole, then cleaned up
        ("The keeper draws a glyph and passes the turn to the warden.",
         "The keeper draws two glyphs. Then the warden passes the turn. Rest now.",
         [("=", "The keeper draws "), ("-", "a glyph and passes the turn to the warden"),
          ("+", "two glyphs. Then the warden passes the turn. Rest now"), ("=", ".")]),
        ("The keeper draws a glyph. Then he passes. The warden waits.",
         "The keeper draws a glyph, passes, and waits.",
         [("=", "The keeper draws a glyph"), ("-", ". Then he passes. The warden"), ("+", ", passes, and"),
          ("=", " waits.")]),
        # a word in common between two rewrites is a coincidence the cleanup drops
        ("Alpha beta gamma delta.", "Omega beta sigma tau.",
         [("-", "Alpha beta gamma delta"), ("+", "Omega beta sigma tau"), ("=", ".")]),
        # two sentences in a row, each reworded: word edits inside each, the kept words kept
        ("Draw a glyph. The keeper passes the turn quickly. The warden waits for dusk. Rest.",
         "Draw a glyph. The keeper passes her turn slowly. The warden waits until dawn. Rest.",
         [("=", "Draw a glyph. The keeper passes "), ("-", "the turn quickly"), ("+", "her turn slowly"),
          ("=", ". The warden waits "), ("-", "for dusk"), ("+", "until dawn"), ("=", ". Rest.")]),
    ],
)
def test_each_piece_gets_the_diff_a_reader_expects(old: str, new: str, expected: list[tuple[str, str]]) -> None:
    assert edits_of(old, new) == expected


# Random letters (invented): long enough for the half-match shortcut, which
# the deadline keeps, to give another diff than the full search, and for the
# semantic cleanup to change the result.
HALF_X = ("ecdaebbeecgecaadhcagdfbdgdhbaedebcfebcceceehfhhbaegfgdebedgadagcachgdhdagfgagehafgeacdfcfgdebgfh"
          "dbabcc")
HALF_Y = "defefffbedaedebcfebcceceehfhhbaegfgdebedgadagcachgdhdagfgahcbfagbgccfbgbdbefebheba"


@pytest.mark.skipif(worddiff._compiled is None, reason="fast-diff-match-patch is not installed here")
def test_the_two_engines_are_called_with_the_same_knobs() -> None:
    assert worddiff._compiled_diff(HALF_X, HALF_Y) == worddiff._python_diff(HALF_X, HALF_Y)
    assert worddiff._compiled_cleaned(HALF_X, HALF_Y) == worddiff._python_cleaned(HALF_X, HALF_Y)
    # the texts tell the knobs apart: the cleanup, and the deadline's half-match shortcut
    assert worddiff._python_cleaned(HALF_X, HALF_Y) != worddiff._python_diff(HALF_X, HALF_Y)
    full = worddiff.diff_match_patch()
    full.Diff_Timeout = 0  # no deadline: no half-match
    assert full.diff_main(HALF_X, HALF_Y, False) != worddiff._python_diff(HALF_X, HALF_Y)


# --- diff_all: the word diffs shared with a second process ------------------


def invented_pairs(n: int) -> list[tuple[str, str]]:
    words = "draw card shell pool tide keeper ember glyph turn phase player lantern".split()
    pick = random.Random(7).choice
    old = [" ".join(pick(words) for _ in range(30)) + "." for _ in range(n)]
    return [(text, text.replace(pick(words), pick(words), 1) + " Then " + pick(words) + ".") for text in old]


def test_diff_all_gives_each_pairs_diff_words_with_a_worker_or_without(monkeypatch: pytest.MonkeyPatch) -> None:
    pairs = invented_pairs(60)
    monkeypatch.setattr(worddiff, "PARALLEL_MIN", 10)
    shared = worddiff.diff_all(pairs, workers=2)
    assert shared == {pair: diff_words(*pair) for pair in pairs} == worddiff.diff_all(pairs, workers=1)
    assert all(type(e) is Edit and type(e.op) is Op for edits in shared.values() for e in edits)


def test_diff_all_diffs_a_failed_workers_share_itself(monkeypatch: pytest.MonkeyPatch) -> None:
    # The worker ends with status 1 before writing anything (marshal fails in it).
    pairs = invented_pairs(30)
    monkeypatch.setattr(worddiff, "PARALLEL_MIN", 10)
    monkeypatch.setattr(forked.marshal, "dumps", lambda data: 1 / 0)
    assert worddiff.diff_all(pairs, workers=2) == {pair: diff_words(*pair) for pair in pairs}


def test_a_comparison_is_the_same_with_its_word_diffs_shared(monkeypatch: pytest.MonkeyPatch) -> None:
    from helpers import layout

    from ruldiff import compare, decode, parse

    pairs = invented_pairs(40)
    head = [("1", "Basics"), ("100", "General")]
    old_rules = head + [(f"100.{n}", a) for n, (a, _) in enumerate(pairs, 1)]
    new_rules = head + [(f"100.{n}", b) for n, (_, b) in enumerate(pairs, 1)]
    old, new = (parse(decode(layout(r).encode(), name)) for r, name in ((old_rules, "old.txt"), (new_rules, "new.txt")))
    monkeypatch.setattr(worddiff, "PARALLEL_MIN", 10)
    shared = compare(old, new, workers=2)
    assert shared == compare(old, new)
    assert sum(1 for c in shared.changes if c.kind.value == "changed") >= worddiff.PARALLEL_MIN  # the worker had pairs


def test_a_run_of_sentences_sharing_too_few_tokens_is_replaced_whole() -> None:
    # Coded texts, one sign per token: 2 of 5 + 5 distinct tokens shared
    # (Dice 0.4, `_RUN_MIN_OVERLAP`) still get a word diff; 2 of 6 + 5
    # (0.36) are replaced whole.
    from ruldiff.diff.worddiff import _diff_run

    assert _diff_run("abcde", "abxyz", clean=False) == [("=", "ab"), ("-", "cde"), ("+", "xyz")]
    assert _diff_run("abcdef", "abxyz", clean=False) == [("-", "abcdef"), ("+", "abxyz")]
