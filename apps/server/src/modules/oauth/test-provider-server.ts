import { startTestProvider } from './test-provider.js';

/**
 * Runs the test OpenID provider (test-provider.ts) as a process of its own, for the end-to-end
 * tests: `node --import tsx test-provider-server.ts <redirect URI>…`. Prints one JSON line with
 * its issuer and client credentials once it listens, and stops on SIGTERM or SIGINT.
 */
const redirectUris = process.argv.slice(2);
if (redirectUris.length === 0) {
  console.error('usage: test-provider-server.ts <redirect URI>…');
  process.exit(2);
}

const provider = await startTestProvider(redirectUris);
process.stdout.write(
  `${JSON.stringify({ issuer: provider.issuer, clientId: provider.clientId, clientSecret: provider.clientSecret })}\n`,
);

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    void provider.close().then(() => process.exit(0));
  });
}
