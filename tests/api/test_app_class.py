"""The app class: Flask, remembering which of its functions are coroutines (api/__init__.py)."""

from __future__ import annotations

from typing import Any

import pytest

from api import LorekeeperApp


class Hooks:
    def plain(self) -> None: ...

    async def awaited(self) -> None: ...


def test_a_plain_function_is_run_as_it_is_and_a_coroutine_through_async_to_sync(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    app = LorekeeperApp(__name__)
    wrapped: list[Any] = []
    monkeypatch.setattr(app, "async_to_sync", lambda f: wrapped.append(f) or "wrapped")
    hooks = Hooks()
    for _ in range(3):  # answered once, then remembered: the same answers each time
        assert app.ensure_sync(hooks.plain) == hooks.plain
        assert app.ensure_sync(hooks.awaited) == "wrapped"
    assert wrapped == [hooks.awaited] * 3  # each call wraps its own bound method
    assert len(app._is_coroutine) == 2  # keyed by the functions, not the bound methods
