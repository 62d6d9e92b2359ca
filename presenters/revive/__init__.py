"""Revive in words and images: `presenter.py` (the `Presenter`: turn summaries, prompts, the
hand, status and final scores) and `labels.py` (each legal move's label, worded from the
engine's `MoveFacts`, and each decision's prompt). The effect vocabulary both they and the
images use is `i18n/revive_words.py`. The engine says no words; these modules do."""
