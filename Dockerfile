# tabletop: the Discord bot, with its SQLite database on a volume.
#   docker build -t tabletop .
#   docker run -e DISCORD_TOKEN=... -v tabletop-data:/data tabletop
# Or with a PostgreSQL server beside it: docker-compose.yml builds this image and starts both
# (`docker compose up -d --build`; TABLETOP_DATABASE then names the server, docs/deploy.md).
# Two stages: the first builds the wheel from the source (`pip wheel`, as tests/packaging/test_wheel.py
# does); the second installs only that wheel, so the bot runs from site-packages with the data
# files the wheel carries, and the image holds no source tree (docs/deploy.md).
FROM python:3.11-slim AS wheel
WORKDIR /src
COPY . .
RUN pip wheel --no-cache-dir --no-deps --wheel-dir /dist .

FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    TABLETOP_DATABASE=/data/tabletop.sqlite3

# libfribidi0: Pillow's wheel carries raqm and HarfBuzz but loads FriBiDi from the system; with it,
# Arabic names are shaped (joined letters) and ordered right to left (docs/images.md, "Fonts").
RUN apt-get update \
    && apt-get install -y --no-install-recommends libfribidi0 \
    && rm -rf /var/lib/apt/lists/*
COPY --from=wheel /dist /tmp/dist
RUN pip install --no-cache-dir /tmp/dist/*.whl \
    && rm -rf /tmp/dist \
    && useradd --create-home --uid 1000 tabletop \
    && mkdir -p /data && chown tabletop /data

USER tabletop
WORKDIR /data
VOLUME ["/data"]
# --live: a container is for Discord; without a token it says how to get one instead of opening
# a sandbox page on the container's own loopback, where nobody could reach it.
CMD ["tabletop", "run", "--live"]
