import { defineSettings, periodMilliseconds, wholeNumber } from '../../lib/settings.js';

/** The outbox's part of the configuration: how mail leaves the server. */
export interface OutboxSettings {
  smtpUrl: string | null;
  mailFrom: string;
  /**
   * Outbox delivery: how often each instance looks for due messages (0: only when asked, e.g.
   * by tests), and how many tries a message gets before it stays unsent with its last error.
   */
  outbox: { pollMs: number; maxAttempts: number };
}

const DEFAULT_MAIL_FROM = 'Account Centre <no-reply@localhost>';

// Codes should arrive within seconds; one indexed query per instance every 2 s is cheap.
const pollMs = periodMilliseconds(
  'OUTBOX_POLL_MS',
  2000,
  'how often unsent mail is picked up, milliseconds (`0` never)',
);
const maxAttempts = wholeNumber('OUTBOX_MAX_ATTEMPTS', {
  fallback: 8,
  min: 1,
  max: 100,
  meaning: 'how many tries a message gets before the outbox gives up on it',
});

export const outboxSettings = defineSettings<OutboxSettings>({
  module: 'outbox',
  variables: [
    {
      name: 'SMTP_URL',
      default: '—',
      meaning: '`smtp://user:pass@host:587` (or `smtps://`); without it mail stays in the outbox',
    },
    { name: 'MAIL_FROM', default: `\`${DEFAULT_MAIL_FROM}\``, meaning: 'sender of e-mail' },
    pollMs,
    maxAttempts,
  ],
  read: (reader) => ({
    smtpUrl: reader.url('SMTP_URL', ['smtp:', 'smtps:']),
    mailFrom: reader.env.MAIL_FROM ?? DEFAULT_MAIL_FROM,
    outbox: { pollMs: pollMs.read(reader), maxAttempts: maxAttempts.read(reader) },
  }),
});
