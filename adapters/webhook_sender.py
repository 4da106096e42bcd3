"""Webhook deliveries over HTTP(S), with urllib3, to an address checked against SSRF.

`check(url)`: https (http only when the operator allows it), no credentials in the URL, and
every address the host name resolves to must be a global unicast one: no loopback, private,
link-local, shared (CGNAT), multicast, reserved or unspecified address, nor an IPv6 address
that carries one of those to an IPv4 host (IPv4-mapped, NAT64, 6to4), unless
LOREKEEPER_WEBHOOK_ALLOW_PRIVATE. `send` resolves and checks again, then
connects to the checked address itself (the Host header and, for https, SNI and the
certificate still name the host), so a name that resolves differently a second time (DNS
rebinding) cannot steer the request elsewhere. No redirect is followed (a 3xx is a
failure), the connect and each read are bounded by the timeout and the whole answer by twice
it, and at most `max_response_bytes` of the answer are read.
"""

from __future__ import annotations

import ipaddress
import socket
import time
from collections.abc import Callable, Mapping
from typing import Any

import urllib3
from urllib3.exceptions import HTTPError
from urllib3.util import Timeout, parse_url

from lorekeeper.errors import Refused
from lorekeeper.push.ports import Attempt

Resolve = Callable[..., list[tuple[Any, ...]]]
_CHUNK = 8192


# The NAT64 well-known prefix (RFC 6052): a translator on the way sends the packets to the
# IPv4 address in the last 32 bits, which must be public itself.
_NAT64 = ipaddress.IPv6Network("64:ff9b::/96")
# Never a webhook's, though Python 3.11's `is_global` takes them for global: local-use NAT64
# (RFC 8215: a network's own translator, whose prefix length, and so where the IPv4 address
# sits, the address does not tell) and the deprecated IPv4-compatible ::/96 (RFC 4291).
_REFUSED = (ipaddress.IPv6Network("64:ff9b:1::/48"), ipaddress.IPv6Network("::/96"))


def is_allowed_address(text: str) -> bool:
    """Whether a webhook may go to this address without the operator's leave: a global
    unicast one, and for an IPv6 address that reaches an IPv4 host (IPv4-mapped, NAT64,
    6to4), the IPv4 address it carries. Teredo (2001::/32) stays refused, as not global."""
    address = ipaddress.ip_address(text.split("%", 1)[0])
    if isinstance(address, ipaddress.IPv6Address):
        if any(address in network for network in _REFUSED):
            return False
        address = _carried_ipv4(address) or address
    return address.is_global and not address.is_multicast


def _carried_ipv4(address: ipaddress.IPv6Address) -> ipaddress.IPv4Address | None:
    if address in _NAT64:
        return ipaddress.IPv4Address(int(address) & 0xFFFF_FFFF)
    return address.ipv4_mapped or address.sixtofour


def _refused(detail: str) -> Refused:
    return Refused("webhook_target_refused", detail, errors={"url": [detail]})


class HttpWebhookSender:
    def __init__(
        self,
        *,
        allow_private: bool = False,
        allow_http: bool = False,
        timeout_s: float = 5.0,
        max_response_bytes: int = 64 * 1024,
        resolve: Resolve = socket.getaddrinfo,
    ) -> None:
        self._allow_private = allow_private
        self._allow_http = allow_http
        self._timeout_s = timeout_s
        self._max_bytes = max_response_bytes
        self._resolve = resolve

    def check(self, url: str) -> None:
        self._target(url)

    def send(self, url: str, headers: Mapping[str, str], body: bytes) -> Attempt:
        started = time.monotonic()
        try:
            scheme, host, port, path, address = self._target(url)
            status = self._post(scheme, host, port, path, address, headers, body, started)
            return Attempt(status, None, _ms_since(started))
        except Refused as refused:
            return Attempt(None, f"refused: {refused}", _ms_since(started))
        except (HTTPError, OSError, TimeoutError) as exc:
            return Attempt(None, _reason(exc), _ms_since(started))

    def _target(self, url: str) -> tuple[str, str, int, str, str]:
        """(scheme, host, port, path, the address to connect to), or Refused."""
        try:
            parsed = parse_url(url)
        except ValueError:
            raise _refused("not a URL") from None
        scheme = (parsed.scheme or "").lower()
        if scheme not in ("https", "http") or (scheme == "http" and not self._allow_http):
            raise _refused("the URL must be https://" + (" or http://" if self._allow_http else ""))
        if not parsed.host:
            raise _refused("the URL has no host")
        if parsed.auth:
            raise _refused("the URL may not carry credentials")
        host = parsed.host.strip("[]")
        port = parsed.port or (443 if scheme == "https" else 80)
        try:
            found = self._resolve(host, port, type=socket.SOCK_STREAM)
        except (OSError, UnicodeError):
            raise _refused(f"{host} does not resolve") from None
        addresses = list(dict.fromkeys(str(info[4][0]) for info in found))
        if not addresses:
            raise _refused(f"{host} does not resolve")
        if not self._allow_private:
            for address in addresses:
                if not is_allowed_address(address):
                    raise _refused(f"{host} resolves to {address}, not a public address "
                                   "(loopback, private, link-local, reserved)")  # fmt: skip
        return scheme, host, port, parsed.request_uri, addresses[0]

    def _post(
        self,
        scheme: str,
        host: str,
        port: int,
        path: str,
        address: str,
        headers: Mapping[str, str],
        body: bytes,
        started: float,
    ) -> int:
        timeout = Timeout(connect=self._timeout_s, read=self._timeout_s)
        pool: urllib3.HTTPConnectionPool
        if scheme == "https":
            pool = urllib3.HTTPSConnectionPool(
                address, port, timeout=timeout, maxsize=1, retries=False,
                server_hostname=host, assert_hostname=host, cert_reqs="CERT_REQUIRED",
            )  # fmt: skip
        else:
            pool = urllib3.HTTPConnectionPool(address, port, timeout=timeout, maxsize=1,
                                              retries=False)  # fmt: skip
        default_port = 443 if scheme == "https" else 80
        host_header = host if port == default_port else f"{host}:{port}"
        if ":" in host:
            host_header = f"[{host}]" if port == default_port else f"[{host}]:{port}"
        try:
            response = pool.urlopen("POST", path, body=body,
                                    headers={**headers, "host": host_header}, redirect=False,
                                    retries=False, preload_content=False,
                                    assert_same_host=False)  # fmt: skip
            try:
                self._drain(response, started)
            finally:
                response.release_conn()
            return int(response.status)
        finally:
            pool.close()

    def _drain(self, response: Any, started: float) -> None:
        """Read at most max_response_bytes of the answer, within twice the timeout."""
        left = self._max_bytes
        while left > 0:
            if time.monotonic() - started > 2 * self._timeout_s:
                raise TimeoutError("the answer took too long")
            chunk = response.read(min(_CHUNK, left))
            if not chunk:
                return
            left -= len(chunk)


def _ms_since(started: float) -> int:
    return int((time.monotonic() - started) * 1000)


def _reason(exc: BaseException) -> str:
    text = type(exc).__name__
    if "Timeout" in text or isinstance(exc, TimeoutError):
        return "timed out"
    return f"{text}: {exc}"[:300]
