"""GET /play and its files (api/play.py): the built page, gzip where accepted, and a clear
page where the client is not built (never a 500)."""

from __future__ import annotations

import gzip
from pathlib import Path

from flask import Flask

from api import create_app
from api.composition import memory_components
from api.play import register_play
from tests.api.conftest import TEST_SETTINGS


def _app(dist: Path | None = None) -> Flask:
    app = create_app(TEST_SETTINGS, components=memory_components(TEST_SETTINGS))
    if dist is not None:
        app.config["LOREKEEPER_WEB_DIST"] = dist
    return app


def _built(folder: Path) -> Path:
    folder.mkdir()
    (folder / "index.html").write_text('<script type="module" src="/play/static/play.js">')
    (folder / "play.js").write_text("console.log('play');" * 50)
    (folder / "play.js.gz").write_bytes(gzip.compress((folder / "play.js").read_bytes()))
    (folder / "play.css").write_text("body{}")
    return folder


def test_the_page_is_served_with_its_policy_and_without_a_version_prefix(tmp_path: Path) -> None:
    with _app(_built(tmp_path / "dist")).test_client() as client:
        for path in ("/play", "/v1/play"):
            page = client.get(path)
            assert page.status_code == 200 and page.mimetype == "text/html"
            assert "default-src 'self'" in page.headers["Content-Security-Policy"]
            assert "Deprecation" not in page.headers  # a page, not an aliased API route
        assert client.get("/play?x=1").json["code"] == "invalid_query"


def test_the_script_goes_gzip_compressed_to_a_browser_that_accepts_it(tmp_path: Path) -> None:
    dist = _built(tmp_path / "dist")
    with _app(dist).test_client() as client:
        packed = client.get("/play/static/play.js", headers={"Accept-Encoding": "gzip, br"})
        assert packed.headers["Content-Encoding"] == "gzip"
        assert gzip.decompress(packed.get_data()) == (dist / "play.js").read_bytes()
        packed.close()
        plain = client.get("/play/static/play.js")
        assert "Content-Encoding" not in plain.headers
        assert plain.get_data() == (dist / "play.js").read_bytes()
        assert plain.headers["Vary"] == "Accept-Encoding" and plain.mimetype == "text/javascript"
        plain.close()
        again = client.get("/play/static/play.js", headers={"If-None-Match": plain.headers["ETag"]})
        assert again.status_code == 304
        again.close()


def test_only_the_clients_files_are_served(tmp_path: Path) -> None:
    dist = _built(tmp_path / "dist")
    (tmp_path / "secret.txt").write_text("no")
    with _app(dist).test_client() as client:
        for name in ("index.html", "..%2Fsecret.txt", "play.js.gz", "other.js"):
            answer = client.get(f"/play/static/{name}")
            assert answer.status_code == 404, name
            assert answer.json["code"] == "not_found"


def test_a_server_without_the_built_client_says_so(tmp_path: Path) -> None:
    with _app(tmp_path / "nothing").test_client() as client:
        page = client.get("/play")
        assert page.status_code == 503 and page.mimetype == "text/html"
        assert b"scripts/web" in page.data
        missing = client.get("/play/static/play.js")
        assert missing.status_code == 404 and missing.json["code"] == "not_found"


def test_register_play_takes_the_folder_to_serve(tmp_path: Path) -> None:
    app = Flask(__name__)
    register_play(app, _built(tmp_path / "dist"))
    with app.test_client() as client:
        assert client.get("/play").status_code == 200
