import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../../load-config.js';
import { hashPassword, usePasswordHashCost, verifyPassword } from './passwords.js';

describe('password hashing cost', () => {
  afterEach(() => usePasswordHashCost('minimal'));

  it('hashes with argon2id at 64 MiB and 3 passes unless told otherwise', async () => {
    // The configuration of every real start: nothing set.
    const config = loadConfig({ NODE_ENV: 'production', SECRET_KEY: 'x'.repeat(40), DEV_TOOLS: 'false' });
    expect(config.passwordHashCost).toBe('standard');
    usePasswordHashCost(config.passwordHashCost);
    const stored = await hashPassword('Correct-Horse-42');
    expect(stored).toMatch(/^\$argon2id\$v=19\$m=65536,t=3,p=1\$/);
    expect(await verifyPassword(stored, 'Correct-Horse-42')).toBe(true);
  });

  it('verifies a hash made at another cost: the cost is written into each hash', async () => {
    usePasswordHashCost('minimal');
    const cheap = await hashPassword('Correct-Horse-42');
    expect(cheap).toMatch(/^\$argon2id\$v=19\$m=1024,t=1,p=1\$/);
    usePasswordHashCost('standard');
    expect(await verifyPassword(cheap, 'Correct-Horse-42')).toBe(true);
    expect(await verifyPassword(cheap, 'Wrong-Horse-42')).toBe(false);
  });

  it('refuses the minimal cost outside the test suite', () => {
    expect(() =>
      loadConfig({ NODE_ENV: 'development', PASSWORD_HASH_COST: 'minimal', SECRET_KEY: 'x'.repeat(40) }),
    ).toThrow('PASSWORD_HASH_COST=minimal is for the test suite only');
  });
});
