import type { ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon, { type AutocannonRequest, type Client, type Result } from 'autocannon';
import pg from 'pg';
import {
  type Session,
  admin,
  basicEnv,
  benchScript,
  canPinCpus,
  freePort,
  machine,
  pinThisProcessToLastCpu,
  productionEnv,
  signIn,
  startNode,
  stopChild,
  stopChildren,
  waitForHttp,
} from './processes.js';
import { firstScreen } from './first-screen.js';

/**
 * `npm run bench [-- --only api|sign-in|first-screen] [--pg] [--duration 10] [--connections 50]
 *   [--rounds 3] [--cpu-prof DIR] [--no-pin] [--runs 5] [--details]`
 *
 * The first screen's speed (bench/first-screen.ts: Lighthouse on /account, both builds, `--runs`
 * loads each) follows the API's figures below, unless `--only` picks one of them.
 *
 * In one run on one machine, with autocannon:
 *   (a) a bare Fastify hello-world route, in its own process — the baseline;
 *   (b) the ceiling: a bare Fastify route doing the profile read's one query as a prepared
 *       statement through the driver itself (bench/ceiling.ts), on the same database;
 *   (c) an authenticated GET /api/user/{userId} and (d) POST /api/auth/refresh against the
 *       real server, started as a child process on a fresh database (SQLite, or PostgreSQL
 *       with --pg) in production mode;
 *   (e) POST /api/internal/points/consume, a product spending points for one account per
 *       connection, and (f) the AI usage history of an account with a million uses, page 1 and
 *       page 10,000 (issue 13: within 1.5× of each other);
 *   (g) one person's messages among a million accounts and thousands of notices to everyone, a
 *       region, a language or named accounts (bench/messages-seed.ts), page 1 and the last page
 *       (issue 15).
 * (a)–(c) are measured in `--rounds` rounds, one after the other within each round, and read as
 * medians: the speed of a shared machine drifts by a third within minutes, and a ratio of two
 * figures taken seconds apart holds where two taken a minute apart do not.
 * Prints req/s, p50 and p99 latency, and each figure as a share of hello-world and of the
 * ceiling. Servers run on CPU 0 and the load generator on the last CPU (taskset, Linux; `--no-pin`
 * lets them share): sharing, each slows the other by an amount that changes from run to run.
 * Only ratios within one run compare well. `--cpu-prof DIR` writes the real server's CPU profile there (node
 * --cpu-prof; open it in Chrome's DevTools). TOKEN_CACHE_SECONDS is passed on to the server
 * (0 measures the access-token check against the database on every request).
 */

interface Args {
  /** Which measurements: both by default. */
  /** `sign-in`: only (a)–(d), the hello-world, ceiling, profile read and refresh, for A/B runs. */
  only: 'api' | 'sign-in' | 'first-screen' | null;
  /** Lighthouse loads per build (first screen). */
  runs: number;
  /** Where each first-screen load's time went. */
  details: boolean;
  pg: boolean;
  duration: number;
  connections: number;
  warmup: number;
  cpuProf: string | null;
  /** Servers on CPU 0, the load generator on the last CPU, where the machine allows it. */
  pin: boolean;
  /** Rounds of hello-world, the ceiling and the profile read, measured in turn. */
  rounds: number;
}

function parseArgs(argv: string[]): Args {
  const args: Args = {
    only: null,
    runs: 5,
    details: false,
    pg: false,
    duration: 10,
    connections: 50,
    warmup: 2,
    cpuProf: null,
    pin: true,
    rounds: 3,
  };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i];
    const value = () => {
      const raw = Number(argv[++i]);
      if (!Number.isInteger(raw) || raw < 0) throw new Error(`${flag} needs a whole number`);
      return raw;
    };
    if (flag === '--pg') args.pg = true;
    else if (flag === '--only' && ['api', 'sign-in', 'first-screen'].includes(argv[i + 1] ?? ''))
      args.only = argv[++i] as Args['only'];
    else if (flag === '--runs') args.runs = Math.max(1, value());
    else if (flag === '--details') args.details = true;
    else if (flag === '--duration') args.duration = value();
    else if (flag === '--connections') args.connections = value();
    else if (flag === '--warmup') args.warmup = value();
    else if (flag === '--cpu-prof' && argv[i + 1]) args.cpuProf = path.resolve(argv[++i] as string);
    else if (flag === '--no-pin') args.pin = false;
    else if (flag === '--rounds') args.rounds = Math.max(1, value());
    else {
      throw new Error(
        `unknown option ${flag} (known: --only api|sign-in|first-screen, --runs N, --details, --pg, --duration N, --connections N, --warmup N, --cpu-prof DIR, --no-pin, --rounds N)`,
      );
    }
  }
  return args;
}

/**
 * One session per connection. Sign-in reserves a try per account before the password check,
 * so a handful at a time stays well inside the account's limit of concurrent tries.
 */
async function signInMany(count: number, baseUrl: string, account: string, password: string): Promise<Session[]> {
  const sessions: Session[] = [];
  while (sessions.length < count) {
    const batch = Math.min(2, count - sessions.length);
    sessions.push(...(await Promise.all(Array.from({ length: batch }, () => signIn(baseUrl, account, password)))));
  }
  return sessions;
}

interface Figure {
  name: string;
  result: Result;
  /** CPU cores that processes other than the bench and its server used meanwhile; null off Linux. */
  otherCores: number | null;
}

/** A scenario measured once per round (one round for all but (a)–(c)). */
interface Scenario {
  name: string;
  rounds: Figure[];
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

const requestRate = (figure: Figure) => figure.result.requests.average;

/**
 * A scenario's share of another's: per round, against the other's figure of the same round (of
 * its median when it has no such round), then the median and the range over the rounds.
 */
function share(scenario: Scenario, of: Scenario): { median: number; low: number; high: number } {
  const ofMedian = median(of.rounds.map(requestRate));
  const ratios = scenario.rounds.map((figure, round) => {
    const base = of.rounds[round] ? requestRate(of.rounds[round]) : ofMedian;
    return base ? requestRate(figure) / base : 0;
  });
  return { median: median(ratios), low: Math.min(...ratios), high: Math.max(...ratios) };
}

interface CpuSample {
  /** All CPU time of the machine so far, in clock ticks (every core). */
  total: number;
  /** CPU ticks so far of each user-space process that is not ours. */
  others: Map<number, number>;
}

/**
 * Processes that belong to the system under test besides our own: a local PostgreSQL's
 * backends, whose CPU time is the database's share of each request, not a neighbour's load.
 */
let systemUnderTestNames = new Set<string>();

/**
 * The CPU time of every other user-space process, from /proc (Linux; null elsewhere). Kernel
 * threads are left out: much of their work (network, page writeback) is done for our own load.
 */
function sampleCpu(ours: number[]): CpuSample | null {
  let line: string;
  try {
    line = fs.readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
  } catch {
    return null;
  }
  const total = line
    .trim()
    .split(/\s+/)
    .slice(1, 9)
    .reduce((sum, value) => sum + Number(value), 0);
  const others = new Map<number, number>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const pid = Number(entry);
    if (ours.includes(pid)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      // Fields after "pid (comm) ": the parent is the 4th of the line, utime and stime the 14th and 15th.
      const rest = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const kernelThread = pid === 2 || rest[1] === '2';
      if (kernelThread || systemUnderTestNames.has(name)) continue;
      others.set(pid, Number(rest[11]) + Number(rest[12]));
    } catch {
      // the process ended while we looked
    }
  }
  return { total, others };
}

/**
 * One autocannon run. Around it, the CPU time of everything else on the machine is measured:
 * on a shared machine a busy neighbour lowers every figure, and the report says so.
 */
async function load(name: string, options: Parameters<typeof autocannon>[0], target: ChildProcess): Promise<Figure> {
  const ours = [process.pid, ...(target.pid === undefined ? [] : [target.pid])];
  const before = sampleCpu(ours);
  const result = await autocannon({ pipelining: 1, ...options });
  const after = sampleCpu(ours);
  let otherCores: number | null = null;
  if (before && after && after.total > before.total) {
    let ticks = 0;
    // A process started meanwhile spent all its time during the run.
    for (const [pid, now] of after.others) ticks += now - (before.others.get(pid) ?? 0);
    otherCores = (ticks / (after.total - before.total)) * os.cpus().length;
  }
  return { name, result, otherCores };
}

/**
 * The refresh load: every connection owns one session and sends, each time, the refresh token
 * the previous answer gave it (a rotated token is spent). setupClient gives each connection
 * its own request whose setupRequest reads the chain and whose onResponse advances it.
 */
function refreshChains(sessions: Session[]) {
  let next = 0;
  return (client: Client) => {
    const session = sessions[next++ % sessions.length];
    if (!session) throw new Error('no session for a connection');
    let refreshToken = session.refreshToken;
    const request: AutocannonRequest = {
      method: 'POST',
      path: '/api/auth/refresh',
      headers: { 'content-type': 'application/json' },
      setupRequest: (req) => ({ ...req, body: JSON.stringify({ refresh_token: refreshToken }) }),
      // A failed answer leaves the chain where it was; autocannon counts it as non-2xx.
      onResponse: (status, body) => {
        if (status === 200) refreshToken = (JSON.parse(body) as { data: { refresh_token: string } }).data.refresh_token;
      },
    };
    client.setRequests([request]);
  };
}

function report(scenarios: Scenario[], args: Args, database: string, pinnedTo: number | null): void {
  const [baseline, ceiling, profileRead, refresh] = scenarios;
  if (!baseline || !ceiling || !profileRead || !refresh) throw new Error('report: a scenario is missing');
  const shareText = (scenario: Scenario, of: Scenario) => {
    const { median: ratio, low, high } = share(scenario, of);
    return scenario.rounds.length > 1
      ? `${ratio.toFixed(2)}× (${low.toFixed(2)}–${high.toFixed(2)})`
      : `${ratio.toFixed(2)}×`;
  };
  const rows = scenarios.map((scenario, index) => {
    const { name, rounds } = scenario;
    const failures = rounds.reduce((sum, { result }) => sum + result.non2xx + result.errors, 0);
    const statuses = [...new Set(rounds.flatMap(({ result }) => Object.keys(result.statusCodeStats)))];
    const otherCores = rounds.map((figure) => figure.otherCores).filter((cores) => cores !== null);
    return [
      name,
      String(rounds.length),
      Math.round(median(rounds.map(requestRate))).toLocaleString('en'),
      `${median(rounds.map(({ result }) => result.latency.p50))} ms`,
      `${median(rounds.map(({ result }) => result.latency.p99))} ms`,
      index === 0 ? '1.00×' : shareText(scenario, baseline),
      index >= 1 ? shareText(scenario, ceiling) : '–',
      failures ? `${failures} (${statuses.join(', ')})` : '0',
      otherCores.length ? Math.max(...otherCores).toFixed(2) : '–',
    ];
  });
  const header = [
    'scenario',
    'rounds',
    'req/s',
    'p50',
    'p99',
    'vs hello-world',
    'vs ceiling',
    'failed',
    'other load (cores)',
  ];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]?.length ?? 0)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  console.log('');
  console.log(`Machine:  ${machine()}`);
  console.log(`Date:     ${new Date().toISOString()}`);
  console.log(
    `Database: ${database}; ${args.connections} connections, ${args.duration} s per scenario and round, ${args.warmup} s warm-up`,
  );
  console.log(
    pinnedTo === null
      ? 'CPUs:     shared by servers and load generator'
      : `CPUs:     servers on CPU 0, load generator on CPU ${pinnedTo}`,
  );
  console.log('Figures:  medians over the rounds; a share is taken per round, its range in brackets');
  console.log('');
  console.log(line(header));
  console.log(line(widths.map((w) => '-'.repeat(w))));
  for (const row of rows) console.log(line(row));
  console.log('');
  // Targets of docs/benchmarks.md, reported rather than asserted: the figures move with the machine.
  const refreshRate = median(refresh.rounds.map(requestRate));
  const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');
  if (args.pg) {
    const ofCeiling = share(profileRead, ceiling).median;
    console.log(`Target: profile read ≥ 0.8× the ceiling: ${ofCeiling.toFixed(2)}× — ${verdict(ofCeiling >= 0.8)}`);
  } else {
    const ofBaseline = share(profileRead, baseline).median;
    console.log(`Target: profile read ≥ 0.6× hello-world: ${ofBaseline.toFixed(2)}× — ${verdict(ofBaseline >= 0.6)}`);
    const p99 = median(profileRead.rounds.map(({ result }) => result.latency.p99));
    console.log(`Target: profile read p99 ≤ 10 ms: ${p99} ms — ${verdict(p99 <= 10)}`);
  }
  console.log(
    `Target: refresh ≥ 1,000/s: ${Math.round(refreshRate).toLocaleString('en')}/s — ${verdict(refreshRate >= 1000)}`,
  );
  const disturbed = scenarios.filter((scenario) => scenario.rounds.some((f) => (f.otherCores ?? 0) > 0.2));
  if (disturbed.length > 0) {
    console.log(
      `Warning: other processes used CPU during ${disturbed.map((f) => f.name).join('; ')}: ` +
        'those figures are low by an unknown amount; run again on a quiet machine.',
    );
  }
  console.log('');
}

/** The usage history scenario: an account with this many uses, read 10 a page at page 1 and at page 10,000 (100,000 uses deep). */
const HISTORY_USES = 1_000_000;
const DEEP_PAGE = 10_000;

/**
 * The consumption load: each connection spends for one account of its own (a product's server
 * acts for many users at once), a point a request, each request with a new idempotency key.
 */
function consumeLoad(spenders: number[], serviceKey: string) {
  let next = 0;
  let requestNumber = 0;
  return (client: Client) => {
    const userId = spenders[next++ % spenders.length];
    const body = JSON.stringify({ user_id: userId, product: 'mind', feature_code: 2, points: 1 });
    client.setRequests([
      {
        method: 'POST',
        path: '/api/internal/points/consume',
        setupRequest: (req) => ({
          ...req,
          headers: {
            ...req.headers,
            'content-type': 'application/json',
            'x-service-key': serviceKey,
            'idempotency-key': `bench-${process.pid}-${++requestNumber}`,
          },
          body,
        }),
      },
    ]);
  };
}

/** The AI points figures: consumption against hello-world, and the history's deep page against its first. */
function reportPoints(figures: Figure[], baseline: number): void {
  const [consume, first, deep] = figures;
  if (!consume || !first || !deep) return;
  console.log('| AI points scenario | req/s | p50 | p99 | vs hello-world |');
  console.log('|---|---:|---:|---:|---:|');
  for (const { name, result } of figures) {
    const rps = result.requests.average;
    console.log(
      `| ${name} | ${Math.round(rps).toLocaleString('en')} | ${result.latency.p50} ms | ${result.latency.p99} ms | ${baseline ? (rps / baseline).toFixed(2) : '–'}× |`,
    );
  }
  const ratio = first.result.latency.average ? deep.result.latency.average / first.result.latency.average : 0;
  console.log('');
  console.log(
    `Target: history page 10,000 within 1.5× of page 1 (mean latency): ${ratio.toFixed(2)}× — ${ratio <= 1.5 ? 'met' : 'NOT met'}`,
  );
  console.log('');
}

/** The messages scenario (issue 15): a person's messages among a million accounts. */
const MESSAGE_ACCOUNTS = 1_000_000;
const MESSAGE_BROADCASTS = 2_000;
const MESSAGE_PERSONAL = 3_000;
const MESSAGE_RECIPIENTS_EACH = 100;

function reportMessages(figures: Figure[], seeded: Record<string, unknown>): void {
  if (figures.length === 0) return;
  console.log(
    `Messages: ${Number(seeded.accounts).toLocaleString('en')} accounts, ${Number(seeded.broadcasts).toLocaleString('en')} broadcasts, ` +
      `${Number(seeded.personal).toLocaleString('en')} personal notices with ${Number(seeded.recipients).toLocaleString('en')} recipient rows; ` +
      `the reader sees ${Number(seeded.seen).toLocaleString('en')}, half of them read`,
  );
  // autocannon gives no 95th percentile: the 97.5th bounds it from above.
  console.log('| messages scenario | req/s | p50 | p95 ≤ p97.5 | p99 |');
  console.log('|---|---:|---:|---:|---:|');
  for (const { name, result } of figures) {
    console.log(
      `| ${name} | ${Math.round(result.requests.average).toLocaleString('en')} | ${result.latency.p50} ms | ${result.latency.p97_5} ms | ${result.latency.p99} ms |`,
    );
  }
  console.log('');
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  if (args.only !== 'first-screen') await api(args);
  if (args.only === null || args.only === 'first-screen') await firstScreen({ runs: args.runs, details: args.details });
}

/**
 * (e)–(g): AI points spent by products and a usage history of a million uses; messages among a
 * million accounts. Seeded into the server's database, so they come after the sign-in figures.
 */
async function domainFigures(
  args: Args,
  env: NodeJS.ProcessEnv,
  server: ChildProcess,
  target: { baseUrl: string; userId: number; token: string; productsKey: string },
) {
  const { baseUrl, userId, productsKey } = target;
  const reader = { token: target.token };
  const run = { connections: args.connections, duration: args.duration };
  const warm = { connections: args.connections, duration: args.warmup };
  // (e), (f): AI points (issue 13) — products spending points, one use per request, spread over
  // as many accounts as connections; then the usage history of one account with a million uses.
  console.log(`seeding ${HISTORY_USES.toLocaleString('en')} uses and ${args.connections} spenders …`);
  const seeded = await benchScript(
    'points-seed.ts',
    [String(userId), String(HISTORY_USES), String(args.connections)],
    env,
  );
  const spenders = seeded.spenders as number[];
  const consumeUrl = `${baseUrl}/api/internal/points/consume`;
  const consumption = consumeLoad(spenders, productsKey);
  console.log('POST /api/internal/points/consume …');
  if (args.warmup) await load('warm-up', { ...warm, url: consumeUrl, setupClient: consumption }, server);
  const pointFigures: Figure[] = [
    await load('POST /api/internal/points/consume', { ...run, url: consumeUrl, setupClient: consumption }, server),
  ];
  for (const page of [1, DEEP_PAGE]) {
    const history = {
      url: `${baseUrl}/api/user/${userId}/points/list?page=${page}&page_size=10`,
      headers: { authorization: `Bearer ${reader.token}` },
    };
    const first = await fetch(history.url, { headers: history.headers });
    if (first.status !== 200) throw new Error(`usage history page ${page} answered ${first.status}`);
    console.log(`usage history, page ${page.toLocaleString('en')} …`);
    if (args.warmup) await load('warm-up', { ...warm, ...history }, server);
    pointFigures.push(
      await load(`usage history of 1M uses, page ${page.toLocaleString('en')}`, { ...run, ...history }, server),
    );
  }

  // (g) messages (issue 15): one person's page of messages among a million accounts and
  // thousands of notices, page 1 and the last page.
  console.log(`seeding ${MESSAGE_ACCOUNTS.toLocaleString('en')} accounts and their notices …`);
  const messagesSeeded = await benchScript(
    'messages-seed.ts',
    [userId, MESSAGE_ACCOUNTS, MESSAGE_BROADCASTS, MESSAGE_PERSONAL, MESSAGE_RECIPIENTS_EACH].map(String),
    env,
  );
  const messageFigures: Figure[] = [];
  const lastPage = Math.max(0, Number(messagesSeeded.seen) - 10);
  for (const [label, offset] of [
    ['page 1', 0],
    [`offset ${lastPage.toLocaleString('en')} (the last page)`, lastPage],
  ] as const) {
    const messages = {
      url: `${baseUrl}/api/user/${userId}/notification?offset=${offset}&count=10`,
      headers: { authorization: `Bearer ${reader.token}` },
    };
    const first = await fetch(messages.url, { headers: messages.headers });
    if (first.status !== 200) throw new Error(`messages at offset ${offset} answered ${first.status}`);
    console.log(`messages, ${label} …`);
    if (args.warmup) await load('warm-up', { ...warm, ...messages }, server);
    messageFigures.push(await load(`messages among 1M accounts, ${label}`, { ...run, ...messages }, server));
  }
  return { pointFigures, messageFigures, messagesSeeded };
}

/** The API's figures: hello-world, the ceiling, the profile read and refresh, then (e)–(g) (see the top). */
async function api(args: Args): Promise<void> {
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'account-centre-bench-'));
  const cleanups: (() => Promise<void>)[] = [async () => fs.rmSync(work, { recursive: true, force: true })];

  let databaseUrl = `sqlite:${path.join(work, 'bench.db')}`;
  let database = 'SQLite (WAL, synchronous=FULL), temporary file';
  if (args.pg) {
    // A schema of its own in the PostgreSQL database, dropped afterwards.
    const base =
      process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
    const schema = `bench_${randomBytes(5).toString('hex')}`;
    const adminClient = new pg.Client({ connectionString: base });
    await adminClient.connect();
    await adminClient.query(`CREATE SCHEMA ${schema}`);
    cleanups.push(async () => {
      await adminClient.query(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await adminClient.end();
    });
    const url = new URL(base);
    url.searchParams.set('options', `-c search_path=${schema}`);
    databaseUrl = url.toString();
    const version = await adminClient.query<{ v: string }>(`SELECT current_setting('server_version') AS v`);
    database = `PostgreSQL ${version.rows[0]?.v ?? '?'} (${url.host}), pool of 10 per instance`;
    if (['127.0.0.1', 'localhost', '[::1]'].includes(url.hostname)) systemUnderTestNames = new Set(['postgres']);
  }

  const onSignal = () => {
    void stopChildren().finally(() => process.exit(130));
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  // Servers on CPU 0, autocannon (this process) on the last one: figures that hold from run to run.
  const pinned = args.pin && canPinCpus() ? pinThisProcessToLastCpu() : null;
  cleanups.push(async () => pinned?.unpin());
  const loadCpu = pinned?.cpu ?? null;
  const serverCpu = pinned ? 0 : null;

  try {
    const run = { connections: args.connections, duration: args.duration };
    const warm = { connections: args.connections, duration: args.warmup };

    // (a) hello-world, (b) the ceiling and (c) the real server's profile read: three processes,
    // each idle while another is measured, taken in turn in every round (see the top).
    const helloPort = await freePort();
    const hello = startNode('bench/hello-world.ts', { ...basicEnv(), PORT: String(helloPort) }, [], serverCpu);
    const helloUrl = `http://127.0.0.1:${helloPort}/`;
    await waitForHttp(helloUrl, hello);

    // The real server in production mode.
    const port = await freePort();
    const productsKey = randomBytes(32).toString('base64url');
    const env = {
      ...productionEnv(work, databaseUrl, port),
      RATE_LIMIT_MAX: '1000000',
      SERVICE_KEYS: `products=${productsKey}`,
      ...(process.env.TOKEN_CACHE_SECONDS ? { TOKEN_CACHE_SECONDS: process.env.TOKEN_CACHE_SECONDS } : {}),
    };
    const server = startNode(
      'src/server.ts',
      env,
      args.cpuProf ? ['--cpu-prof', `--cpu-prof-dir=${args.cpuProf}`] : [],
      serverCpu,
    );
    const baseUrl = `http://127.0.0.1:${port}`;
    await waitForHttp(`${baseUrl}/api/health`, server);

    const email = `bench-${randomBytes(4).toString('hex')}@example.com`;
    const password = randomBytes(18).toString('base64url');
    const user = await admin(['user:create', '--email', email, '--password', password], env);
    const userId = Number(user.user_id);
    if (!Number.isInteger(userId)) throw new Error(`user:create gave no user_id: ${JSON.stringify(user)}`);

    const [reader] = await signInMany(1, baseUrl, email, password);
    if (!reader) throw new Error('no session');
    const profile = {
      url: `${baseUrl}/api/user/${userId}`,
      headers: { authorization: `Bearer ${reader.token}` },
    };
    const check = await fetch(profile.url, { headers: profile.headers });
    if (check.status !== 200) throw new Error(`GET /api/user/${userId} answered ${check.status}`);

    // The ceiling reads the same database (the user above).
    const ceilingPort = await freePort();
    const ceiling = startNode(
      'bench/ceiling.ts',
      { ...basicEnv(), DATABASE_URL: databaseUrl, PORT: String(ceilingPort) },
      [],
      serverCpu,
    );
    const ceilingUrl = `http://127.0.0.1:${ceilingPort}/${userId}`;
    await waitForHttp(ceilingUrl, ceiling);

    const measured = [
      { name: 'Fastify hello-world', options: { url: helloUrl }, target: hello },
      { name: 'ceiling: bare route, one prepared read', options: { url: ceilingUrl }, target: ceiling },
      { name: 'GET /api/user/{userId} (authenticated)', options: profile, target: server },
    ];
    const scenarios: Scenario[] = measured.map(({ name }) => ({ name, rounds: [] }));
    for (let round = 1; round <= args.rounds; round++) {
      console.log(`round ${round} of ${args.rounds}: hello-world, the ceiling, GET /api/user/{userId} …`);
      for (const [index, { name, options, target }] of measured.entries()) {
        if (args.warmup && round === 1) await load('warm-up', { ...warm, ...options }, target);
        scenarios[index]?.rounds.push(await load(name, { ...run, ...options }, target));
      }
    }
    // Stopped before refresh: on PostgreSQL the ceiling's load, run just before, slowed the
    // refresh that followed (about 0.7× of its figure alone, runs of 2026-11-23).
    await stopChild(hello);
    await stopChild(ceiling);

    // (d) refresh, one round.
    console.log(`signing in ${args.connections * (args.warmup ? 2 : 1)} sessions …`);
    const refreshUrl = `${baseUrl}/api/auth/refresh`;
    if (args.warmup) {
      const warmChains = refreshChains(await signInMany(args.connections, baseUrl, email, password));
      await load('warm-up', { ...warm, url: refreshUrl, setupClient: warmChains }, server);
    }
    // Fresh sessions: a request cut off at the end of the warm-up may have spent a chain's token.
    const chains = refreshChains(await signInMany(args.connections, baseUrl, email, password));
    console.log('POST /api/auth/refresh …');
    const refreshName = 'POST /api/auth/refresh (rotating)';
    scenarios.push({
      name: refreshName,
      rounds: [await load(refreshName, { ...run, url: refreshUrl, setupClient: chains }, server)],
    });

    // (e)–(g), unless only the sign-in figures are asked for.
    const domains =
      args.only === 'sign-in'
        ? null
        : await domainFigures(args, env, server, { baseUrl, userId, token: reader.token, productsKey });

    report(scenarios, args, database, loadCpu);
    if (domains) {
      reportPoints(domains.pointFigures, median(scenarios[0]?.rounds.map(requestRate) ?? []));
      reportMessages(domains.messageFigures, domains.messagesSeeded);
    }
    const failed = [
      ...scenarios.flatMap((scenario) => scenario.rounds),
      ...(domains?.pointFigures ?? []),
      ...(domains?.messageFigures ?? []),
    ].some((f) => f.result.non2xx + f.result.errors > 0);
    if (failed) {
      console.error('Some requests failed (see "failed"): the figures above are not valid.');
      process.exitCode = 1;
    }
  } finally {
    await stopChildren();
    for (const cleanup of cleanups.reverse()) await cleanup();
    if (args.cpuProf) console.log(`CPU profile of the server: ${args.cpuProf}`);
  }
}

await main();
