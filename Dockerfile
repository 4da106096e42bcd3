# One image for the API and the workers (see compose.yaml):
#   docker build -t lorekeeper .
#   docker run -e REDIS_URL=redis://redis:6379/0 -p 8000:8000 lorekeeper      # the API
#   docker run -e REDIS_URL=redis://redis:6379/0 lorekeeper python -m workers  # the workers
# Dependencies come from uv.lock, the lock scripts/run and scripts/test install from too
# (scripts/lock), hash-checked. The source tree is copied as it is, not pip-installed: the API
# serves openapi.yaml from next to api/ (api/meta.py) and the viewer from api/static/viewer/,
# and the browser client's bundle from clients/web/dist (api/play.py; built in the web stage).
#
# The base is pinned by digest: python:3.11-slim-bookworm as published on 25 Aug 2026
# (Python 3.11.16; the multi-platform index digest). Move it on deliberately.
ARG PYTHON_IMAGE=python:3.11-slim-bookworm@sha256:0bee7276f83efd4a1ee05bbbf4281d95ed28e079220a9457f25a93e3f1e3c31b
ARG NODE_IMAGE=node:20-bookworm-slim@sha256:2cf067cfed83d5ea958367df9f966191a942351a2df77d6f0193e162b5febfc0

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
# The browser client served at /play (clients/web), built from the locks of the SDK and the
# client as scripts/web builds it: npm ci, the SDK's types generated from openapi.yaml, tsc
# over both, esbuild. The image keeps only the bundle. The Node base is pinned by digest
# (node:20-bookworm-slim, the multi-platform index): move it on deliberately.
FROM ${NODE_IMAGE} AS web
WORKDIR /build
COPY clients/typescript/package.json clients/typescript/package-lock.json clients/typescript/
COPY clients/web/package.json clients/web/package-lock.json clients/web/
RUN npm ci --prefix clients/typescript --ignore-scripts --no-audit --no-fund --loglevel=error \
    && npm ci --prefix clients/web --ignore-scripts --no-audit --no-fund --loglevel=error
COPY openapi.yaml ./
COPY clients/typescript/tsconfig.json clients/typescript/
COPY clients/typescript/src/ clients/typescript/src/
COPY clients/web/tsconfig.json clients/web/build.mjs clients/web/
COPY clients/web/src/ clients/web/src/
RUN npm run --prefix clients/typescript build && npm run --prefix clients/web build

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
COPY --from=web /build/clients/web/dist/ clients/web/dist/

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
