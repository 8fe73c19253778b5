/**
 * Where the end-to-end tests reach the app. The server runs on a port that is not one of the
 * development ports, so the host name alone decides the region (docs/architecture.md#regions):
 * account.example.cn is domestic, account.example.com overseas. Chromium maps both names to
 * 127.0.0.1 (playwright.config.ts), and the API helpers send the name as the Host header.
 */
export const SERVER_PORT = Number(process.env.E2E_SERVER_PORT ?? 18080);
/** The host harness (harness/host.html), a page of another site that frames the app. */
export const HARNESS_PORT = Number(process.env.E2E_HARNESS_PORT ?? 18090);

export const DOMESTIC_HOST = `account.example.cn:${SERVER_PORT}`;
export const OVERSEAS_HOST = `account.example.com:${SERVER_PORT}`;
export const HARNESS_ORIGIN = `http://host.example.com:${HARNESS_PORT}`;
/** A secure context (localhost), where the Web Locks API lets tabs share one token refresh. */
export const LOCALHOST_ORIGIN = `http://localhost:${SERVER_PORT}`;
/** The server itself, for the API helpers, which run in Node and not in Chromium. */
export const SERVER_ORIGIN = `http://127.0.0.1:${SERVER_PORT}`;
