/**
 * The `custom` query parameter: base64 of a JSON credential that signs the visitor in (spec 01
 * §2). Desktop clients and our own outbound links send a one-time ticket
 * (`{user_id, ticket}`, exchanged through POST /api/auth/ticket/exchange); a host that already
 * holds an access token may send it instead (`{user_id, token}`).
 */
export type CustomCredential = { user_id: number; ticket: string } | { user_id: number; token: string };

function toBase64(text: string): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary);
}

function fromBase64(value: string): string | null {
  // Accept the URL-safe alphabet and missing padding too: hosts build this by hand.
  const normalised = value.trim().replace(/-/g, '+').replace(/_/g, '/').replace(/\s/g, '');
  const padded = normalised + '='.repeat((4 - (normalised.length % 4)) % 4);
  try {
    const binary = atob(padded);
    const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

export function encodeCustomCredential(credential: CustomCredential): string {
  return toBase64(JSON.stringify(credential));
}

/** The credential in a `custom` value, or null when it is not one. */
export function decodeCustomCredential(value: string): CustomCredential | null {
  const json = fromBase64(value);
  if (json === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    return null;
  }
  if (!parsed || typeof parsed !== 'object') return null;
  const record = parsed as Record<string, unknown>;
  const userId = typeof record.user_id === 'string' ? Number(record.user_id) : record.user_id;
  if (typeof userId !== 'number' || !Number.isInteger(userId) || userId <= 0) return null;
  if (typeof record.ticket === 'string' && record.ticket) return { user_id: userId, ticket: record.ticket };
  if (typeof record.token === 'string' && record.token) return { user_id: userId, token: record.token };
  return null;
}
