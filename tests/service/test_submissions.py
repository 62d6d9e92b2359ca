"""The identity an autocomplete value carries (service/move_text.py)."""

from service.move_text import VALUE_LIMIT, offered, submitted


def test_an_offered_value_names_its_move_and_where_it_was_offered():
    assert submitted(offered("crystal gear", 12, 40)) == ("crystal gear", (12, 40))
    assert submitted("crystal gear") == ("crystal gear", None)  # typed by hand


def test_a_value_that_would_not_fit_discord_stays_the_bare_move():
    long_move = "x" * (VALUE_LIMIT - 3)
    assert offered(long_move, 12, 40) == long_move
    assert submitted(long_move) == (long_move, None)
