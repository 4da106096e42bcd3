# One image for the API and the workers (see compose.yaml):
#   docker build -t lorekeeper .
#   docker run -e REDIS_URL=redis://redis:6379/0 -p 8000:8000 lorekeeper      # the API
#   docker run -e REDIS_URL=redis://redis:6379/0 lorekeeper python -m workers  # the workers
# Dependencies come from uv.lock, the lock scripts/run and scripts/test install from too
# (scripts/lock), hash-checked. The source tree is copied as it is, not pip-installed: the API
# serves openapi.yaml from next to api/ (api/meta.py) and the viewer from api/static/viewer/.
#
# The base is pinned by digest: python:3.11-slim-bookworm as published on 25 Aug 2026
# (Python 3.11.16; the multi-platform index digest). Move it on deliberately.
ARG PYTHON_IMAGE=python:3.11-slim-bookworm@sha256:0bee7276f83efd4a1ee05bbbf4281d95ed28e079220a9457f25a93e3f1e3c31b

# The runtime dependencies, in a venv of their own; uv itself stays in this stage.
FROM ${PYTHON_IMAGE} AS dependencies
ENV PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1 UV_NO_CACHE=1
WORKDIR /build
COPY pyproject.toml uv.lock scripts/uv_requirement.py ./
RUN python uv_requirement.py uv.lock >uv.txt \
    && pip install --no-cache-dir --require-hashes -r uv.txt \
    && uv export --quiet --frozen --no-emit-project --no-dev --format requirements-txt -o runtime.txt \
    && uv export --quiet --frozen --no-emit-project --no-dev --extra docs --format requirements-txt -o docs.txt \
    && python -m venv /opt/venv \
    && /opt/venv/bin/pip install --no-cache-dir --require-hashes -r runtime.txt

# The documentation site (mkdocs.yml), built with the docs extra of the same lock: its hooks
# draw the board pictures with the server's code and make the settings table from Settings.
# The image keeps only the built pages, served at /docs/ (api/docs_site.py).
FROM ${PYTHON_IMAGE} AS docs
ENV PIP_NO_CACHE_DIR=1 PIP_DISABLE_PIP_VERSION_CHECK=1
WORKDIR /build
COPY --from=dependencies /opt/venv /opt/venv
COPY --from=dependencies /build/docs.txt ./
RUN /opt/venv/bin/pip install --no-cache-dir --require-hashes -r docs.txt
COPY mkdocs.yml openapi.yaml ./
COPY docs/ docs/
COPY domain/ domain/
COPY adapters/ adapters/
COPY lorekeeper/ lorekeeper/
COPY api/ api/
COPY workers/ workers/
RUN PYTHONPATH=/build NO_MKDOCS_2_WARNING=1 /opt/venv/bin/mkdocs build --strict --quiet

FROM ${PYTHON_IMAGE}
ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PYTHONPATH=/app \
    PATH=/opt/venv/bin:$PATH

COPY --from=dependencies /opt/venv /opt/venv
RUN useradd --system --uid 10001 --no-create-home --shell /usr/sbin/nologin lorekeeper \
    && mkdir /keys && chown 10001 /keys && chmod 700 /keys
# /keys: where compose.yaml keeps the signing key (a named volume takes this owner and mode).
WORKDIR /app
COPY openapi.yaml gunicorn.conf.py ./
COPY domain/ domain/
COPY adapters/ adapters/
COPY lorekeeper/ lorekeeper/
COPY api/ api/
COPY workers/ workers/
COPY --from=docs /build/var/site var/site/

USER 10001
EXPOSE 8000

# gevent workers: an open event stream holds no thread (docs/streams.md). No control socket
# (gunicorn 25.1+ puts one in $HOME, which this user has none of). Logs: JSON lines at
# LOREKEEPER_LOG_LEVEL (gunicorn.conf.py). Tune the rest with GUNICORN_CMD_ARGS (the command
# line below wins over it, so it holds only fixed choices).
ENV GUNICORN_CMD_ARGS="--workers 2 --worker-connections 4096 --graceful-timeout 10"
# --reuse-port spreads keep-alive connections over the workers (see scripts/run).
CMD ["gunicorn", "--config", "gunicorn.conf.py", "--bind", "0.0.0.0:8000", \
     "--worker-class", "gevent", "--no-control-socket", "--reuse-port", "api.wsgi:app"]

# The API's /healthz (it reads Redis too: 503 when Redis does not answer). The worker's
# service in compose.yaml replaces this check with its own.
HEALTHCHECK --interval=15s --timeout=5s --start-period=10s --retries=3 \
    CMD ["python", "-c", "import urllib.request; urllib.request.urlopen('http://127.0.0.1:8000/healthz', timeout=4)"]
