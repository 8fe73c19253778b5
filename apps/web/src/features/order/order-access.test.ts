import { describe, expect, it } from 'vitest';
import type { Company } from './api/get-companies';
import { orderAccess } from './order-access';

const company = (user_type: Company['user_type'], overrides: Partial<Company> = {}): Company => ({
  id: 4,
  company_name: 'Mind Works',
  used_num: 3,
  num: 5,
  created_at: 1_790_000_000,
  exp: null,
  user_type,
  type: 8,
  ...overrides,
});

describe('the member rule of the order screen', () => {
  it.each([0, 3] as const)('keeps orders from a plain member (user_type %d) and names the company', (userType) => {
    expect(orderAccess([company(userType)], false)).toEqual({ kind: 'member', company: company(userType) });
  });

  it.each([1, 2] as const)('loads everything for an admin or creator (user_type %d)', (userType) => {
    expect(orderAccess([company(userType)], false)).toEqual({ kind: 'all' });
  });

  it('loads everything for a person in no company', () => {
    expect(orderAccess([], false)).toEqual({ kind: 'all' });
  });

  it('waits for the companies before loading any order', () => {
    expect(orderAccess(undefined, false)).toEqual({ kind: 'pending' });
  });

  it('loads everything when the companies could not be read', () => {
    expect(orderAccess(undefined, true)).toEqual({ kind: 'all' });
  });

  it('finds the company a person is a plain member of among several', () => {
    const managed = company(1, { id: 1, company_name: 'Managed' });
    const joined = company(0, { id: 2, company_name: 'Joined' });
    expect(orderAccess([managed, joined], false)).toEqual({ kind: 'member', company: joined });
  });
});
