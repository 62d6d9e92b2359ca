"""Rebirth in words and images: the presenter (`presenter.py`), its moves' labels (`moves.py`)
and its mission cards' names and texts (`missions.py`)."""

from presenters.rebirth.presenter import RebirthPresenter

__all__ = ["RebirthPresenter"]
