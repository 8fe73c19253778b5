/**
 * Query parameters of the app's address that the server writes into links it makes. They live
 * apart from the route definitions so the web app's boot code can read them without loading
 * any route's schemas (docs/bundle-budget.md).
 */

/** Carries a phone-binding link's token (docs/decisions/009). */
export const BIND_LINK_PARAM = 'bind_link';
