import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, decodeCustomCredential, saveSession } from '../session';
import { HOST_CHANNEL, host, hostTransport, onHostMessage, startHostBridge } from './host-bridge';
import { openExternal } from './open-external';

let sent: unknown[];

function installDesktopHost() {
  sent = [];
  window.AccountCentreHost = { postMessage: (json: string) => void sent.push(JSON.parse(json)) };
}

/** Delivers a message the way a desktop client does: window.postMessage in the page. */
function fromDesktop(data: unknown) {
  window.dispatchEvent(new MessageEvent('message', { data, source: window, origin: window.location.origin }));
}

afterEach(() => {
  delete window.AccountCentreHost;
  clearSession();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('sending to the host', () => {
  it('has no host in a plain browser tab, and sends nothing', () => {
    expect(hostTransport()).toBeNull();
    expect(host.orderLoaded()).toBe(false);
  });

  it('sends JSON messages through the desktop client’s object', () => {
    installDesktopHost();
    expect(hostTransport()).toBe('desktop');
    host.updateUserInfo({ user_id: 3, nick_name: 'Ada', avatar_url: null });
    host.signOut();
    host.bindSuccess({ kind: 'gift', product: 'max' });
    host.downloadInvoice('https://files.example.com/r.pdf', 'A1');
    expect(sent).toEqual([
      { channel: HOST_CHANNEL, type: 'updateUserInfo', payload: { user_id: 3, nick_name: 'Ada', avatar_url: null } },
      { channel: HOST_CHANNEL, type: 'signOut', payload: {} },
      { channel: HOST_CHANNEL, type: 'bindSuccess', payload: { kind: 'gift', product: 'max' } },
      {
        channel: HOST_CHANNEL,
        type: 'downloadInvoice',
        payload: { url: 'https://files.example.com/r.pdf', order_id: 'A1' },
      },
    ]);
  });

  it('posts to the parent frame when the app is framed', () => {
    const parent = { postMessage: vi.fn() };
    vi.spyOn(window, 'parent', 'get').mockReturnValue(parent as unknown as Window);
    expect(hostTransport()).toBe('frame');
    host.showSelectPhotoDrawer();
    expect(parent.postMessage).toHaveBeenCalledWith(
      { channel: HOST_CHANNEL, type: 'showSelectPhotoDrawer', payload: {} },
      expect.any(String),
    );
  });
});

describe('messages from the host', () => {
  let stop: () => void;
  beforeEach(() => {
    stop = startHostBridge();
  });
  afterEach(() => stop());

  it('reach the subscribers of their type, as objects or JSON', () => {
    const tokens = vi.fn();
    const off = onHostMessage('updateToken', tokens);
    fromDesktop({ channel: HOST_CHANNEL, type: 'updateToken', payload: { user_id: 4, token: 'tok' } });
    fromDesktop(JSON.stringify({ channel: HOST_CHANNEL, type: 'updateToken', payload: { user_id: 4, token: 'tok2' } }));
    off();
    fromDesktop({ channel: HOST_CHANNEL, type: 'updateToken', payload: { user_id: 4, token: 'tok3' } });
    expect(tokens.mock.calls.map(([payload]) => (payload as { token: string }).token)).toEqual(['tok', 'tok2']);
  });

  it('ignores other channels, unknown types and malformed payloads', () => {
    const tokens = vi.fn();
    const photos = vi.fn();
    onHostMessage('updateToken', tokens);
    onHostMessage('uploadAvator', photos);
    fromDesktop({ channel: 'other', type: 'updateToken', payload: { user_id: 4, token: 'tok' } });
    fromDesktop({ channel: HOST_CHANNEL, type: 'unknown', payload: {} });
    fromDesktop({ channel: HOST_CHANNEL, type: 'updateToken', payload: { user_id: '4', token: 'tok' } });
    fromDesktop({ channel: HOST_CHANNEL, type: 'uploadAvator', payload: { image: 'javascript:alert(1)' } });
    fromDesktop('not json');
    expect(tokens).not.toHaveBeenCalled();
    expect(photos).not.toHaveBeenCalled();
    fromDesktop({ channel: HOST_CHANNEL, type: 'uploadAvator', payload: { image: 'data:image/png;base64,AAAA' } });
    expect(photos).toHaveBeenCalledWith({ image: 'data:image/png;base64,AAAA' });
  });

  it('ignores messages from other windows', () => {
    const tokens = vi.fn();
    onHostMessage('updateToken', tokens);
    const stranger = {} as Window;
    window.dispatchEvent(
      new MessageEvent('message', {
        data: { channel: HOST_CHANNEL, type: 'updateToken', payload: { user_id: 4, token: 'tok' } },
        source: stranger,
      }),
    );
    expect(tokens).not.toHaveBeenCalled();
  });
});

describe('opening an outside address', () => {
  it('goes through the host with a one-time credential in `custom`', async () => {
    installDesktopHost();
    saveSession({ user_id: 6, token: 'tok', refresh_token: 'ref', expires_in: 900 });
    vi.stubGlobal('fetch', async () =>
      Response.json({ status: 'success', code: 0, msg: 'ok', data: { user_id: 6, ticket: 't-123', expires_in: 60 } }),
    );
    await openExternal('https://www.example.com/pricing?plan=team', 'desktop');
    const [message] = sent as { type: string; payload: { url: string } }[];
    expect(message?.type).toBe('openOutsideUrl');
    const url = new URL(message?.payload.url ?? '');
    expect(url.origin + url.pathname).toBe('https://www.example.com/pricing');
    expect(url.searchParams.get('plan')).toBe('team');
    expect(decodeCustomCredential(url.searchParams.get('custom') ?? '')).toEqual({ user_id: 6, ticket: 't-123' });
  });

  it('opens a new tab in a browser, without a credential', async () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    saveSession({ user_id: 6, token: 'tok', refresh_token: 'ref', expires_in: 900 });
    const fetchMock = vi.fn();
    vi.stubGlobal('fetch', fetchMock);
    await openExternal('https://www.example.com/', 'browser');
    expect(open).toHaveBeenCalledWith('https://www.example.com/', '_blank', 'noopener,noreferrer');
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
