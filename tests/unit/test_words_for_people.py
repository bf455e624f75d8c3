"""Words for people on the recommendation card: what the user gets first, in round figures, and each method
in plain words before the tool's name."""

from __future__ import annotations


def test_a_promised_time_is_rounded_as_a_person_says_it() -> None:
    from app.core.wording.window import roughly
    assert [roughly(s) for s in (0.2, 1.4, 2.1, 42.4, 59.4, 59.6, 166.7, 3569, 3600, 3900)] == [
        "about a second", "about a second", "about 2 s", "about 42 s", "about 59 s", "about 1 min", "about 3 min",
        "about 59 min", "about 1 h 00 min", "about 1 h 05 min"]



def test_every_method_has_plain_words() -> None:
    from app.core.transfer.methods import METHODS
    from app.core.wording.advice_card import plain
    assert all(plain(method) for method in METHODS)  # a method added later gets its words too
