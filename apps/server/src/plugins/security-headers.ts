import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Security headers on every answer, in two sets (docs/decisions/042):
 *
 * - **Documents** (the web app's pages, files and images): a Content-Security-Policy that allows
 *   only our own scripts (inline styles too, because the UI kit sets CSS variables in a style
 *   element), framing limited to the configured ancestors (the tablet/mobile frame of the diagram
 *   product), and the policies that govern a page: referrer, opener, permissions.
 * - **JSON answers** (the API): nothing in them runs or loads anything, so they get the policy of
 *   a resource that must never render as a page — `default-src 'none'; frame-ancestors 'none'` —
 *   and `nosniff`. The page-only policies would only make every API answer longer: they were 353
 *   of the profile read's 1,010 bytes, and the bytes an answer sends are a measurable share of a
 *   request's cost.
 *
 * Both sets say `nosniff`, and HSTS over HTTPS. API answers are private and fresh (`no-store`)
 * unless a route says otherwise. A page's route may set one of the page headers itself (it is
 * kept); one whose policy depends on the answer (the third-party sign-in popups) sets it in its
 * own `onSend`, which runs after this one.
 */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance, options: { frameAncestors: string[] }) => {
    const documentPolicy = [
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self' 'unsafe-inline'",
      "img-src 'self' data: blob: https:",
      "font-src 'self' data:",
      "connect-src 'self'",
      "object-src 'none'",
      "base-uri 'self'",
      "form-action 'self'",
      `frame-ancestors ${["'self'", ...options.frameAncestors].join(' ')}`,
    ].join('; ');

    const documentHeaders = {
      'content-security-policy': documentPolicy,
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
      // Popups of third-party sign-in must be able to post back to this window.
      'cross-origin-opener-policy': 'same-origin-allow-popups',
      'permissions-policy': 'camera=(), microphone=(), geolocation=()',
    };
    const documentEntries = Object.entries(documentHeaders);
    const jsonHeaders = {
      'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
      'x-content-type-options': 'nosniff',
    };

    // A callback hook, not an async one: it runs on every answer, and a promise per answer costs
    // a measurable share of a signed-in read (docs/decisions/026).
    app.addHook('onSend', (request, reply, payload, done) => {
      if (isJson(reply.getHeader('content-type'))) reply.headers(jsonHeaders);
      // A page's route may set a policy of its own (the sandbox's pay page sends no referrer).
      else for (const [name, value] of documentEntries) if (!reply.hasHeader(name)) reply.header(name, value);
      if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000');
      // API answers are private and fresh; a route that serves immutable files says so itself.
      if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control'))
        reply.header('cache-control', 'no-store');
      done(null, payload);
    });
  },
  { name: 'security-headers' },
);

function isJson(contentType: unknown): boolean {
  return typeof contentType === 'string' && contentType.startsWith('application/json');
}
