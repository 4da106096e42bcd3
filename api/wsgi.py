"""The WSGI entry point: `gunicorn api.wsgi:app` (settings from the environment)."""

from api import create_app

app = create_app()
