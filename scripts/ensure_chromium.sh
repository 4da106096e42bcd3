#!/usr/bin/env bash
# Make sure the browser of the viewer's end-to-end tests is installed: Debian's `chromium`
# and the DejaVu fonts the board picture names, from apt, without recommended packages
# (Playwright drives the browser itself: no chromium-driver; headless needs no desktop
# helpers). Idempotent: does nothing when the browser is already there. A browser is never
# downloaded from elsewhere (no `playwright install`).
#
#   LOREKEEPER_CHROMIUM   the browser binary the tests use (/usr/bin/chromium)
set -euo pipefail

chromium="${LOREKEEPER_CHROMIUM:-/usr/bin/chromium}"
if [ -x "$chromium" ]; then
    exit 0
fi
if ! command -v apt-get >/dev/null 2>&1; then
    echo "error: $chromium is missing and there is no apt-get to install it" >&2
    exit 1
fi
sudo=()
if [ "$(id -u)" -ne 0 ]; then
    if ! command -v sudo >/dev/null 2>&1; then
        echo "error: $chromium is missing; install it as root: apt-get install --no-install-recommends chromium" >&2
        exit 1
    fi
    sudo=(sudo)
fi
echo "installing chromium from apt (for the viewer's end-to-end tests)" >&2
"${sudo[@]}" apt-get update -q
DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -q --no-install-recommends \
    chromium fonts-dejavu-core
if [ ! -x "$chromium" ]; then
    echo "error: chromium was installed but $chromium is still missing" >&2
    exit 1
fi
