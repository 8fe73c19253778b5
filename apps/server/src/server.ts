import { buildApp } from './app.js';
import { loadConfigOrExit } from './load-config.js';
import { replaceRetiredDemoPassword, seedDemoIfEmpty } from './cli/demo-seed.js';
import { devToolsReach } from './lib/dev-tools-access.js';

/** Starts the server: env → config → app → listen; stops cleanly on SIGTERM/SIGINT. */
async function main() {
  const config = loadConfigOrExit();

  const app = await buildApp({ config });
  const replaced = await replaceRetiredDemoPassword(app);
  if (replaced) {
    console.log(
      `The demo account's published password no longer signs in; its new password is ${replaced} (shown this once)`,
    );
  }
  if (config.seedDemo) {
    const demo = await seedDemoIfEmpty(app);
    if (demo) {
      console.log(
        `Demo account created — sign in with ${demo.email} / ${demo.password} (a password made for this database, shown this once)`,
      );
      console.log('Codes to redeem on /bind and /license (the coupon code on /coupon), shown this once:');
      for (const [kind, code] of Object.entries(demo.codes ?? {})) console.log(`  ${kind}: ${code}`);
      if (demo.waiting_transfer) {
        console.log(
          `A bank transfer waits for its money; settle it with: npm run admin -- pay:confirm --order ${demo.waiting_transfer} --amount 3000 --reference DEMO`,
        );
      }
    }
  }
  await app.listen({ host: config.host, port: config.port });
  console.log(`Account Centre listening on http://localhost:${config.port} (${app.dialect}); ${devToolsReach(config)}`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down');
    // In-flight requests finish; a stuck one does not keep the process alive forever.
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    await app.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

await main();
