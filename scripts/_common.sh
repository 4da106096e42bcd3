# Sourced by scripts/run, scripts/test and scripts/lock: the repo's venv, installed from
# uv.lock (the one lock of every install, the container image's too).
# shellcheck shell=bash

LK_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
LK_VENV="$LK_ROOT/.venv"
LK_PY="$LK_VENV/bin/python"

lk_base_python() {
    local python="${PYTHON:-python3}"
    if ! "$python" -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null; then
        echo "error: $python is missing or older than 3.11 (set PYTHON=/path/to/python3.11+)" >&2
        return 1
    fi
    echo "$python"
}

# What the installed venv depends on: the lock, the extras, the Python.
lk_install_fingerprint() {
    local extras="$1"
    {
        cat "$LK_ROOT/uv.lock" "$LK_ROOT/pyproject.toml"
        echo "extras=$extras"
        "$LK_PY" -VV
    } | sha256sum | cut -d' ' -f1
}

# lk_ensure_uv: the uv that uv.lock pins, in .venv, checked against the lock's hashes.
lk_ensure_uv() {
    local want
    want="$("$LK_PY" "$LK_ROOT/scripts/uv_requirement.py" "$LK_ROOT/uv.lock")"
    if [ "uv==$("$LK_VENV/bin/uv" --version 2>/dev/null | cut -d' ' -f2)" = "${want%% *}" ]; then
        return 0  # already the pinned version
    fi
    echo "$want" >"$LK_VENV/uv-requirement.txt"
    "$LK_PY" -m pip install -q --disable-pip-version-check --require-hashes \
        -r "$LK_VENV/uv-requirement.txt"
}

# lk_ensure_venv EXTRAS...: create .venv if missing and install exactly what uv.lock pins for
# the runtime and EXTRAS (hash-checked), when the lock or the extras changed. Nothing is
# resolved here: scripts/lock resolves, everything else installs the lock. The source tree is
# put on the venv's path (a .pth file) rather than built and installed.
# One install at a time (scripts/run and scripts/test may start together on a fresh clone).
lk_ensure_venv() {
    local python stamp want extra args=()
    if command -v flock >/dev/null 2>&1; then
        mkdir -p "$LK_ROOT/var"
        exec {lk_venv_lock}>"$LK_ROOT/var/.venv.lock"
        flock "$lk_venv_lock"
    fi
    if [ ! -x "$LK_PY" ]; then
        python="$(lk_base_python)"
        echo "creating $LK_VENV" >&2
        "$python" -m venv "$LK_VENV"
    fi
    stamp="$LK_VENV/.lorekeeper-installed-${*// /-}"
    want="$(lk_install_fingerprint "$*")"
    if [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
        echo "installing the locked dependencies (uv.lock${*:+, extras: $*}) into $LK_VENV" >&2
        lk_ensure_uv
        for extra in "$@"; do args+=(--extra "$extra"); done
        # --inexact: what another script's extras installed stays (scripts/run, scripts/test).
        (cd "$LK_ROOT" && UV_PROJECT_ENVIRONMENT="$LK_VENV" "$LK_VENV/bin/uv" sync --quiet \
            --frozen --inexact --no-install-project --python "$LK_PY" "${args[@]}")
        "$LK_PY" -c 'import sys, sysconfig; from pathlib import Path
Path(sysconfig.get_paths()["purelib"], "lorekeeper-source.pth").write_text(sys.argv[1] + "\n")' \
            "$LK_ROOT"
        echo "$want" >"$stamp"
    fi
    if [ -n "${lk_venv_lock:-}" ]; then
        exec {lk_venv_lock}>&-
    fi
}
