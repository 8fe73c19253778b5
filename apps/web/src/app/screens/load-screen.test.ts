import { afterEach, describe, expect, it, vi } from 'vitest';
import { isPartNamespace } from '../../lib/i18n';
import { startNamespaces } from '../boot/first-texts';
import { CHUNK_LOAD_TIMEOUT_MS, ChunkLoadError, loadWithTimeout } from './load-screen';
import { screenNames } from './screens';

afterEach(() => {
  vi.useRealTimers();
});

describe('loading a screen’s code', () => {
  it('gives the module when it arrives in time', async () => {
    await expect(loadWithTimeout(async () => 'module')).resolves.toBe('module');
  });

  it('fails with a chunk load error when the file is missing', async () => {
    const missing = new TypeError('Failed to fetch dynamically imported module');
    const error = await loadWithTimeout(() => Promise.reject(missing)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChunkLoadError);
    expect((error as ChunkLoadError).cause).toBe(missing);
  });

  it('gives up after 120 s (spec 01 §9)', async () => {
    vi.useFakeTimers();
    const pending = loadWithTimeout(() => new Promise<never>(() => {}));
    const settled = vi.fn();
    pending.catch(settled);
    await vi.advanceTimersByTimeAsync(CHUNK_LOAD_TIMEOUT_MS - 1);
    expect(settled).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toHaveBeenCalledWith(expect.any(ChunkLoadError));
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
  });
});

describe('texts loaded at boot', () => {
  it('are the shared namespaces and the first screen’s, not other screens’ nor any dialog’s', () => {
    const atBoot = startNamespaces('account');
    expect(atBoot).toEqual(expect.arrayContaining(['common', 'errors', 'shell', 'account']));
    expect(atBoot).not.toContain('order');
    expect(atBoot.filter((namespace) => isPartNamespace(namespace, screenNames))).toEqual([]);
    expect(startNamespaces('order')).toContain('order');
  });

  it('leave the purchase screen’s texts, named otherwise, to that screen', () => {
    expect(startNamespaces('account')).not.toContain('checkout');
    expect(startNamespaces('buy')).toContain('checkout');
  });

  it('tell a part of a screen by its screen name and a capital', () => {
    expect(isPartNamespace('accountClose', screenNames)).toBe(true);
    expect(isPartNamespace('orderReceipt', screenNames)).toBe(true);
    expect(isPartNamespace('account', screenNames)).toBe(false);
    expect(isPartNamespace('header', screenNames)).toBe(false);
    expect(isPartNamespace('shellMenu', screenNames)).toBe(false);
  });
});
