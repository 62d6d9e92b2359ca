"""Revive in words and images: `presenter.py` (the `Presenter`: turn summaries, prompts, the
hand, status and final scores), `labels.py` (each legal move's label and each decision's
prompt, worded from the engine's `MoveFacts` and views) and `describe.py` (the one effect
vocabulary, for channel texts and for images). The engine says no words; these modules do."""
