"""The API with one more route, whose handler never ends: for the fault suite's request
deadline test (`gunicorn tests.faults.hang_app:app`). Never served outside tests."""

from __future__ import annotations

import time

from api import create_app

app = create_app()


@app.get("/_fault/hang")
def hang() -> str:
    time.sleep(3600)
    return "never"
