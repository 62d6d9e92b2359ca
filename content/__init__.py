"""Game content: loading and validating the data files in `content/data/` (see docs/formats.md).

The JSON files live inside this package, `content/data/<game>/`, so an installed wheel carries
them as package data (pyproject.toml `[tool.setuptools.package-data]`; docs/architecture.md,
"Packaging"): `DATA_DIR` is found from this file, never from the working directory.
"""

from pathlib import Path

DATA_DIR = Path(__file__).resolve().parent / "data"
