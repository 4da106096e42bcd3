# Sourced by scripts/run, scripts/test and scripts/lock: the repo's venv, kept in step with
# pyproject.toml.
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

# What the installed venv depends on: pyproject.toml, the extras, and which top-level
# packages exist (the editable install only maps the packages it found).
lk_install_fingerprint() {
    local extras="$1"
    {
        cat "$LK_ROOT/pyproject.toml"
        echo "extras=$extras"
        for pkg in domain api workers adapters lorekeeper; do
            if [ -f "$LK_ROOT/$pkg/__init__.py" ]; then echo "package=$pkg"; fi
        done
    } | sha256sum | cut -d' ' -f1
}

# lk_ensure_venv EXTRAS: create .venv if missing, `pip install -e .[EXTRAS]` when stale.
# One install at a time (scripts/run and scripts/test may start together on a fresh clone).
lk_ensure_venv() {
    local extras="$1" python stamp want
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
    stamp="$LK_VENV/.lorekeeper-installed-$extras"
    want="$(lk_install_fingerprint "$extras")"
    if [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
        echo "installing lorekeeper[$extras] into $LK_VENV" >&2
        (cd "$LK_ROOT" && "$LK_PY" -m pip install -q --disable-pip-version-check -e ".[$extras]")
        echo "$want" >"$stamp"
    fi
    if [ -n "${lk_venv_lock:-}" ]; then
        exec {lk_venv_lock}>&-
    fi
}
