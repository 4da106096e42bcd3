"""The install and container files stay true to the code: the one lock (uv.lock) is the lock of
pyproject.toml as it is now, every install uses it hash-checked, the image carries every
package and file the server reads from a base pinned by digest, compose builds that image once
and keeps Redis durable. (hadolint and the compose schema check the files' syntax in
scripts/test; scripts/test builds the image where a container engine answers.)"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any

import yaml
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name
from packaging.version import Version

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("domain", "adapters", "lorekeeper", "api", "workers")
IMAGE_FILES = ("openapi.yaml", "gunicorn.conf.py")
BUILD_FILES = ("pyproject.toml", "uv.lock", "scripts/uv_requirement.py")


def _lock() -> dict[str, Any]:
    return tomllib.loads((ROOT / "uv.lock").read_text())


def _project() -> dict[str, Any]:
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]


def _spelled(requirement: Requirement) -> tuple[str, str, str, str]:
    name = canonicalize_name(requirement.name)
    extras = ",".join(sorted(requirement.extras))
    return name, extras, str(requirement.specifier), str(requirement.marker or "")


def _requirements_of_pyproject() -> set[tuple[str, str, str, str]]:
    project = _project()
    specs = [Requirement(s) for s in project["dependencies"]]
    for extra, extra_specs in project["optional-dependencies"].items():
        for spec in extra_specs:
            requirement = Requirement(spec)
            marker = f'extra == "{extra}"'
            both = f"({requirement.marker}) and {marker}" if requirement.marker else marker
            requirement.marker = Requirement(f"x; {both}").marker
            specs.append(requirement)
    return {_spelled(r) for r in specs}


def _requirements_of_lock() -> set[tuple[str, str, str, str]]:
    root = next(p for p in _lock()["package"] if p["source"].get("editable") == ".")
    spelled = set()
    for entry in root["metadata"]["requires-dist"]:
        extras = f"[{','.join(entry['extras'])}]" if entry.get("extras") else ""
        marker = f"; {entry['marker']}" if entry.get("marker") else ""
        spec = f"{entry['name']}{extras}{entry.get('specifier', '')}{marker}"
        spelled.add(_spelled(Requirement(spec)))
    return spelled


def test_the_lock_was_made_from_pyproject_as_it_is() -> None:
    """uv.lock records the requirements it resolved; they must be pyproject.toml's today."""
    in_pyproject, in_lock = _requirements_of_pyproject(), _requirements_of_lock()
    assert in_pyproject == in_lock, (
        "uv.lock does not match pyproject.toml: run scripts/lock "
        f"(only in pyproject: {sorted(in_pyproject - in_lock)}; "
        f"only in the lock: {sorted(in_lock - in_pyproject)})"
    )


def test_the_lock_pins_every_requirement_within_its_range_with_hashes() -> None:
    packages = {canonicalize_name(p["name"]): p for p in _lock()["package"]}
    for name, _, specifier, _ in _requirements_of_pyproject():
        assert name in packages, f"{name} is not in uv.lock: run scripts/lock"
        version = Version(packages[name]["version"])
        assert Requirement(f"{name}{specifier}").specifier.contains(version, prereleases=True)
    for name, package in packages.items():
        if package["source"].get("editable"):
            continue
        files = [*package.get("wheels", []), package.get("sdist", {})]
        assert all(f.get("hash", "").startswith("sha256:") for f in files if f), name


def test_every_install_uses_the_lock_hash_checked() -> None:
    common = (ROOT / "scripts" / "_common.sh").read_text()
    assert "sync --quiet \\\n            --frozen" in common  # installs the lock, resolves nothing
    assert "--require-hashes" in common  # uv itself, bootstrapped from the lock's hashes
    dockerfile = (ROOT / "Dockerfile").read_text()
    assert "uv export --quiet --frozen" in dockerfile
    assert "pip install --no-cache-dir --require-hashes -r runtime.txt" in dockerfile
    assert not (ROOT / "requirements.lock").exists(), "one lock: uv.lock"


def test_the_image_bases_are_pinned_by_digest() -> None:
    dockerfile = (ROOT / "Dockerfile").read_text()
    base = re.search(r"^ARG PYTHON_IMAGE=(\S+)$", dockerfile, re.MULTILINE)
    assert base is not None
    assert re.fullmatch(r"python:3\.11-slim-bookworm@sha256:[0-9a-f]{64}", base[1])
    node = re.search(r"^ARG NODE_IMAGE=(\S+)$", dockerfile, re.MULTILINE)
    assert node is not None  # the browser client's build stage
    assert re.fullmatch(r"node:20-bookworm-slim@sha256:[0-9a-f]{64}", node[1])
    stages = re.findall(r"^FROM (\S+)", dockerfile, re.MULTILINE)
    assert stages and all(stage in ("${PYTHON_IMAGE}", "${NODE_IMAGE}") for stage in stages)
    assert stages[-1] == "${PYTHON_IMAGE}"  # the image itself runs Python alone


def test_the_image_copies_every_package_and_file_it_reads() -> None:
    dockerfile = (ROOT / "Dockerfile").read_text()
    copied = set()
    for sources in re.findall(r"^COPY (?!--from)(.+) \S+$", dockerfile, re.MULTILINE):
        copied |= {s.rstrip("/") for s in sources.split()}
    assert {*PACKAGES, *IMAGE_FILES, *(Path(f).name for f in BUILD_FILES)} <= {
        Path(c).name for c in copied
    }
    ignore = (ROOT / ".dockerignore").read_text().split()
    for name in (*PACKAGES, *IMAGE_FILES, *BUILD_FILES):
        assert f"!{name}" in ignore
    assert re.search(r"^USER (?!root|0\b)\S+", dockerfile, re.MULTILINE)
    assert "HEALTHCHECK" in dockerfile and "/healthz" in dockerfile
    assert '"--worker-class", "gevent"' in dockerfile  # streams hold no thread (docs/streams.md)


def test_the_api_logs_through_one_gunicorn_config_everywhere() -> None:
    assert '"gunicorn", "--config", "gunicorn.conf.py"' in (ROOT / "Dockerfile").read_text()
    assert "gunicorn --config gunicorn.conf.py" in (ROOT / "scripts" / "run").read_text()


def test_compose_builds_one_image_for_the_api_and_the_workers() -> None:
    services = yaml.safe_load((ROOT / "compose.yaml").read_text())["services"]
    built = [name for name, service in services.items() if "build" in service]
    assert built == ["api"], "one build: the other services run its image"
    assert services["worker"]["image"] == services["api"]["image"]
    assert services["worker"]["pull_policy"] == "never"  # never a registry's lorekeeper


def test_compose_runs_redis_durable_and_never_evicting() -> None:
    services = yaml.safe_load((ROOT / "compose.yaml").read_text())["services"]
    command = services["redis"]["command"]
    flags = dict(zip(command[1::2], command[2::2], strict=False))
    assert flags["--appendonly"] == "yes"
    assert flags["--appendfsync"] == "always"
    assert flags["--maxmemory-policy"] == "noeviction"
    assert services["redis"]["volumes"]
    assert services["worker"]["command"] == ["python", "-m", "workers"]
    for name in ("api", "worker"):
        assert services[name]["environment"]["REDIS_URL"] == "redis://redis:6379/0"
        assert services[name]["depends_on"]["redis"]["condition"] == "service_healthy"
    assert "healthcheck" in services["redis"] and "healthcheck" in services["worker"]


def test_compose_signs_with_one_key_made_once_into_a_volume() -> None:
    """Issue 20: exports and tree heads of a compose stack are signed, with a key kept across
    restarts (made by `python -m lorekeeper.audit.signing FILE`, which never overwrites one)."""
    services = yaml.safe_load((ROOT / "compose.yaml").read_text())["services"]
    maker = services["signing-key"]
    assert maker["command"] == ["python", "-m", "lorekeeper.audit.signing", "/keys/signing.key"]
    assert maker["volumes"] == ["signing-key:/keys"] and maker["restart"] == "no"
    for name in ("api", "worker", "api-cluster", "worker-cluster"):
        service = services[name]
        assert service["environment"]["LOREKEEPER_SIGNING_KEY_FILE"] == "/keys/signing.key"
        assert "signing-key:/keys:ro" in service["volumes"]
        done = service["depends_on"]["signing-key"]["condition"]
        assert done == "service_completed_successfully"
    assert "mkdir /keys && chown 10001 /keys" in (ROOT / "Dockerfile").read_text()
