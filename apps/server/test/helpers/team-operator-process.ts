import readline from 'node:readline';
import { runCli } from '../../src/cli/cli.js';
import { commands } from '../../src/cli/commands/index.js';
import { openDatabase } from '../../src/db/database.js';

/**
 * An operator at work in an OS process of its own, as `npm run admin` is beside a running
 * server: `node --import tsx team-operator-process.ts <team id> <e-mail>…` opens DATABASE_URL,
 * says `ready`, waits for `go` on stdin (so several such processes start writing together),
 * runs `team:add-member` for each e-mail in turn, and prints `{ "failures": […] }` — each
 * refused or failed command's error — as its last line.
 */
const [teamId, ...emails] = process.argv.slice(2);
if (!teamId || emails.length === 0) throw new Error('usage: team-operator-process.ts <team id> <e-mail>…');

const database = await openDatabase(process.env.DATABASE_URL ?? '');
const lines = readline.createInterface({ input: process.stdin });
const go = new Promise<void>((resolve) => lines.on('line', (line) => line === 'go' && resolve()));
process.stdout.write('ready\n');
await go;
lines.close();

const failures: unknown[] = [];
for (const email of emails) {
  await runCli(['team:add-member', '--team', teamId, '--user', email], commands, {
    database,
    out: () => undefined,
    err: (text) => failures.push(JSON.parse(text)),
  });
}
await database.close();
process.stdout.write(`${JSON.stringify({ failures })}\n`);
