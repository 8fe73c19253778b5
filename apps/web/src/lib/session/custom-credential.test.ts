import { describe, expect, it } from 'vitest';
import { decodeCustomCredential, encodeCustomCredential } from './custom-credential';

describe('custom credential', () => {
  it('round-trips a ticket as base64 of JSON', () => {
    const value = encodeCustomCredential({ user_id: 12, ticket: 'abc-def' });
    expect(JSON.parse(atob(value))).toEqual({ user_id: 12, ticket: 'abc-def' });
    expect(decodeCustomCredential(value)).toEqual({ user_id: 12, ticket: 'abc-def' });
  });

  it('reads a token payload, a string user id and the URL-safe alphabet without padding', () => {
    const standard = btoa(JSON.stringify({ user_id: '34', token: 'tok?/>' }));
    const urlSafe = standard.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
    expect(decodeCustomCredential(urlSafe)).toEqual({ user_id: 34, token: 'tok?/>' });
  });

  it('refuses what is not a credential', () => {
    expect(decodeCustomCredential('%%%')).toBeNull();
    expect(decodeCustomCredential(btoa('not json'))).toBeNull();
    expect(decodeCustomCredential(btoa(JSON.stringify({ user_id: 0, ticket: 'x' })))).toBeNull();
    expect(decodeCustomCredential(btoa(JSON.stringify({ user_id: 5 })))).toBeNull();
    expect(decodeCustomCredential(btoa(JSON.stringify({ user_id: 5, ticket: '' })))).toBeNull();
  });
});
