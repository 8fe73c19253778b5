import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Security headers on every answer. The Content-Security-Policy allows only our own scripts;
 * inline styles are allowed because the UI kit sets CSS variables in a style element. The app
 * is framed by the tablet/mobile frame of the diagram product, so framing is limited to the
 * configured ancestors rather than forbidden.
 */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance, options: { frameAncestors: string[] }) => {
    const csp = [
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

    const everyAnswer = {
      'content-security-policy': csp,
      'x-content-type-options': 'nosniff',
      'referrer-policy': 'strict-origin-when-cross-origin',
      // Popups of third-party sign-in must be able to post back to this window.
      'cross-origin-opener-policy': 'same-origin-allow-popups',
      'permissions-policy': 'camera=(), microphone=(), geolocation=()',
    };
    // A callback hook, not an async one: it runs on every answer, and a promise per answer costs
    // a measurable share of a signed-in read (docs/decisions/026).
    app.addHook('onSend', (request, reply, payload, done) => {
      reply.headers(everyAnswer);
      if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000');
      // API answers are private and fresh; a route that serves immutable files says so itself.
      if (request.url.startsWith('/api/') && !reply.hasHeader('cache-control'))
        reply.header('cache-control', 'no-store');
      done(null, payload);
    });
  },
  { name: 'security-headers' },
);
