"""The container files stay true to the code: the lock pins what pyproject.toml asks for, the
image carries every package and file the server reads, compose keeps Redis durable.
(hadolint and the compose schema check the files' syntax in scripts/test.)"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path

import yaml
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[2]
PACKAGES = ("domain", "adapters", "lorekeeper", "api", "workers")


def _lock() -> dict[str, str]:
    pins: dict[str, str] = {}
    for line in (ROOT / "requirements.lock").read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            name, version = line.split("==")
            pins[canonicalize_name(name)] = version.strip()
    return pins


def test_the_lock_pins_every_runtime_dependency_within_pyproject() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    pins = _lock()
    for spec in project["dependencies"]:
        requirement = Requirement(spec)
        pinned = pins.get(canonicalize_name(requirement.name))
        assert pinned is not None, f"{requirement.name} is not in requirements.lock"
        assert requirement.specifier.contains(pinned), (
            f"requirements.lock pins {requirement.name}=={pinned}, outside {spec!r}: "
            "run scripts/lock"
        )


def test_the_image_copies_every_package_and_the_spec() -> None:
    dockerfile = (ROOT / "Dockerfile").read_text()
    copied = set(re.findall(r"^COPY (\S+?)/? ", dockerfile, re.MULTILINE))
    assert {*PACKAGES, "openapi.yaml", "requirements.lock"} <= copied
    ignore = (ROOT / ".dockerignore").read_text().split()
    for name in (*PACKAGES, "openapi.yaml", "requirements.lock"):
        assert f"!{name}" in ignore
    assert re.search(r"^USER (?!root|0\b)\S+", dockerfile, re.MULTILINE)
    assert "HEALTHCHECK" in dockerfile and "/healthz" in dockerfile
    assert '"--worker-class", "gthread"' in dockerfile


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
