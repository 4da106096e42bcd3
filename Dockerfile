# One image for the API and the workers (see compose.yaml):
#   docker build -t lorekeeper .
#   docker run -e REDIS_URL=redis://redis:6379/0 -p 8000:8000 lorekeeper      # the API
#   docker run -e REDIS_URL=redis://redis:6379/0 lorekeeper python -m workers  # the workers
# Dependencies come pinned from requirements.lock (scripts/lock). The source tree is copied
# as it is, not pip-installed: the API serves openapi.yaml from next to api/ (api/meta.py)
# and the viewer from api/static/viewer/.
FROM python:3.11-slim-bookworm

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PYTHONPATH=/app \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1

WORKDIR /app
COPY requirements.lock ./
RUN python -m pip install --no-cache-dir -r requirements.lock \
    && useradd --system --uid 10001 --no-create-home --shell /usr/sbin/nologin lorekeeper

COPY openapi.yaml ./
COPY domain/ domain/
COPY adapters/ adapters/
COPY lorekeeper/ lorekeeper/
COPY api/ api/
COPY workers/ workers/

USER 10001
EXPOSE 8000

# gthread: a server-sent event stream holds a thread, not a whole worker process. No control
# socket (gunicorn 25.1+ puts one in $HOME, which this user has none of). Tune the rest with
# GUNICORN_CMD_ARGS (the command line below wins over it, so it holds only fixed choices).
ENV GUNICORN_CMD_ARGS="--workers 2 --threads 8 --graceful-timeout 10"
# --reuse-port spreads keep-alive connections over the workers (see scripts/run).
CMD ["gunicorn", "--bind", "0.0.0.0:8000", "--worker-class", "gthread", "--no-control-socket", \
     "--reuse-port", "api.wsgi:app"]

# The API's /healthz (it reads Redis too: 503 when Redis does not answer). The worker's
# service in compose.yaml replaces this check with its own.
HEALTHCHECK --interval=15s --timeout=5s --start-period=10s --retries=3 \
    CMD ["python", "-c", "import urllib.request; urllib.request.urlopen('http://127.0.0.1:8000/healthz', timeout=4)"]
