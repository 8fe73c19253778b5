import { afterEach, describe, expect, it, vi } from 'vitest';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('toasts', () => {
  it('waits for the toast store on first use, then shows what was asked for, in order', async () => {
    // A fresh copy of the module, whose store has not been loaded (the test setup loads the shared one).
    vi.resetModules();
    const toast = await import('./toast');
    const { notifications } = await import('@mantine/notifications');
    const calls: string[] = [];
    vi.spyOn(notifications, 'show').mockImplementation((data) => {
      calls.push(`show ${String(data.message)} ${String(data.autoClose)}`);
      return 'id';
    });
    vi.spyOn(notifications, 'clean').mockImplementation(() => calls.push('clean'));

    toast.showToast('Code sent', 'success');
    toast.clearToasts();
    toast.showToast('Account closed', 'success', 1500);
    expect(calls).toEqual([]);

    await toast.loadToastStore();
    expect(calls).toEqual(['show Code sent 3000', 'clean', 'show Account closed 1500']);

    // Once the store is there, a toast is shown at once.
    toast.showToast('Saved', 'info', false, { id: 'saved' });
    expect(calls.at(-1)).toBe('show Saved false');
  });
});
