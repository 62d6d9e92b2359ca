"""Performance figures for notes (`python bench/run.py`); not a gate unless run with `--strict`."""
