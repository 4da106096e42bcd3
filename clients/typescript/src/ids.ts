/**
 * A new idempotency key: a random UUID (version 4), as docs/client/versions.md asks. Made from
 * `crypto.getRandomValues`, which browsers give on every page (`crypto.randomUUID` needs a
 * secure context, which a phone reaching a server on the local network by plain HTTP lacks).
 */
export function newIdempotencyKey(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40; // version 4
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80; // RFC 9562 variant
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
