import { describe, expect, it } from 'vitest';
import { canonicalJson, requestFingerprint } from './fingerprint.js';

describe('canonicalJson', () => {
  it('writes object keys in one order at every depth', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { z: 0, y: 1 }], c: 'x' } })).toBe(
      '{"a":{"c":"x","d":[1,{"y":1,"z":0}]},"b":1}',
    );
    expect(canonicalJson({ a: { c: 'x', d: [1, { y: 1, z: 0 }] }, b: 1 })).toBe(
      canonicalJson({ b: 1, a: { d: [1, { z: 0, y: 1 }], c: 'x' } }),
    );
  });

  it('keeps the order of arrays, which is part of their meaning', () => {
    expect(canonicalJson([2, 1])).not.toBe(canonicalJson([1, 2]));
  });

  it('reads as JSON.stringify does for undefined members, empty containers and escapes', () => {
    expect(canonicalJson({ a: undefined, b: null })).toBe('{"b":null}');
    expect(canonicalJson([undefined, 1])).toBe('[null,1]');
    expect(canonicalJson({ '': [], 'k"\n': {} })).toBe('{"":[],"k\\"\\n":{}}');
    expect(canonicalJson('é\u2028')).toBe(JSON.stringify('é\u2028'));
    expect(JSON.parse(canonicalJson({ n: 1.5, m: -0, big: 1e21 }))).toEqual({ n: 1.5, m: 0, big: 1e21 });
  });

  it('tells apart values JSON tells apart: a number and its text, null and a missing member', () => {
    expect(canonicalJson({ a: 1 })).not.toBe(canonicalJson({ a: '1' }));
    expect(canonicalJson({ a: null })).not.toBe(canonicalJson({}));
  });

  it('refuses what JSON cannot hold', () => {
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    expect(() => canonicalJson(cycle)).toThrow(/cycle/);
    expect(() => canonicalJson({ n: Number.NaN })).toThrow(/NaN/);
    expect(() => canonicalJson({ f: () => 1 })).toThrow(/function/);
    expect(() => canonicalJson(1n)).toThrow(/bigint/);
  });

  it('lets one object appear twice when it is no cycle', () => {
    const shared = { x: 1 };
    expect(canonicalJson({ a: shared, b: [shared] })).toBe('{"a":{"x":1},"b":[{"x":1}]}');
  });
});

describe('requestFingerprint', () => {
  const request = { params: { userId: 7 }, query: { list: 'all' }, body: { order_id: 'A1', title: 'T' } };

  it('is SHA-256 in hex, the same for the same request written in another order', () => {
    const fingerprint = requestFingerprint(request);
    expect(fingerprint).toMatch(/^[0-9a-f]{64}$/);
    expect(
      requestFingerprint({ body: { title: 'T', order_id: 'A1' }, query: { list: 'all' }, params: { userId: 7 } }),
    ).toBe(fingerprint);
  });

  it('changes with the body, the query and the path parameters', () => {
    const fingerprint = requestFingerprint(request);
    expect(requestFingerprint({ ...request, body: { order_id: 'A1', title: 'U' } })).not.toBe(fingerprint);
    expect(requestFingerprint({ ...request, query: { list: 'other' } })).not.toBe(fingerprint);
    expect(requestFingerprint({ ...request, params: { userId: 8 } })).not.toBe(fingerprint);
  });

  it('keeps the parts apart: a field moved from the body to the query is another request', () => {
    expect(requestFingerprint({ params: {}, query: { a: 1 }, body: null })).not.toBe(
      requestFingerprint({ params: {}, query: {}, body: { a: 1 } }),
    );
  });

  it('ignores the ?token= credential, which changes with the session and not the request', () => {
    expect(requestFingerprint({ ...request, query: { list: 'all', token: 'abc' } })).toBe(requestFingerprint(request));
  });

  it('reads a missing query or body as empty', () => {
    expect(requestFingerprint({ params: { userId: 7 }, query: undefined, body: undefined })).toBe(
      requestFingerprint({ params: { userId: 7 }, query: {}, body: null }),
    );
  });
});
