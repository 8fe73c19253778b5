/**
 * Compares dotted version strings numerically, part by part (`12.2.15` > `12.2.9`); a missing
 * part counts as 0 and a non-numeric part as 0. Returns -1, 0 or 1.
 */
export function compareVersions(a: string, b: string): -1 | 0 | 1 {
  const left = a.trim().split('.');
  const right = b.trim().split('.');
  const length = Math.max(left.length, right.length);
  for (let i = 0; i < length; i++) {
    const x = Number.parseInt(left[i] ?? '0', 10) || 0;
    const y = Number.parseInt(right[i] ?? '0', 10) || 0;
    if (x !== y) return x > y ? 1 : -1;
  }
  return 0;
}

export function isVersionAtLeast(version: string, minimum: string): boolean {
  return compareVersions(version, minimum) >= 0;
}
