# tabletop: the Discord bot, with its SQLite database on a volume.
#   docker build -t tabletop .
#   docker run -e DISCORD_TOKEN=... -v tabletop-data:/data tabletop
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    TABLETOP_DATABASE=/data/tabletop.sqlite3

WORKDIR /app
# libfribidi0: Pillow's wheel carries raqm and HarfBuzz but loads FriBiDi from the system; with it,
# Arabic names are shaped (joined letters) and ordered right to left (docs/images.md, "Fonts").
RUN apt-get update \
    && apt-get install -y --no-install-recommends libfribidi0 \
    && rm -rf /var/lib/apt/lists/*
COPY pyproject.toml ./
COPY bot.py ./
COPY cogs ./cogs
COPY content ./content
COPY data ./data
COPY db ./db
COPY engine ./engine
COPY i18n ./i18n
COPY render ./render
COPY service ./service
RUN pip install --no-cache-dir . \
    && useradd --create-home --uid 1000 tabletop \
    && mkdir -p /data && chown tabletop /data

USER tabletop
VOLUME ["/data"]
CMD ["python", "bot.py"]
