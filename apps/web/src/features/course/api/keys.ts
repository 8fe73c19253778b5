/**
 * Query keys of the course screen, each defined once (docs/architecture.md#web-conventions).
 * Under the user's prefix, so a course given by a redeemed gift code shows here too.
 */
export const courseKeys = {
  all: (userId: number) => ['user', userId, 'courses'] as const,
  purchased: (userId: number) => [...courseKeys.all(userId), 'purchased'] as const,
  recommended: (userId: number) => [...courseKeys.all(userId), 'recommended'] as const,
};
