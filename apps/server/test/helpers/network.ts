import os from 'node:os';

/**
 * An IPv4 address of one of this machine's non-loopback interfaces, if it has one. A request
 * this machine sends to it comes from it too: a caller that is not on loopback, over real TCP,
 * with no header written by the test.
 */
export function lanAddress(): string | null {
  for (const entries of Object.values(os.networkInterfaces())) {
    for (const entry of entries ?? []) if (entry.family === 'IPv4' && !entry.internal) return entry.address;
  }
  return null;
}
