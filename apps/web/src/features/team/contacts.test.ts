import { describe, expect, it } from 'vitest';
import { contactHint, contactLists } from './contacts';

describe('the add dialog’s contact', () => {
  it('has no hint while empty or valid', () => {
    expect(['', '  ', 'ada@example.com', '42', '13812345678'].map((value) => contactHint(value, true))).toEqual([
      null,
      null,
      null,
      null,
      null,
    ]);
  });

  it('hints at the kind it looks meant to be (spec 02 §5)', () => {
    expect(contactHint('ada@', true)).toBe('emailWarn');
    expect(contactHint('138123456789', true)).toBe('phoneWarn');
    // Overseas there is no mobile: eleven digits are a user id that is too long.
    expect(contactHint('13812345678', false)).toBe('userIdWarn');
  });

  it('sends user ids as numbers and the other kinds as written', () => {
    expect(contactLists('user_id', ['42'])).toEqual({ user_ids: [42] });
    expect(contactLists('mobile', ['13812345678'])).toEqual({ mobiles: ['13812345678'] });
    expect(contactLists('email', ['ada@example.com'])).toEqual({ emails: ['ada@example.com'] });
  });
});
