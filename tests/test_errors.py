"""errors.py: how a message shows a value it quotes."""

from __future__ import annotations

import pytest

from ruldiff.config import load_config
from ruldiff.errors import ConfigError, brief


def test_a_value_is_quoted_whole_up_to_sixty_characters_then_cut() -> None:
    assert brief("x" * 58) == repr("x" * 58)  # 60 characters with the quotes: whole
    cut = brief("x" * 59)
    assert len(cut) == 60 and cut.endswith("…") and cut.startswith("'xxx")


def test_a_message_naming_a_long_key_quotes_sixty_characters_of_it() -> None:
    with pytest.raises(ConfigError) as caught:
        load_config("k" * 500 + ": 1\n")
    quoted = str(caught.value).split("unknown key ", 1)[1].split()[0]
    assert len(quoted) == 60 and quoted.endswith("…")
