"""worddiff.py's two engines, the compiled fast-diff-match-patch and the pure
diff-match-patch, give the same edits: on every real pair of the corpora, on
whole comparisons of the named pairs, and on invented texts.

The corpora tests cost about 25 s of CPU (40 s on the busy 2-core
machine): parsing the 133 documents is half of it, the word diffs of the
~19,200 distinct texts of paired rules and the three whole comparisons the
rest.
"""

from __future__ import annotations

import contextlib
import ctypes
import ctypes.util
import functools
import os
import random
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from conftest import corpora_dir, each

from ruldiff.diff import worddiff
from ruldiff.diff.align import changed_pairs
from ruldiff.documents.load import load
from ruldiff.diff.pipeline import compare
from ruldiff.errors import ConfigError
from ruldiff.model import Document, Edit
from ruldiff.outputs.render import render

ENGINES = {
    "python": (worddiff._python_diff, worddiff._python_cleaned),
    "compiled": (worddiff._compiled_diff, worddiff._compiled_cleaned),
}


@contextlib.contextmanager
def engine(name: str) -> Iterator[None]:
    """worddiff.py diffing with engine `name` for a while."""
    saved = worddiff._diff, worddiff._diff_cleaned
    worddiff._diff, worddiff._diff_cleaned = ENGINES[name]
    try:
        yield
    finally:
        worddiff._diff, worddiff._diff_cleaned = saved


def both(old: str, new: str) -> tuple[tuple[Edit, ...], tuple[Edit, ...]]:
    with engine("python"):
        pure = worddiff.diff_words(old, new)
    with engine("compiled"):
        compiled = worddiff.diff_words(old, new)
    return pure, compiled


def test_the_compiled_engine_is_the_default_where_it_installs() -> None:
    # A normal dependency: its wheel is installed with ruldiff.
    assert worddiff._compiled is not None
    assert worddiff.ENGINE == ("python" if os.environ.get("RULDIFF_ENGINE") == "python" else "compiled")


def engine_of(env: dict[str, str], block_compiled: bool = False) -> str:
    """ENGINE, or the error of the first diff, in a fresh interpreter."""
    code = "import sys\n"
    if block_compiled:  # as where no wheel installed: the import fails
        code += "sys.modules['fast_diff_match_patch'] = None\n"
    code += (
        "from ruldiff.diff import worddiff\n"
        "try:\n"
        "    edits = worddiff.diff_words('You may draw.', 'You must draw.')\n"
        "except Exception as exc:\n"
        "    print(type(exc).__name__, exc); raise SystemExit\n"
        "print(worddiff.ENGINE, [(e.op.value, e.text) for e in edits])\n"
    )
    run_env = {k: v for k, v in os.environ.items() if k != "RULDIFF_ENGINE"} | env
    done = subprocess.run([sys.executable, "-c", code], env=run_env, capture_output=True, text=True, check=True)
    return done.stdout.strip()


EDITS = "[('=', 'You '), ('-', 'may'), ('+', 'must'), ('=', ' draw.')]"


@pytest.mark.parametrize(
    "env, blocked, expected",
    [
        ({}, False, f"compiled {EDITS}"),
        ({"RULDIFF_ENGINE": "auto"}, False, f"compiled {EDITS}"),
        ({"RULDIFF_ENGINE": " Python "}, False, f"python {EDITS}"),
        ({"RULDIFF_ENGINE": "compiled"}, False, f"compiled {EDITS}"),
        # Where the import fails, the pure engine, with the same edits.
        ({}, True, f"python {EDITS}"),
        ({"RULDIFF_ENGINE": "compiled"}, True,
         "ConfigError RULDIFF_ENGINE=compiled, but fast-diff-match-patch cannot be imported "
         "(pip install fast-diff-match-patch, or unset RULDIFF_ENGINE)"),
        ({"RULDIFF_ENGINE": "c++"}, False, "ConfigError RULDIFF_ENGINE=c++ is not an engine (give python, compiled or auto)"),
    ],
)
def test_ruldiff_engine_chooses_the_engine(env: dict[str, str], blocked: bool, expected: str) -> None:
    assert engine_of(env, blocked) == expected


def test_a_misspelt_engine_is_an_error_of_the_command(tmp_path: Path) -> None:
    old, new = tmp_path / "a.txt", tmp_path / "b.txt"
    old.write_text("100. General\n\n100.1. You may draw.\n", encoding="utf-8")
    new.write_text("100. General\n\n100.1. You must draw.\n", encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "ruldiff", str(old), str(new)],
        env=os.environ | {"RULDIFF_ENGINE": "pyhton"}, capture_output=True, text=True,
    )
    assert done.returncode == 2
    assert "RULDIFF_ENGINE=pyhton is not an engine (give python, compiled or auto)" in done.stderr


@pytest.mark.parametrize(
    ("setting", "installed", "engine"),
    [
        (None, True, "compiled"), ("", True, "compiled"), (" Auto ", True, "compiled"),
        ("COMPILED", True, "compiled"), ("PYTHON", True, "python"),
        # without the wheel: the pure engine, unless the compiled one is asked for by name
        (None, False, "python"), ("auto", False, "python"), ("python", False, "python"),
    ],
)
def test_choose_gives_the_engine_asked_for_or_the_one_there_is(
    monkeypatch: pytest.MonkeyPatch, setting: str | None, installed: bool, engine: str
) -> None:
    if installed and worddiff._compiled is None:
        pytest.skip("fast-diff-match-patch cannot be imported here")
    if not installed:
        monkeypatch.setattr(worddiff, "_compiled", None)
    assert worddiff._choose(setting) == engine


@pytest.mark.parametrize(
    ("setting", "installed", "message", "fix"),
    [
        ("fast", True, "RULDIFF_ENGINE=fast is not an engine", "give python, compiled or auto"),
        ("compiled", False, "RULDIFF_ENGINE=compiled, but fast-diff-match-patch cannot be imported",
         "pip install fast-diff-match-patch, or unset RULDIFF_ENGINE"),
        (" Compiled", False, "RULDIFF_ENGINE=compiled, but fast-diff-match-patch cannot be imported",
         "pip install fast-diff-match-patch, or unset RULDIFF_ENGINE"),
    ],
)
def test_choose_raises_config_errors_keyed_by_the_variable(
    monkeypatch: pytest.MonkeyPatch, setting: str, installed: bool, message: str, fix: str
) -> None:
    if installed and worddiff._compiled is None:
        pytest.skip("fast-diff-match-patch cannot be imported here")
    if not installed:
        monkeypatch.setattr(worddiff, "_compiled", None)
    with pytest.raises(ConfigError) as caught:
        worddiff._choose(setting)
    assert (caught.value.message, caught.value.key, caught.value.fix) == (message, "RULDIFF_ENGINE", fix)


def test_no_code_is_a_letter_digit_or_space_to_the_c_library() -> None:
    """The semantic cleanup scores an edit's boundary by whether the characters
    beside it are letters, digits or spaces: Python asks its Unicode tables,
    the C++ port the C library (``iswalnum``, ``iswspace``, in the locale
    Python set). The codes words are encoded as must be none of these to
    both, or the engines could clean up the same diff differently."""
    libc = ctypes.CDLL(ctypes.util.find_library("c"))
    codes = list(worddiff._LATIN1_CODES) + [chr(worddiff._BASE + n) for n in range(worddiff._MAX_CODES + 1)]
    assert len(codes) == len(set(codes)) > worddiff._MAX_CODES
    assert not [c for c in codes if libc.iswalnum(ord(c)) or libc.iswspace(ord(c))]
    assert not [c for c in codes if c.isalnum() or c.isspace()]


INVENTED = [
    ("You may draw.", "You must draw."),
    ("", "Draw a card."),
    ("Draw a card.", ""),
    ("a b c d e f g", "a b h i j k l"),  # replaced whole, then cleaned up
    ("Draw a card. Then pass.\nExample: Ann draws.", "Draw two cards. Then pass.\n\nExample: Ann draws twice."),
    ("He or she draws. He or she wins. He or she loses.", "They draw. They win. They lose."),
    ("abc def. ghi jkl. mno.", "mno. ghi jkl. abc def."),
]


@pytest.mark.parametrize("old, new", INVENTED)
def test_engines_agree_on_invented_texts(old: str, new: str) -> None:
    pure, compiled = both(old, new)
    assert pure == compiled


def test_engines_agree_on_random_sentence_shuffles() -> None:
    rng = random.Random(16)
    words = "a the card player may must draw discard each turn rule 903.11 , . ; ( )".split()
    for _ in range(300):
        sentences = [" ".join(rng.choices(words, k=rng.randint(1, 12))) + "." for _ in range(rng.randint(1, 8))]
        edited = [s if rng.random() < 0.6 else " ".join(rng.choices(words, k=rng.randint(1, 12))) + "."
                  for s in sentences]
        if rng.random() < 0.2:
            rng.shuffle(edited)
        old, new = " ".join(sentences), " ".join(edited)
        pure, compiled = both(old, new)
        assert pure == compiled, (old, new)


def test_past_the_last_code_both_engines_diff_characters_with_the_pure_one() -> None:
    words = " ".join(f"w{i}" for i in range(worddiff._MAX_CODES))
    pure, compiled = both(f"{words} You may draw.", f"{words} You must draw.")
    assert pure == compiled
    assert [(e.op.value, e.text) for e in compiled[1:]] == [("-", "ay"), ("+", "ust"), ("=", " draw.")]


# --- the real corpora ---------------------------------------------------------


def consecutive(folder: str) -> list[tuple[str, str]]:
    names = [f"{folder}/{p.stem}" for p in sorted((corpora_dir() / folder).glob("*.txt"))]
    return list(zip(names, names[1:]))


NAMED = [("mtg/2009-10-01", "mtg/2026-01-16"), ("mtg/2018-01-19", "mtg/2018-04-27"),
         ("riftbound/2025-10-01", "riftbound/2026-06-18")]
PAIRS = consecutive("mtg") + consecutive("riftbound") + consecutive("riftbound-tournament") + NAMED[:1] + NAMED[2:]


@functools.lru_cache(maxsize=3)
def document(name: str) -> Document:
    return load(str(corpora_dir() / f"{name}.txt"))


def test_the_pairs_are_every_adjacent_release_and_the_named_ones(corpora: Path) -> None:
    assert len(consecutive("mtg")) == 125
    assert {("mtg/2018-01-19", "mtg/2018-04-27")} <= set(PAIRS)  # adjacent
    assert len(consecutive("riftbound")) == 3 and len(consecutive("riftbound-tournament")) == 2


@pytest.mark.parametrize("pair", each(PAIRS, lambda pair: f"{pair[0]}..{pair[1].rsplit('/', 1)[1]}"))
def test_engines_agree_on_every_paired_rule(corpora: Path, pair: tuple[str, str]) -> None:
    """The word diff of every rule the aligner pairs whose text changed
    (renumbered or not), with each engine."""
    _, aligned = changed_pairs(document(pair[0]), document(pair[1]))
    texts = sorted({(p.old.full_text, p.new.full_text) for p in aligned
                    if p.old and p.new and p.old.full_text != p.new.full_text})
    with engine("python"):
        pure = [worddiff.diff_words(old, new) for old, new in texts]
    with engine("compiled"):
        compiled = [worddiff.diff_words(old, new) for old, new in texts]
    differ = [texts[n] for n in range(len(texts)) if pure[n] != compiled[n]]
    assert not differ, f"{len(differ)} of {len(texts)} differ, first: {differ[0]}"


@pytest.mark.parametrize("pair", each(NAMED, lambda pair: f"{pair[0]}..{pair[1].rsplit('/', 1)[1]}"))
def test_engines_give_the_same_json_on_the_named_pairs(corpora: Path, pair: tuple[str, str]) -> None:
    """The whole comparison, splits and merges included (they diff other
    texts than the paired rules'), byte for byte."""
    old, new = document(pair[0]), document(pair[1])
    with engine("python"):
        pure = render(compare(old, new), "json")
    with engine("compiled"):
        compiled = render(compare(old, new), "json")
    assert pure == compiled
