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

    app.addHook('onSend', async (request, reply, payload) => {
      reply.header('Content-Security-Policy', csp);
      reply.header('X-Content-Type-Options', 'nosniff');
      reply.header('Referrer-Policy', 'strict-origin-when-cross-origin');
      // Popups of third-party sign-in must be able to post back to this window.
      reply.header('Cross-Origin-Opener-Policy', 'same-origin-allow-popups');
      reply.header('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
      if (request.protocol === 'https') reply.header('Strict-Transport-Security', 'max-age=31536000');
      // API answers are private and fresh; a route that serves immutable files says so itself.
      if (request.url.startsWith('/api/') && !reply.hasHeader('Cache-Control'))
        reply.header('Cache-Control', 'no-store');
      return payload;
    });
  },
  { name: 'security-headers' },
);
