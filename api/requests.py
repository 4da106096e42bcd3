"""Reading a request: the JSON body, the bearer token, If-Match, Idempotency-Key, queries.

Each helper raises Refused (a 400 or 415) on anything malformed, so routes stay three lines.
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from typing import Any

from marshmallow import Schema, ValidationError

from api.deps import current_request
from lorekeeper.errors import Refused, TokenRejected

MAX_DEPTH = 32
_IDEMPOTENCY_KEY = re.compile(r"[\x21-\x7e]{1,128}")
# The standard form is a quoted entity tag ("12"); a bare 12 is accepted too.
_ETAG_VERSION = re.compile(r'^"([0-9]{1,18})"$|^([0-9]{1,18})$')


_UTF8 = "JSON over HTTP is UTF-8 (RFC 8259, section 8.1)"
# A JSON text starts with an ASCII character, so NUL among its first bytes, or a byte order
# mark, marks UTF-16 or UTF-32 (RFC 4627, section 3).
_WIDE_BOMS = (b"\xff\xfe", b"\xfe\xff", b"\x00\x00\xfe\xff")


def json_body() -> Any:
    """The request's JSON document: 415 if it is not JSON (or says another charset than
    UTF-8), 400 if it is not UTF-8 or does not parse. A UTF-8 byte order mark is ignored."""
    req = current_request()
    if not req.mimetype or not _is_json(req.mimetype):
        raise Refused("unsupported_media_type", "send the body as application/json")
    charset = req.mimetype_params.get("charset", "utf-8").lower().replace("-", "")
    if charset != "utf8":
        raise Refused("unsupported_media_type", f"{_UTF8}: send charset=utf-8 or none")
    raw = req.get_data(cache=True)  # 413 past MAX_CONTENT_LENGTH
    try:
        document = _DECODER.decode(_utf8_text(raw))
    except RecursionError:
        raise Refused("malformed_json", f"nested deeper than {MAX_DEPTH}") from None
    except ValueError as exc:  # JSONDecodeError, UnicodeDecodeError, oversized integers
        raise Refused("malformed_json", f"the body is not valid JSON: {exc}") from None
    if _may_need_checking(raw):
        _check_document(document)
    return document


def _may_need_checking(raw: bytes) -> bool:
    """Whether the document could break what `_check_document` guards, told from its text at
    C speed: it nests no deeper than it has brackets, and a string decoded from UTF-8 holds a
    lone surrogate only through a `\\u` escape. Most bodies have neither, and skip the walk."""
    return raw.count(b"[") + raw.count(b"{") > MAX_DEPTH or b"\\u" in raw


def _utf8_text(raw: bytes) -> str:
    """The body as text, decoded as UTF-8 only (json.loads would guess UTF-16 and UTF-32)."""
    if raw.startswith(_WIDE_BOMS) or b"\x00" in raw[:4]:
        raise Refused("malformed_json", f"{_UTF8}; this body looks like UTF-16 or UTF-32")
    try:
        return raw.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError as exc:
        raise Refused("malformed_json", f"{_UTF8}; the body is not: {exc}") from None


def _is_json(mimetype: str) -> bool:
    return mimetype == "application/json" or mimetype.endswith("+json")


def _refuse_constant(name: str) -> Any:
    raise ValueError(f"{name} is not JSON")


# json.loads with an option makes a decoder (and its scanner) at every call: one, kept.
_DECODER = json.JSONDecoder(parse_constant=_refuse_constant)


def _check_document(document: Any) -> None:
    """Refuse what JSON allows but the store cannot keep: deep nesting, lone surrogates."""
    stack: list[tuple[Any, int]] = [(document, 1)]
    while stack:
        value, depth = stack.pop()
        if isinstance(value, dict | list) and depth > MAX_DEPTH:
            raise Refused("malformed_json", f"nested deeper than {MAX_DEPTH}")
        if isinstance(value, dict):
            stack.extend((k, depth) for k in value)
            stack.extend((v, depth + 1) for v in value.values())
        elif isinstance(value, list):
            stack.extend((v, depth + 1) for v in value)
        elif isinstance(value, str) and not _is_encodable(value):
            raise Refused("malformed_json", "strings must be valid Unicode (no lone surrogates)")


def _is_encodable(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def bearer_token() -> str | None:
    """The `Authorization: Bearer <token>` token, None without the header."""
    header = current_request().headers.get("Authorization")
    if header is None:
        return None
    scheme, _, token = header.strip().partition(" ")
    if scheme.lower() != "bearer" or not token.strip():
        raise TokenRejected("use `Authorization: Bearer <seat token>`")
    return token.strip()


def if_match_version() -> int | None:
    """The version `If-Match: "<version>"` names; None without one (or for `*`)."""
    header = current_request().headers.get("If-Match")
    if header is None or header.strip() == "*":
        return None
    return _etag_version(header, "If-Match")


def if_none_match_versions() -> set[int] | None:
    """Versions in If-None-Match (None without the header; every version for `*`)."""
    header = current_request().headers.get("If-None-Match")
    if header is None:
        return None
    versions: set[int] = set()
    for tag in header.split(","):
        tag = tag.strip().removeprefix("W/")
        if tag == "*":
            return {-1}
        match = _ETAG_VERSION.match(tag)
        if match:
            versions.add(int(match.group(1) or match.group(2)))
    return versions


def not_modified(version: int) -> bool:
    versions = if_none_match_versions()
    return versions is not None and (version in versions or -1 in versions)


def _etag_version(header: str, name: str) -> int:
    match = _ETAG_VERSION.match(header.strip())
    if match is None:
        raise Refused("bad_header", f'{name} takes one version as an ETag: "12"')
    return int(match.group(1) or match.group(2))


def idempotency_key() -> str | None:
    key = current_request().headers.get("Idempotency-Key")
    if key is None:
        return None
    if not _IDEMPOTENCY_KEY.fullmatch(key):
        raise Refused("bad_header", "Idempotency-Key: 1 to 128 visible ASCII characters, no spaces")
    return key


def query(schema: Schema, args: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The query string loaded by `schema` (400 with field errors when it does not fit)."""
    try:
        loaded: dict[str, Any] = schema.load(
            dict(args) if args is not None else current_request().args.to_dict()
        )
    except ValidationError as exc:
        raise Refused(
            "invalid_query", "the query string does not fit", errors=exc.messages
        ) from None
    return loaded
