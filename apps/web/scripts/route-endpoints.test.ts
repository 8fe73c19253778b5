// @vitest-environment node
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as contract from '@account-centre/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTRACT_MODULE, toEndpointModule } from './route-endpoints';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const contractSource = path.resolve(webRoot, '../../packages/contract/src');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return CONTRACT_MODULE.test(full) ? [full] : [];
  });
}

function isRoute(value: unknown): value is contract.RouteDef {
  return typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'reply' in value;
}

describe('the contract as the web build sees it', () => {
  // The rewritten modules sit under node_modules so that `typebox` resolves as it does for the real ones.
  const outDir = path.join(webRoot, 'node_modules', '.cache', `route-endpoints-${process.pid}`);
  let rewritten: Record<string, unknown>;

  beforeAll(async () => {
    for (const file of sourceFiles(contractSource)) {
      const target = path.join(outDir, path.relative(contractSource, file));
      fs.mkdirSync(path.dirname(target), { recursive: true });
      fs.writeFileSync(target, toEndpointModule(fs.readFileSync(file, 'utf8'), file));
    }
    rewritten = (await import(/* @vite-ignore */ path.join(outDir, 'index.ts'))) as Record<string, unknown>;
  });

  afterAll(() => fs.rmSync(outDir, { recursive: true, force: true }));

  it('gives every route the method and path of its definition, and nothing else', () => {
    const routes = Object.entries(contract).filter(([, value]) => isRoute(value));
    expect(routes.length).toBeGreaterThan(40);
    for (const [name, route] of routes as [string, contract.RouteDef][]) {
      expect(rewritten[name], name).toEqual({ method: route.method, path: route.path });
    }
  });

  it('rewrites routes built inside helper functions too', () => {
    const byProduct = Object.entries(contract.deviceRoutes);
    expect(byProduct).toHaveLength(3);
    const rewrittenByProduct = rewritten.deviceRoutes as Record<string, Record<string, unknown>>;
    for (const [product, routes] of byProduct) {
      for (const [name, route] of Object.entries(routes)) {
        expect(rewrittenByProduct[product]?.[name], `${product} ${name}`).toEqual({
          method: route.method,
          path: route.path,
        });
      }
    }
  });

  it('keeps every other export as it was', () => {
    const others = Object.entries(contract).filter(
      ([name, value]) => !isRoute(value) && name !== 'deviceRoutes' && typeof value !== 'function',
    );
    expect(others.length).toBeGreaterThan(50);
    for (const [name, value] of others) expect(rewritten[name], name).toEqual(value);
    const functions = Object.keys(contract).filter(
      (name) => typeof (contract as Record<string, unknown>)[name] === 'function',
    );
    for (const name of functions) expect(typeof rewritten[name], name).toBe('function');
  });
});

describe('toEndpointModule', () => {
  const rewrite = (code: string) => toEndpointModule(code, '/x/packages/contract/src/routes/x.routes.ts');

  it('marks the calls that initialise top-level constants as pure', () => {
    expect(rewrite('export const A = Type.Object({ a: Type.String() });')).toBe(
      'export const A = /* @__PURE__ */ Type.Object({ a: /* @__PURE__ */ Type.String() });',
    );
  });

  it('leaves statements run for their effect and function bodies as they are', () => {
    const code = [
      'const seen = new Set();',
      'for (const a of list) seen.add(a);',
      'register(seen);',
      'export const f = (x) => check(x);',
      'export function g() { return Type.Object({}); }',
      'let later = make();',
    ].join('\n');
    expect(rewrite(code)).toBe(code.replace('new Set()', '/* @__PURE__ */ new Set()'));
  });

  it('turns a route definition into its method and path, wherever it is', () => {
    const code = [
      "export const r = defineRoute({ method: 'GET', path: '/api/x', reply: Envelope(X) });",
      'function routesOf(p) { return { list: defineRoute({ summary: `s`, method: "POST", path: `/api/${p}` }) }; }',
    ].join('\n');
    expect(rewrite(code)).toBe(
      [
        "export const r = { method: 'GET', path: '/api/x' };",
        'function routesOf(p) { return { list: { method: "POST", path: `/api/${p}` } }; }',
      ].join('\n'),
    );
  });

  it('builds a constant that spreads in a pure function, so that it goes when nothing uses it', () => {
    expect(rewrite("export const all = [...plans.map((plan) => plan.key), 'more'];")).toBe(
      "export const all = /* @__PURE__ */ (() => ([.../* @__PURE__ */ plans.map((plan) => plan.key), 'more']))();",
    );
    expect(rewrite('const keys = [...a, ...b].map(String);')).toBe(
      'const keys = /* @__PURE__ */ (() => (/* @__PURE__ */ [...a, ...b].map(String)))();',
    );
    // A spread in a function the constant defines runs only when it is called; a route's goes with the route.
    const untouched = [
      'const literals = (values) => Type.Enum([...values]);',
      "export const r = { method: 'GET', path: '/api/x' };",
    ];
    expect(rewrite(untouched[0]!)).toBe(untouched[0]);
    expect(rewrite("export const r = defineRoute({ method: 'GET', path: '/api/x', tags: [...t] });")).toBe(
      untouched[1],
    );
  });

  it('refuses a route definition whose method or path it cannot read', () => {
    expect(() => rewrite("export const r = defineRoute({ ...base, path: '/api/x' });")).toThrow(/no literal method/);
    expect(() => rewrite('export const r = defineRoute(spec);')).toThrow(/no literal method and path/);
  });

  it('refuses a spread inside what a top-level constant’s builder is given, which would keep the schema in every bundle', () => {
    expect(() => rewrite('export const A = Type.Object({ ...B.properties, id: Type.Integer() });')).toThrow(
      /a spread at \d+ initialises a top-level constant/,
    );
    expect(() => rewrite('export const T = Type.Enum([...types]);')).toThrow(/build the value in a function/);
    // A plain list, a spread in what is called rather than given, and a builder function pass.
    expect(() => rewrite("export const all = [...some, 'more'];")).not.toThrow();
    expect(() => rewrite('const codes = [...a, ...b].map((code) => String(code));')).not.toThrow();
    expect(() => rewrite('const literals = (values) => Type.Enum([...values]);')).not.toThrow();
  });
});
