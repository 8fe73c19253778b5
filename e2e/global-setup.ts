import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runAdmin } from './operator.js';
import { HARNESS_ORIGIN, HARNESS_PORT, SERVER_ORIGIN, SERVER_PORT } from './ports.js';

const e2eRoot = path.dirname(fileURLToPath(import.meta.url));
const repoRoot = path.resolve(e2eRoot, '..');

/** Waits until the server answers its health check, or fails with its log. */
async function waitForHealth(server: ChildProcess, logFile: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) {
      throw new Error(`the server exited with ${server.exitCode}:\n${fs.readFileSync(logFile, 'utf8')}`);
    }
    try {
      const response = await fetch(`${SERVER_ORIGIN}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server did not answer /api/health within ${timeoutMs} ms:\n${fs.readFileSync(logFile, 'utf8')}`);
}

/**
 * Starts the operator process (operator-process.ts) with the CLI's environment and tells the
 * workers, which inherit the variable, where it listens (operator.ts: runAdmin).
 */
async function startOperator(env: NodeJS.ProcessEnv, log: number): Promise<ChildProcess> {
  const operator = spawn(process.execPath, ['--import', 'tsx', 'e2e/operator-process.ts'], {
    cwd: repoRoot,
    env,
    stdio: ['ignore', log, log, 'ipc'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    operator.once('message', (message) => resolve((message as { port: number }).port));
    operator.once('exit', (code) => reject(new Error(`the operator process exited with ${code}: see the server log`)));
  });
  process.env.E2E_OPERATOR_URL = `http://127.0.0.1:${port}/`;
  return operator;
}

/** Whether something already listens on a port (another run, a development server). */
function portInUse(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = net.connect({ host: '127.0.0.1', port });
    probe.once('connect', () => {
      probe.destroy();
      resolve(true);
    });
    probe.once('error', () => resolve(false));
  });
}

/** Stops a process we started (the server, the provider, the operator process) by its PID (STACK.md trap 7), forcefully if it hangs. */
async function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.pid === undefined) return;
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  process.kill(server.pid, 'SIGTERM');
  const timer = setTimeout(() => {
    if (server.exitCode === null && server.pid !== undefined) process.kill(server.pid, 'SIGKILL');
  }, 10_000);
  await exited;
  clearTimeout(timer);
}

const contentTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
};

/**
 * The public addresses third-party sign-in sends its popups back to: one per region, as a
 * deployment answering on both hosts lists them. `*.localhost` names reach this machine in
 * Chromium without the resolver rules and may be plain http (docs/decisions/008).
 */
export const OAUTH_PUBLIC_ORIGINS = {
  domestic: `http://account.example.cn.localhost:${SERVER_PORT}`,
  overseas: `http://account.example.com.localhost:${SERVER_PORT}`,
} as const;

/** The providers the e2e server offers: WeChat (domestic) and Google (overseas), both by OIDC. */
const OAUTH_TEST_PROVIDERS = { weixin: 'domestic', google: 'overseas' } as const;

interface RunningProvider {
  process: ChildProcess;
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/**
 * Starts a real OpenID provider (oidc-provider, the one the server's API tests use) in a process
 * of its own, with our callbacks as its client's redirect URIs; its output goes to `logFile`.
 */
async function startOidcProvider(logFile: string): Promise<RunningProvider> {
  const callbacks = Object.entries(OAUTH_TEST_PROVIDERS).map(
    ([provider, region]) => `${OAUTH_PUBLIC_ORIGINS[region]}/api/auth/oauth/${provider}/callback`,
  );
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'apps/server/src/modules/oauth/test-provider-server.ts', ...callbacks],
    { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  // Both streams are drained into the log for the provider's whole life (a full pipe would stall it).
  const log = fs.createWriteStream(logFile, { flags: 'a' });
  child.stderr?.pipe(log, { end: false });
  child.once('exit', () => log.end());
  return new Promise((resolve, reject) => {
    let buffered = '';
    let started = false;
    const fail = (error: Error) => {
      clearTimeout(timer);
      if (child.exitCode === null) child.kill('SIGKILL');
      reject(new Error(`${error.message}:\n${fs.existsSync(logFile) ? fs.readFileSync(logFile, 'utf8') : ''}`));
    };
    const timer = setTimeout(() => fail(new Error('the OpenID provider did not start within 30 s')), 30_000);
    // Its first line says where it listens and with which client; the rest are its notices.
    child.stdout?.on('data', (chunk: Buffer) => {
      log.write(chunk);
      if (started) return;
      buffered += chunk.toString('utf8');
      const line = buffered.split('\n').find((candidate) => candidate.startsWith('{"issuer"'));
      if (!line) return;
      started = true;
      clearTimeout(timer);
      resolve({ process: child, ...(JSON.parse(line) as Omit<RunningProvider, 'process'>) });
    });
    child.once('exit', (code) => {
      if (!started) fail(new Error(`the OpenID provider exited with ${code}`));
    });
  });
}

/** Serves e2e/harness/ on the harness port: a page of another site that frames the app. */
function startHarness(): Promise<http.Server> {
  const root = path.join(e2eRoot, 'harness');
  const server = http.createServer((request, response) => {
    const pathname = new URL(request.url ?? '/', HARNESS_ORIGIN).pathname;
    const file = path.join(root, pathname === '/' ? 'host.html' : pathname);
    if (!file.startsWith(root + path.sep) || !fs.existsSync(file) || !fs.statSync(file).isFile()) {
      response.writeHead(404).end('not found');
      return;
    }
    response.writeHead(200, {
      'Content-Type': contentTypes[path.extname(file)] ?? 'application/octet-stream',
      'Cache-Control': 'no-store',
    });
    fs.createReadStream(file).pipe(response);
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(HARNESS_PORT, '127.0.0.1', () => resolve(server));
  });
}

/**
 * Starts the real server on a fresh SQLite database, with dev tools (the outbox, for
 * verification codes) and a rate limit high enough for a test run, plus the harness page.
 * Returns the teardown, which stops both and removes the database.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  // E2E_WEB_DIST lets two runs on one machine test their own builds side by side.
  const webDist = path.resolve(repoRoot, process.env.E2E_WEB_DIST ?? 'apps/web/dist');
  if (!fs.existsSync(path.join(webDist, 'index.html'))) {
    throw new Error(`No web build in ${webDist}: run "npm run build" first (npm run test:e2e does it).`);
  }
  // Another server on these ports would answer the health check in place of ours.
  for (const port of [SERVER_PORT, HARNESS_PORT]) {
    if (await portInUse(port)) {
      throw new Error(`Port ${port} is in use: stop what listens there, or set E2E_SERVER_PORT / E2E_HARNESS_PORT.`);
    }
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'account-centre-e2e-'));
  const logFile = path.join(dataDir, 'server.log');
  const log = fs.openSync(logFile, 'a');
  const provider = await startOidcProvider(path.join(dataDir, 'oidc-provider.log'));
  // What the operator CLI needs to act on this server's database (operator-process.ts).
  const adminEnv = {
    NODE_ENV: 'test',
    DATABASE_URL: `sqlite:${path.join(dataDir, 'e2e.db')}`,
    DATA_DIR: dataDir,
    SECRET_KEY: randomBytes(32).toString('base64url'),
    // Still argon2id, at its cheapest (config allows it only with NODE_ENV=test): the run signs
    // in and registers a few hundred times, and at the production cost each hash is 60–80 ms of
    // a core the browsers need.
    PASSWORD_HASH_COST: 'minimal',
  };
  // The keys the company's other services call /api/internal/ with (fixtures.ts serviceCall).
  const serviceKeys = {
    products: randomBytes(32).toString('base64url'),
    templates: randomBytes(32).toString('base64url'),
  };
  process.env.E2E_SERVICE_KEYS = JSON.stringify(serviceKeys);
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      ...adminEnv,
      HOST: '127.0.0.1',
      PORT: String(SERVER_PORT),
      WEB_DIST: webDist,
      DEV_TOOLS: 'true',
      SEED_DEMO: 'false',
      RATE_LIMIT_MAX: '100000',
      LOG_LEVEL: 'warn',
      SERVICE_KEYS: Object.entries(serviceKeys)
        .map(([name, key]) => `${name}=${key}`)
        .join(','),
      // The harness frames the app as the tablet frame of the diagram product does.
      FRAME_ANCESTORS: HARNESS_ORIGIN,
      // Third-party sign-in against the provider started above (account-identity.spec.ts).
      OAUTH_PROVIDERS: Object.keys(OAUTH_TEST_PROVIDERS).join(','),
      OAUTH_PUBLIC_URL: `${OAUTH_PUBLIC_ORIGINS.domestic},${OAUTH_PUBLIC_ORIGINS.overseas}`,
      ...Object.fromEntries(
        Object.keys(OAUTH_TEST_PROVIDERS).flatMap((name) => [
          [`OAUTH_${name.toUpperCase()}_ISSUER`, provider.issuer],
          [`OAUTH_${name.toUpperCase()}_CLIENT_ID`, provider.clientId],
          [`OAUTH_${name.toUpperCase()}_CLIENT_SECRET`, provider.clientSecret],
        ]),
      ),
    },
    stdio: ['ignore', log, log],
  });
  let harness: http.Server | null = null;
  let operator: ChildProcess | null = null;
  try {
    await waitForHealth(server, logFile, 60_000);
    operator = await startOperator({ ...process.env, ...adminEnv }, log);
    // The demo account, seeded once as \`npm start\` seeds it: the codes it prints (shown only
    // this once) and its sign-in go to the workers (fixtures.ts: seededDemo).
    process.env.E2E_DEMO = JSON.stringify(await runAdmin(['seed:demo']));
    harness = await startHarness();
  } catch (error) {
    if (operator) await stopServer(operator);
    await stopServer(server);
    await stopServer(provider.process);
    throw error;
  }
  return async () => {
    await new Promise<void>((resolve) => (harness ? harness.close(() => resolve()) : resolve()));
    if (server.exitCode !== null) {
      // The server died during the run: its log says why the tests failed.
      console.error(`The server exited early (${server.exitCode}):\n${fs.readFileSync(logFile, 'utf8')}`);
    }
    await stopServer(operator);
    await stopServer(server);
    await stopServer(provider.process);
    fs.closeSync(log);
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
