import http from 'node:http';
import { runCli } from '../apps/server/src/cli/cli.js';
import { commands } from '../apps/server/src/cli/commands/index.js';

/**
 * The operator CLI, kept running for the length of an e2e run (global-setup.ts starts it).
 * Each POST runs one command line through the CLI's own `runCli`, exactly as
 * `npm run admin -- …` does: configuration read from this process's environment, the database
 * opened and closed around the command, Redis told of the sessions it ends. It answers the exit
 * code and what the command printed. One Node start for the run instead of one per command
 * (about 2.7 s each here, most of it loading the server's modules through tsx).
 */

/**
 * Commands run one at a time, as from one operator's shell: the SQLite driver is synchronous,
 * so two commands of one process waiting for each other's write lock would stall it.
 */
let previous: Promise<unknown> = Promise.resolve();

function runInTurn(args: string[]) {
  const turn = previous.then(async () => {
    const out: string[] = [];
    const err: string[] = [];
    const exitCode = await runCli(args, commands, {
      out: (text) => out.push(text),
      err: (text) => err.push(text),
    });
    return { exitCode, out: out.join('\n'), err: err.join('\n') };
  });
  previous = turn.catch(() => undefined);
  return turn;
}

const server = http.createServer(async (request, response) => {
  try {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const { args } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { args: string[] };
    const result = await runInTurn(args);
    response.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(result));
  } catch (error) {
    response.writeHead(500, { 'content-type': 'text/plain' }).end(error instanceof Error ? error.stack : String(error));
  }
});

server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  // global-setup.ts learns the port over the IPC channel it opened.
  process.send?.({ port: typeof address === 'object' && address !== null ? address.port : null });
});
