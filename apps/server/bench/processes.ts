import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The processes of a benchmark run (bench/run.ts, bench/first-screen.ts): servers started by
 * their own PID, stopped however the run ends, and the operator CLI and sign-in they need.
 */

export const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const repoRoot = path.resolve(serverDir, '../..');

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

const children: ChildProcess[] = [];

/**
 * Whether servers and the load generator can be kept on separate CPUs (`taskset`, Linux, two
 * CPUs or more). Sharing one CPU, each slows the other by an amount that changes from run to run.
 */
export function canPinCpus(): boolean {
  return os.platform() === 'linux' && os.cpus().length >= 2 && spawnSync('taskset', ['-V']).status === 0;
}

/**
 * Keeps this process (the load generator) on the last CPU until `unpin`; servers started with
 * `cpu` 0 keep off it. Whatever this process starts meanwhile inherits the CPU, so unpin before
 * starting anything else (a browser for the first screen).
 */
export function pinThisProcessToLastCpu(): { cpu: number; unpin: () => void } {
  const count = os.cpus().length;
  const set = (cpus: string) => {
    const result = spawnSync('taskset', ['-cp', cpus, String(process.pid)]);
    if (result.status !== 0) throw new Error(`taskset failed: ${result.stderr.toString()}`);
  };
  set(String(count - 1));
  return { cpu: count - 1, unpin: () => set(`0-${count - 1}`) };
}

/**
 * Starts `node --import tsx <script>` (not npx: the PID we hold is the server's own), on CPU
 * `cpu` when given (`taskset` runs node in its own place, so the PID stays the server's).
 */
export function startNode(
  script: string,
  env: NodeJS.ProcessEnv,
  nodeFlags: string[] = [],
  cpu: number | null = null,
): ChildProcess {
  const command = [process.execPath, ...nodeFlags, '--import', 'tsx', script];
  const pinned = cpu === null ? command : ['taskset', '-c', String(cpu), ...command];
  const child = spawn(pinned[0] as string, pinned.slice(1), {
    cwd: serverDir,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString());
    if (output.length > 50) output.shift();
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  child.once('exit', (code, signal) => {
    if (!stopping && !stopped.has(child)) {
      console.error(`${script} exited early (${signal ?? code}):\n${output.join('')}`);
      process.exitCode = 1;
    }
  });
  return child;
}

let stopping = false;
const stopped = new Set<ChildProcess>();

/** Stops one child we started, by its PID; SIGKILL if it does not go within 10 s. */
export function stopChild(child: ChildProcess): Promise<void> {
  stopped.add(child);
  return new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const force = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

export async function stopChildren(): Promise<void> {
  stopping = true;
  await Promise.all(children.map(stopChild));
}

export async function waitForHttp(url: string, child: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`process for ${url} exited with ${child.exitCode}`);
    try {
      const res = await fetch(url);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Runs a command to its end and returns the JSON it printed. */
function runJson(
  command: string,
  args: string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; what: string },
): Promise<Record<string, unknown>> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: 'pipe' });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code !== 0) return reject(new Error(`${options.what} failed (${code}): ${stderr.trim()}`));
      try {
        resolve(JSON.parse(stdout) as Record<string, unknown>);
      } catch {
        reject(new Error(`${options.what} did not print JSON: ${stdout}`));
      }
    });
  });
}

/** Runs `npm run admin -- …` (the operator CLI) and returns its JSON answer. */
export function admin(args: string[], env: NodeJS.ProcessEnv): Promise<Record<string, unknown>> {
  return runJson('npm', ['run', 'admin', '--silent', '--', ...args], {
    cwd: repoRoot,
    env,
    what: `npm run admin -- ${args[0]}`,
  });
}

/** Runs one of the bench's own scripts (`node --import tsx bench/<script>`) and returns its JSON answer. */
export function benchScript(script: string, args: string[], env: NodeJS.ProcessEnv): Promise<Record<string, unknown>> {
  return runJson(process.execPath, ['--import', 'tsx', `bench/${script}`, ...args], {
    cwd: serverDir,
    env,
    what: script,
  });
}

export interface Session {
  token: string;
  refreshToken: string;
}

export async function signIn(baseUrl: string, account: string, password: string): Promise<Session> {
  const res = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ account, password }),
  });
  const answer = (await res.json()) as { status: string; msg: string; data?: { token: string; refresh_token: string } };
  if (res.status !== 200 || !answer.data) throw new Error(`sign-in failed: ${res.status} ${answer.msg}`);
  return { token: answer.data.token, refreshToken: answer.data.refresh_token };
}

export function machine(): string {
  const cpus = os.cpus();
  return `${cpus[0]?.model.trim() ?? 'unknown CPU'} × ${cpus.length}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${os.type()} ${os.release()}, Node ${process.version}`;
}

/** The little of this process's environment a child needs to run. */
export const basicEnv = (): NodeJS.ProcessEnv => ({
  PATH: process.env.PATH ?? '',
  HOME: process.env.HOME ?? os.homedir(),
});

/**
 * The real server's environment in a benchmark: production mode on `databaseUrl`, files under
 * `work`, a fresh secret, no demo data, on 127.0.0.1:`port`.
 */
export function productionEnv(work: string, databaseUrl: string, port: number): NodeJS.ProcessEnv {
  return {
    ...basicEnv(),
    NODE_ENV: 'production',
    DATABASE_URL: databaseUrl,
    DATA_DIR: path.join(work, 'data'),
    SECRET_KEY: randomBytes(32).toString('base64url'),
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
    PORT: String(port),
  };
}
