import type { BuildContext, Tend } from './build-context';

const productOfClient: Record<string, Tend> = { maxPC: 'max', projectPC: 'project', mindmaster: 'mindmaster' };

/**
 * The product a build is for: `tend` when the address says, else the product of the desktop
 * client it was opened from (the project client is the project product, and so on).
 */
export function productOf(build: Pick<BuildContext, 'tend' | 'from'>): Tend | null {
  return build.tend ?? (build.from ? (productOfClient[build.from] ?? null) : null);
}
