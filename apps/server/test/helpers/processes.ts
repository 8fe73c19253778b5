import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** apps/server: where `node --import tsx <script>` finds tsx and the scripts. */
export const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** A test's own Node process and what it printed. */
export interface NodeProcess {
  child: ChildProcess;
  /** Everything printed on stdout so far. */
  stdout(): string;
  /** Everything printed on stderr so far. */
  stderr(): string;
  /** Resolves when stdout has a line `line`; rejects when the process ends first. */
  printed(line: string): Promise<void>;
  /** Exit code, or the signal that ended it. */
  exited: Promise<number | NodeJS.Signals>;
}

/**
 * Starts `node --import tsx <script> …args` in apps/server with exactly `env` (and PATH) —
 * not through npx, which nests processes, so the PID held is the script's own (STACK.md trap 7).
 */
export function startNode(script: string, args: readonly string[], env: Record<string, string>): NodeProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
    cwd: serverDir,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout?.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (err += chunk.toString()));
  const exited = new Promise<number | NodeJS.Signals>((resolve) =>
    child.once('exit', (code, signal) => resolve(signal ?? code ?? -1)),
  );
  const printed = (line: string) =>
    new Promise<void>((resolve, reject) => {
      const has = () => out.split('\n').includes(line);
      if (has()) return resolve();
      const onData = () => {
        if (!has()) return;
        child.stdout?.off('data', onData);
        resolve();
      };
      child.stdout?.on('data', onData);
      void exited.then((how) => {
        if (!has()) reject(new Error(`${script} ended (${how}) before printing "${line}": ${err}`));
      });
    });
  return { child, stdout: () => out, stderr: () => err, printed, exited };
}

/** A port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Starts the server (`src/server.ts`) with `env` and waits until `base` answers its health
 * check; throws with what it printed when it ends or does not answer within `withinMs`.
 */
export async function startServerAt(
  env: Record<string, string>,
  base: string,
  withinMs = 30_000,
): Promise<NodeProcess> {
  const node = startNode('src/server.ts', [], env);
  const deadline = Date.now() + withinMs;
  for (;;) {
    const health = await fetch(`${base}/api/health`).catch(() => null);
    if (health?.ok) return node;
    const ended = await Promise.race([node.exited, new Promise((resolve) => setTimeout(resolve, 100))]);
    if (ended !== undefined) throw new Error(`the server ended (${String(ended)}): ${node.stderr()}`);
    if (Date.now() > deadline) {
      node.child.kill('SIGKILL');
      throw new Error(`the server did not start: ${node.stderr()}`);
    }
  }
}
