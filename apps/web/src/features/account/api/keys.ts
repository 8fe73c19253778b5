/**
 * Query keys of the account screen, each defined once: the queries use them and the mutations
 * and dialogs invalidate or update through them (docs/architecture.md#web-conventions).
 */
export const accountKeys = {
  identities: (userId: number) => ['user', userId, 'identities'] as const,
  exchangeCode: (userId: number, formName: string) => ['user', userId, 'exchange-code', formName] as const,
  bindLinkState: (userId: number) => ['user', userId, 'mobile-bind-link'] as const,
};
