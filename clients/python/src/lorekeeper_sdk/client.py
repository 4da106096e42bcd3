"""`Client`: one player's (or one seat token's) connection to a Lorekeeper server.

Its methods cover what most clients do; every other operation is in the generated core, as
`client.core` (an `AuthenticatedClient` of `lorekeeper_sdk.core`) sharing this client's
connections, its retries and its typed errors.
"""

from __future__ import annotations

import uuid
from collections.abc import Iterable, Mapping
from types import TracebackType
from typing import Any, Protocol, Self, TypeVar
from urllib.parse import quote

import httpx

from lorekeeper_sdk.core import AuthenticatedClient
from lorekeeper_sdk.core.api.audit import (
    export_game,
    game_transparency_proof,
    signing_keys,
    transparency_tree_head,
)
from lorekeeper_sdk.core.api.games import get_game, get_legal_actions
from lorekeeper_sdk.core.api.players import create_player, get_me
from lorekeeper_sdk.core.api.ratings import get_player
from lorekeeper_sdk.core.models import (
    BoardView,
    CommandReply,
    CreatedGame,
    GameLogProof,
    GetLegalActionsResponse200,
    Me,
    NewPlayer,
    PlayerPage,
    SigningKeysResponse200,
    TreeHead,
)
from lorekeeper_sdk.core.types import UNSET
from lorekeeper_sdk.errors import LorekeeperError, TransportError, raise_for_problem
from lorekeeper_sdk.retries import Retry, RetryingTransport
from lorekeeper_sdk.streams import GameEvents, Notifications

API_VERSION = "v1"
M = TypeVar("M")


class Model(Protocol):
    """A generated model (or anything) that gives its JSON form."""

    def to_dict(self) -> dict[str, Any]: ...


Body = Mapping[str, Any] | Model


class Client:
    """A Lorekeeper client: `Client("http://127.0.0.1:8000", key)`.

    `key`: a player's API key (`lkp_…`), a seat token (`lks_…`) or a read-only token; None
    to call without one. `retry`: how requests are retried (`Retry`). `timeout_s`: the
    longest wait for a connection or a read. `stream_read_timeout_s`: the longest a stream may
    stay silent (the server sends a keep-alive every 15 s) before it is read as dropped.
    `transport`: an httpx transport to send through (tests pass `httpx.MockTransport`).
    """

    def __init__(
        self,
        base_url: str,
        key: str | None = None,
        *,
        retry: Retry | None = None,
        timeout_s: float = 30.0,
        stream_read_timeout_s: float = 60.0,
        transport: httpx.BaseTransport | None = None,
    ) -> None:
        self.base_url = api_url(base_url)
        self.key = key
        self.retry = retry or Retry()
        self.stream_read_timeout_s = stream_read_timeout_s
        self.http = httpx.Client(
            base_url=self.base_url,
            headers={"Authorization": f"Bearer {key}"} if key else {},
            timeout=timeout_s,
            transport=RetryingTransport(transport or httpx.HTTPTransport(), self.retry),
            event_hooks={"response": [raise_for_problem]},
        )
        self.core = AuthenticatedClient(base_url=self.base_url, token=key or "")
        self.core.set_httpx_client(self.http)

    @classmethod
    def sign_up(cls, base_url: str, name: str, *, bot: bool = False, **options: Any) -> Self:
        """A new player, and a client with its key (`client.key`: shown once, keep it).
        `bot`: a bot account, labelled as one wherever it sits (docs/ratings.md)."""
        body = NewPlayer(name=name, bot=True) if bot else NewPlayer(name=name)
        with cls(base_url, **options) as anonymous:
            made = anonymous._call(create_player.sync, body=body)
        return cls(base_url, made.key, **options)

    def me(self) -> Me:
        """The player of this client's key."""
        return _expect(self._call(get_me.sync), Me)

    def player(self, player_id: str) -> PlayerPage:
        """A player's public page: its name, bot flag, rating and record."""
        return _expect(self._call(get_player.sync, player_id), PlayerPage)

    def join(self, game_id: str) -> dict[str, Any]:
        """Take a seat: the one reserved for this player (a challenge), else an open one."""
        return self._post(f"/games/{quote(game_id, safe='')}/join", {}, None)

    def create_game(
        self,
        scenario: str | Mapping[str, Any] = "river_crossing",
        *,
        seats: Iterable[Body] | None = None,
        visibility: str | None = None,
        options: Mapping[str, Any] | None = None,
        idempotency_key: str | None = None,
    ) -> CreatedGame:
        """A new game (docs/client/games.md, "Creating a game"). Sent with an Idempotency-Key (a new
        UUID unless given), so a retry after a lost answer returns the same game."""
        body: dict[str, Any] = {"scenario": scenario}
        if seats is not None:
            body["seats"] = [_plain(seat) for seat in seats]
        if visibility is not None:
            body["visibility"] = visibility
        if options is not None:
            body["options"] = dict(options)
        answer = self._post("/games", body, idempotency_key)
        return CreatedGame.from_dict(answer)

    def game(self, game_id: str, *, min_version: int | None = None) -> BoardView:
        """The board now; with `min_version`, once the game reached it (or after about 2 s)."""
        found = self._call(get_game.sync, game_id, min_version=_unset(min_version))
        return _expect(found, BoardView)

    def legal_actions(self, game_id: str) -> GetLegalActionsResponse200:
        """Every command this client's seat may send now (`actions`, each ready to send)."""
        return _expect(self._call(get_legal_actions.sync, game_id), GetLegalActionsResponse200)

    def send(
        self,
        game_id: str,
        command: Body,
        *,
        if_match: int | None = None,
        idempotency_key: str | None = None,
    ) -> CommandReply:
        """Send a command (a dict, a generated command model or a legal action) as this
        client's seat. Sent with an Idempotency-Key (a new UUID unless given): a retry after
        a lost answer gets the first result (`duplicate` true) and appends nothing.
        `if_match`: act only if the game is still at this version (else `VersionMismatch`)."""
        headers = {} if if_match is None else {"If-Match": f'"{if_match}"'}
        path = f"/games/{quote(game_id, safe='')}/commands"
        answer = self._post(path, _plain(command), idempotency_key, headers)
        return CommandReply.from_dict(answer)

    def events(self, game_id: str, *, from_version: int = 1) -> GameEvents:
        """The game's events from `from_version` on, live, until the game is over; resumes
        after a drop (streams.py)."""
        return GameEvents(self.http, game_id, from_version, self.retry, self.stream_read_timeout_s)

    def notifications(self, *, after: str | None = None) -> Notifications:
        """This player's notifications as they come; resumes after a drop (streams.py).
        `after`: a position given before (`Notifications.position`), to go on from there;
        `"0-0"` for every one the server keeps. Without it: from the moment it connects."""
        return Notifications(self.http, after, self.retry, self.stream_read_timeout_s)

    def export(self, game_id: str) -> str:
        """The game's export: NDJSON text, one record a line (verify it with `verify_export`)."""
        return _expect(self._call(export_game.sync, game_id), str)

    def transparency_proof(self, game_id: str, *, since: int | None = None) -> GameLogProof:
        """The game's leaves in the transparency log, and, with `since`, the proof that the
        log now extends the tree head of that size you saved."""
        found = self._call(game_transparency_proof.sync, game_id, since=_unset(since))
        return _expect(found, GameLogProof)

    def tree_head(self) -> TreeHead:
        """The transparency log's signed tree head now: save it, to check the log later."""
        return _expect(self._call(transparency_tree_head.sync), TreeHead)

    def signing_keys(self) -> SigningKeysResponse200:
        """The server's public keys; keep a copy you got from a source you trust."""
        return _expect(self._call(signing_keys.sync), SigningKeysResponse200)

    def _post(
        self,
        path: str,
        body: Mapping[str, Any],
        idempotency_key: str | None,
        headers: Mapping[str, str] | None = None,
    ) -> dict[str, Any]:
        key = idempotency_key or str(uuid.uuid4())
        sent = {**(headers or {}), "Idempotency-Key": key}
        try:
            answer = self.http.post(path, json=dict(body), headers=sent)
        except httpx.TransportError as exc:
            raise TransportError(f"POST {path}: {exc}") from exc
        return _expect(answer.json(), dict)

    def _call(self, operation: Any, *args: Any, **kwargs: Any) -> Any:
        """A generated operation, with this client; network failures as `TransportError`."""
        try:
            return operation(*args, client=self.core, **kwargs)
        except httpx.TransportError as exc:
            raise TransportError(str(exc)) from exc

    def close(self) -> None:
        """Close this client's connections."""
        self.http.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()


def api_url(base_url: str) -> str:
    """The API's root: `http://host:8000` and `http://host:8000/v1` both give the latter."""
    root = base_url.rstrip("/")
    suffix = f"/{API_VERSION}"
    return root if root.endswith(suffix) else root + suffix


def _plain(body: Body) -> dict[str, Any]:
    to_dict = getattr(body, "to_dict", None)
    return dict(to_dict()) if callable(to_dict) else dict(body)  # type: ignore[arg-type]


def _unset(value: Any) -> Any:
    return UNSET if value is None else value


def _expect(found: Any, kind: type[M]) -> M:
    if not isinstance(found, kind):
        raise LorekeeperError(f"the server answered {type(found).__name__}, not {kind.__name__}")
    return found
