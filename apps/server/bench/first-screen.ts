import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { REFRESH_COOKIE_HEADER } from '@account-centre/contract';
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import {
  admin,
  freePort,
  machine,
  productionEnv,
  repoRoot,
  startNode,
  stopChildren,
  waitForHttp,
} from './processes.js';

/**
 * The first screen's speed, as a phone sees it: Lighthouse (from npm) driving Debian's Chromium
 * on `/account`, signed in, on loopback, with the mobile form factor and the CPU slowed 4×
 * (DevTools throttling: measured, not simulated; no network throttling, as the server is on
 * this machine). Both builds, domestic and overseas, reached by host name as the e2e suite does
 * (docs/architecture.md#regions). Each is loaded `runs` times in a fresh tab; the report gives every run and the
 * median, against the targets of docs/benchmarks.md (LCP ≤ 1.0 s, Total Blocking Time ≤ 200 ms).
 *
 * Needs the web build (`npm run build`) and Chromium (`/usr/bin/chromium`, or CHROME_PATH).
 */

const DOMESTIC_HOST = 'account.example.cn';
const OVERSEAS_HOST = 'account.example.com';
const SESSION_STORAGE_KEY = 'account-centre.session';

export interface FirstScreenOptions {
  runs: number;
  /** Prints where each load's time went. */
  details: boolean;
}

interface Measure {
  score: number;
  fcp: number;
  lcp: number;
  tbt: number;
  /** The longest main-thread task, in ms. */
  longestTask: number;
  /** Where the load's time went: main-thread groups, long tasks, the request waterfall. */
  details: string;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
};

/**
 * Signs in from a page of the build's origin as the web app does (the refresh token kept as its
 * HttpOnly cookie) and stores the session where the app reads it.
 */
async function signInOnPage(page: Page, account: string, password: string): Promise<void> {
  await page.evaluate(
    async (login: { account: string; password: string }, header: string, key: string) => {
      const response = await fetch('/api/auth/login', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', [header]: '1' },
        body: JSON.stringify(login),
      });
      const body = (await response.json()) as {
        msg: string;
        data: { user_id: number; token: string; expires_in: number };
      };
      if (!response.ok) throw new Error(`sign-in answered ${response.status} ${body.msg}`);
      const session = {
        userId: body.data.user_id,
        token: body.data.token,
        refreshToken: '',
        refreshCookie: true,
        expiresAt: Date.now() + body.data.expires_in * 1000,
      };
      (globalThis as unknown as { localStorage: { setItem(k: string, v: string): void } }).localStorage.setItem(
        key,
        JSON.stringify(session),
      );
    },
    { account, password },
    REFRESH_COOKIE_HEADER,
    SESSION_STORAGE_KEY,
  );
}

async function measure(browser: Browser, url: string, account: string, password: string): Promise<Measure> {
  // A fresh browser context per load: its own cookies and storage, so no load warms the next.
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  try {
    await page.goto(new URL('/api/health', url).toString());
    await signInOnPage(page, account, password);
    const result = await lighthouse(
      url,
      {
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
        formFactor: 'mobile',
        screenEmulation: { mobile: true, width: 412, height: 823, deviceScaleFactor: 1.75, disabled: false },
        throttlingMethod: 'devtools',
        throttling: {
          cpuSlowdownMultiplier: 4,
          requestLatencyMs: 0,
          downloadThroughputKbps: 0,
          uploadThroughputKbps: 0,
          rttMs: 0,
          throughputKbps: 0,
        },
        // Keeps the session stored above (Lighthouse clears storage by default).
        disableStorageReset: true,
      },
      undefined,
      page,
    );
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const { audits, categories } = result.lhr;
    // Measured signed in, or not at all: the screen must have read the user's own profile.
    const requests = (audits['network-requests']?.details as { items?: { url: string; statusCode: number }[] })?.items;
    if (
      !requests?.some(
        (request) => /\/api\/user\/\d+$/.test(new URL(request.url).pathname) && request.statusCode === 200,
      )
    )
      throw new Error(`${url} was not measured signed in: no profile read answered 200`);
    const value = (id: string) => audits[id]?.numericValue ?? Number.NaN;
    const tasks = (audits['long-tasks']?.details as { items?: { duration: number }[] } | undefined)?.items ?? [];
    return {
      score: categories.performance?.score ?? Number.NaN,
      fcp: value('first-contentful-paint'),
      lcp: value('largest-contentful-paint'),
      tbt: value('total-blocking-time'),
      longestTask: Math.max(0, ...tasks.map((task) => task.duration)),
      details: describe(audits),
    };
  } finally {
    await context.close();
  }
}

const ms = (value: number) => `${Math.round(value)} ms`;

type Audits = Record<string, { details?: unknown } | undefined>;
const items = <T>(audits: Audits, id: string) => (audits[id]?.details as { items?: T[] } | undefined)?.items ?? [];
const fileOf = (url: string) => url.split('/').pop() || url;

/** The profile of one load, in a few lines (`--details`). */
function describe(audits: Audits): string {
  const groups = items<{ group: string; duration: number }>(audits, 'mainthread-work-breakdown')
    .map((item) => `${item.group} ${ms(item.duration)}`)
    .join(', ');
  const tasks = items<{ url: string; startTime: number; duration: number }>(audits, 'long-tasks')
    .map((task) => `${fileOf(task.url)} @${Math.round(task.startTime)} +${Math.round(task.duration)}`)
    .join(', ');
  const requests = items<{ url: string; networkRequestTime: number; networkEndTime: number }>(
    audits,
    'network-requests',
  )
    .map(
      (request) =>
        `${fileOf(request.url)} ${Math.round(request.networkRequestTime)}–${Math.round(request.networkEndTime)}`,
    )
    .join(', ');
  const [element, phases] = items<{ items?: { node?: { snippet?: string }; phase?: string; timing?: number }[] }>(
    audits,
    'largest-contentful-paint-element',
  );
  const lcpElement = element?.items?.[0]?.node?.snippet?.slice(0, 120) ?? '?';
  const lcpPhases = (phases?.items ?? []).map((phase) => `${phase.phase} ${ms(phase.timing ?? 0)}`).join(', ');
  return `  LCP element: ${lcpElement} (${lcpPhases})\n  main thread: ${groups}\n  long tasks: ${tasks}\n  requests (ms): ${requests}`;
}

/** Starts the real server on a fresh database, signs a user in, measures both builds, stops it. */
export async function firstScreen({ runs, details }: FirstScreenOptions): Promise<void> {
  const webDist = path.join(repoRoot, 'apps/web/dist');
  if (!fs.existsSync(path.join(webDist, 'index.html'))) {
    throw new Error('No web build in apps/web/dist: run "npm run build" first.');
  }
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'account-centre-first-screen-'));
  const port = await freePort();
  const env = { ...productionEnv(work, `sqlite:${path.join(work, 'bench.db')}`, port), WEB_DIST: webDist };
  let browser: Browser | null = null;
  try {
    const server = startNode('src/server.ts', env);
    await waitForHttp(`http://127.0.0.1:${port}/api/health`, server);
    const email = `first-screen-${randomBytes(4).toString('hex')}@example.com`;
    const password = randomBytes(18).toString('base64url');
    await admin(['user:create', '--email', email, '--password', password], env);

    browser = await puppeteer.launch({
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      headless: true,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        `--host-resolver-rules=MAP ${DOMESTIC_HOST} 127.0.0.1, MAP ${OVERSEAS_HOST} 127.0.0.1`,
      ],
    });

    console.log(`\nFirst screen: /account signed in, Lighthouse ${lighthouseVersion()}, mobile, CPU ×4, loopback`);
    console.log(`Machine:  ${machine()}`);
    console.log(`Date:     ${new Date().toISOString()}\n`);
    console.log('| build | runs: score · LCP · TBT · longest task | median LCP | median TBT | targets |');
    console.log('| ----- | -------------------------------------- | ---------- | ---------- | ------- |');
    for (const [build, host] of [
      ['domestic', DOMESTIC_HOST],
      ['overseas', OVERSEAS_HOST],
    ] as const) {
      const origin = `http://${host}:${port}`;
      const measures: Measure[] = [];
      for (let run = 0; run < runs; run++) measures.push(await measure(browser, `${origin}/account`, email, password));
      const lcp = median(measures.map((m) => m.lcp));
      const tbt = median(measures.map((m) => m.tbt));
      const each = measures
        .map((m) => `${m.score.toFixed(2)} · ${ms(m.lcp)} · ${ms(m.tbt)} · ${ms(m.longestTask)}`)
        .join('; ');
      const met = `LCP ${lcp <= 1000 ? 'met' : 'NOT met'}, TBT ${tbt <= 200 ? 'met' : 'NOT met'}`;
      console.log(`| ${build} | ${each} | ${ms(lcp)} | ${ms(tbt)} | ${met} |`);
      if (details) for (const m of measures) console.log(`${build}, LCP ${ms(m.lcp)}, TBT ${ms(m.tbt)}:\n${m.details}`);
    }
    console.log('');
  } finally {
    await browser?.close();
    await stopChildren();
    fs.rmSync(work, { recursive: true, force: true });
  }
}

function lighthouseVersion(): string {
  const file = path.join(repoRoot, 'node_modules/lighthouse/package.json');
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { version: string }).version;
}
