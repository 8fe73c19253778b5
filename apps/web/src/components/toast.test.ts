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

describe('a failed request, said once', () => {
  const wrongCode = { msg: 'invalid code', status: 400, code: 2, key: 'errors:auth.invalidCode' };
  const fields = [[wrongCode, 'code']] as const;

  /** The toast module with its store loaded, the toasts it shows, and a field's setter. */
  async function setUp() {
    const toast = await import('./toast');
    const { notifications } = await import('@mantine/notifications');
    await toast.loadToastStore();
    return { toast, show: vi.spyOn(notifications, 'show').mockReturnValue('id'), atField: vi.fn() };
  }

  it('goes to the field that holds it, without a toast', async () => {
    const { toast, show, atField } = await setUp();
    const error = { msg: 'invalid code', code: 2 };
    toast.showFailure(error, fields, atField);
    expect(atField).toHaveBeenCalledExactlyOnceWith('code', error);
    expect(show).not.toHaveBeenCalled();
  });

  it('is one toast when no field holds it, of the kind asked for', async () => {
    const { toast, show, atField } = await setUp();
    // The same msg with another code is another refusal: not the field's.
    toast.showFailure({ msg: 'invalid code', code: 0 }, fields, atField, { kind: 'warning' });
    expect(atField).not.toHaveBeenCalled();
    expect(show).toHaveBeenCalledOnce();
    expect(show.mock.calls[0]?.[0]).toMatchObject({ color: 'yellow' });
  });
});
