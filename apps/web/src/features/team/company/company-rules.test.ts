import { isCompanyExpired } from '@account-centre/contract';
import { describe, expect, it } from 'vitest';
import type { Company } from './api/get-companies';
import type { CompanyMember } from './api/get-company-members';
import {
  canManageMember,
  companyPurchases,
  companyTabs,
  defaultCompanyTab,
  memberActions,
  preferredCompany,
} from './company-rules';

const now = 1_800_000_000;
const company = (overrides: Partial<Company> = {}): Company => ({
  id: 1,
  company_name: 'Acme',
  used_num: 3,
  num: 10,
  created_at: now - 1000,
  exp: now + 86_400,
  user_type: 2,
  type: 9,
  ...overrides,
});
const member = (user_id: number, type: CompanyMember['type']): CompanyMember => ({
  user_id,
  nick_name: `User ${user_id}`,
  avatar_url: '',
  type,
  joined_at: now,
});

describe('the enterprise page’s tabs', () => {
  it.each([
    ['domestic', 2, ['create', 'order', 'members', 'settings'], 'order'],
    ['domestic', 1, ['create', 'order', 'members', 'settings'], 'order'],
    ['domestic', 0, ['create'], 'create'],
    ['domestic', 3, ['create'], 'create'],
    ['overseas', 2, ['order', 'members', 'settings'], 'order'],
    ['overseas', 1, ['order', 'members', 'settings'], 'order'],
    ['overseas', 0, [], null],
    ['overseas', 3, [], null],
  ] as const)('%s build, role %i: %j, opening on %s', (region, role, tabs, first) => {
    const chosen = company({ user_type: role });
    expect(companyTabs(region === 'domestic', chosen)).toEqual(tabs);
    expect(defaultCompanyTab(region === 'domestic', chosen)).toBe(first);
  });

  it('opens on Create in the domestic build without a company, and has no tab overseas', () => {
    expect(companyTabs(true, null)).toEqual(['create']);
    expect(defaultCompanyTab(true, null)).toBe('create');
    expect(companyTabs(false, null)).toEqual([]);
    expect(defaultCompanyTab(false, null)).toBeNull();
  });

  it('shows first a company the user manages', () => {
    const memberOf = company({ id: 1, user_type: 0 });
    const adminOf = company({ id: 2, user_type: 1 });
    expect(preferredCompany([memberOf, adminOf])?.id).toBe(2);
    expect(preferredCompany([memberOf])?.id).toBe(1);
    expect(preferredCompany([])).toBeNull();
  });
});

describe('expiry and purchases (spec 02 §4)', () => {
  it('counts a past expiry as expired unless the company is lifelong', () => {
    expect(isCompanyExpired(company({ exp: now - 1 }), now)).toBe(true);
    expect(isCompanyExpired(company({ exp: now }), now)).toBe(true);
    expect(isCompanyExpired(company({ exp: now + 1 }), now)).toBe(false);
    expect(isCompanyExpired(company({ type: 8, exp: null }), now)).toBe(false);
    expect(isCompanyExpired(company({ type: 8, exp: now - 1 }), now)).toBe(false);
  });

  it('offers more time to the creator of a time-limited company, and seats to the creator while not expired', () => {
    expect(companyPurchases(company(), now)).toEqual({ time: true, seats: true });
    expect(companyPurchases(company({ exp: now - 1 }), now)).toEqual({ time: true, seats: false });
    expect(companyPurchases(company({ type: 8, exp: null }), now)).toEqual({ time: false, seats: true });
    expect(companyPurchases(company({ user_type: 1 }), now)).toEqual({ time: false, seats: false });
    expect(companyPurchases(company({ user_type: 0 }), now)).toEqual({ time: false, seats: false });
  });
});

describe('the authorization dropdown (spec 02 §4)', () => {
  const creator = { userId: 1, role: 2 };
  const admin = { userId: 2, role: 1 };
  const plain = { userId: 3, role: 0 };

  it.each([
    ['the creator', creator, member(1, 2), []],
    ['the creator', creator, member(2, 1), [0, 1, -1]],
    ['the creator', creator, member(4, 0), [0, 1, -1]],
    ['the creator', creator, member(5, 3), [0, 1]],
    ['an admin', admin, member(1, 2), []],
    ['an admin', admin, member(2, 1), []],
    ['an admin', admin, member(6, 1), []],
    ['an admin', admin, member(4, 0), [-1]],
    ['an admin', admin, member(5, 3), []],
    ['a plain member', plain, member(4, 0), []],
  ] as const)('%s over user %#: %j', (_, viewer, target, actions) => {
    expect(memberActions(viewer, target)).toEqual(actions);
  });

  it('gives nobody power over the creator or themself, nor an admin over another admin', () => {
    expect(canManageMember(creator, member(1, 2))).toBe(false);
    expect(canManageMember(admin, member(2, 1))).toBe(false);
    expect(canManageMember(admin, member(6, 1))).toBe(false);
    expect(canManageMember(admin, member(5, 3))).toBe(true);
    expect(canManageMember(creator, member(6, 1))).toBe(true);
  });
});
