import { notifications } from '@mantine/notifications';
import { vi } from 'vitest';
import type { UserInfo } from '../lib/user/current-user';

/**
 * The user info tests start from: an overseas account with an e-mail
 * and a password, nothing else linked. Each test names what differs.
 */
export function testUser(overrides: Partial<UserInfo> = {}): UserInfo {
  return {
    user_id: 42,
    nick_name: 'Ada',
    avatar_url: null,
    email: 'ada@example.com',
    mobile: null,
    second_mobile: null,
    weixin: false,
    qq: false,
    weibo: false,
    hasPwd: true,
    profile: null,
    birthday: null,
    region: 'overseas',
    sex: null,
    country: null,
    language: 'en',
    max_storage: 0,
    used_storage: 0,
    created_at: 1_714_550_400,
    ...overrides,
  };
}

/** The messages of the toasts shown so far (the test file mocks @mantine/notifications). */
export const shownToasts = () => vi.mocked(notifications.show).mock.calls.map(([toast]) => String(toast.message));
