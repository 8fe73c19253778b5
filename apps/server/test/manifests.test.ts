import type { Currency } from '@account-centre/contract';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureDemoAccount } from '../src/cli/demo-seed.js';
import { commands } from '../src/cli/commands/index.js';
import { eraseAccount } from '../src/modules/account/close.service.js';
import { activate, DESKTOP_AGENT, device } from '../src/modules/devices/test-support.js';
import { modules } from '../src/modules/index.js';
import { notify } from '../src/modules/messages/notify.js';
import { recordReview } from '../src/modules/payments/payments.repository.js';
import type { ClosingPolicy } from '../src/modules/manifest.js';
import { login } from './helpers/auth.js';
import { foreignKeys, rowsOfUser, tablesWithColumns } from './helpers/tables.js';
import { createTestApp, dialects, type TestApp } from './helpers/test-app.js';

/** Each table's policy and the module that declares it; a table declared twice is listed twice. */
const declarations = modules.flatMap((module) =>
  Object.entries(module.tables ?? {}).map(([table, policy]) => ({
    module: module.name,
    table,
    policy: policy as ClosingPolicy,
  })),
);
const policyOf = new Map(declarations.map((d) => [d.table, d.policy]));

const serverSource = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src');

/**
 * What each tables file adds to Kysely's `Database` (docs/decisions/064), read from the source with
 * the TypeScript compiler: the `interface Database { table: TableInterface }` inside its
 * `declare module '…/db/db.js'`, and the properties of each table's interface in the same file.
 * Every file of the server that adds tables is listed, wherever it is, so one outside a module's
 * `<x>.tables.ts` shows up too.
 */
function tablesFiles(): { file: string; tables: Map<string, string[]> }[] {
  const files = fs
    .readdirSync(serverSource, { recursive: true, encoding: 'utf8' })
    .map((file) => file.split(path.sep).join('/'))
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .sort();
  return files.flatMap((file) => {
    const text = fs.readFileSync(path.join(serverSource, file), 'utf8');
    if (!text.includes('interface Database')) return [];
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest);
    const interfaces = new Map<string, ts.InterfaceDeclaration>();
    const additions: ts.InterfaceDeclaration[] = [];
    source.forEachChild((node) => {
      if (ts.isInterfaceDeclaration(node)) interfaces.set(node.name.text, node);
      if (ts.isModuleDeclaration(node) && /(^|\/)db\/db\.js$/.test(node.name.text) && node.body) {
        if (!ts.isModuleBlock(node.body)) return;
        for (const statement of node.body.statements) {
          if (ts.isInterfaceDeclaration(statement) && statement.name.text === 'Database') additions.push(statement);
        }
      }
    });
    if (additions.length === 0) return [];
    const propertiesOf = (declaration: ts.InterfaceDeclaration) =>
      declaration.members.filter(ts.isPropertySignature).map((member) => (member.name as ts.Identifier).text);
    const tables = new Map<string, string[]>();
    for (const member of additions.flatMap((addition) => addition.members.filter(ts.isPropertySignature))) {
      const typeName = (member.type as ts.TypeReferenceNode).typeName.getText(source);
      const table = interfaces.get(typeName);
      if (!table) throw new Error(`${file}: no interface ${typeName} beside the tables it adds`);
      tables.set((member.name as ts.Identifier).text, propertiesOf(table).sort());
    }
    return [{ file, tables }];
  });
}

describe('module manifests', () => {
  it('declare each table once', () => {
    const tables = declarations.map((d) => d.table);
    expect(tables.filter((table, i) => tables.indexOf(table) !== i)).toEqual([]);
  });

  it('give each operator command one home', () => {
    const names = commands.map((command) => command.name);
    expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([]);
  });

  it('declare the tables of their own tables file, and only modules have one', () => {
    const files = tablesFiles();
    expect(
      files.map(({ file }) => file),
      'tables are added to the database in modules/<x>/<x>.tables.ts only',
    ).toEqual(files.map(({ file }) => file).filter((file) => /^modules\/([^/]+)\/\1\.tables\.ts$/.test(file)));
    const inFiles = Object.fromEntries(
      files.map(({ file, tables }) => [file.split('/')[1]!, [...tables.keys()].sort()]),
    );
    const inManifests = Object.fromEntries(
      modules
        .filter((module) => Object.keys(module.tables ?? {}).length > 0)
        .map((module) => [module.name, Object.keys(module.tables ?? {}).sort()]),
    );
    expect(inFiles).toEqual(inManifests);
  });

  it('give a reason wherever rows stay or are left to the database', () => {
    for (const { table, policy } of declarations) {
      const reason =
        'keep' in policy
          ? policy.keep
          : 'keeps' in policy
            ? policy.keeps
            : 'how' in policy
              ? policy.how
              : 'why' in policy
                ? policy.why
                : 'erase';
      expect(reason.trim().length, table).toBeGreaterThan(0);
    }
  });
});

describe.each(dialects)('closing policies and the schema on $name', (dialect) => {
  let t: TestApp;
  let migrated: Map<string, string[]>;
  beforeAll(async () => {
    t = await createTestApp(dialect);
    migrated = await tablesWithColumns(t.app.db, t.app.dialect);
    migrated.delete('kysely_migration');
    migrated.delete('kysely_migration_lock');
  });
  afterAll(() => t.close());

  it('has a closing policy for every table of a fresh database, and none for a table it lacks', () => {
    const undeclared = [...migrated.keys()].filter((table) => !policyOf.has(table));
    expect(undeclared, 'tables without a closing policy in any module manifest').toEqual([]);
    expect(declarations.map((d) => d.table).filter((table) => !migrated.has(table))).toEqual([]);
  });

  it('never calls a table that refers to a person "not personal", directly or through a row it references', async () => {
    const keys = await foreignKeys(t.app.db, t.app.dialect);
    // A person's own table and the tables naming one by a user id column; then, until nothing
    // changes, a table whose foreign key leads to a row of theirs that closing leaves in place
    // (a review of a kept checkout). A key to a row that closing erases dies with it.
    const stays = (table: string) => {
      const policy = policyOf.get(table);
      return policy !== undefined && ('keep' in policy || 'anonymise' in policy);
    };
    const personal = new Set(
      [...migrated]
        .filter(
          ([table, columns]) => table === 'users' || columns.some((c) => c === 'user_id' || c.endsWith('_user_id')),
        )
        .map(([table]) => table),
    );
    for (let grew = true; grew;) {
      grew = false;
      for (const key of keys) {
        if (personal.has(key.references) && stays(key.references) && !personal.has(key.table)) {
          personal.add(key.table);
          grew = true;
        }
      }
    }
    expect([...personal]).toEqual(expect.arrayContaining(['users', 'checkouts', 'payment_reviews']));
    const notPersonal = [...personal].filter((table) => {
      const policy = policyOf.get(table);
      return policy !== undefined && 'personal' in policy;
    });
    expect(notPersonal, 'tables that refer to a person but are declared "personal: false"').toEqual([]);
  });

  it('erases by user_id only where a table has one', () => {
    for (const { table, policy } of declarations) {
      if ('erase' in policy && policy.erase === 'rows') expect(migrated.get(table), table).toContain('user_id');
    }
  });

  it("matches the modules' tables files, table by table and column by column", () => {
    const declared = new Map(tablesFiles().flatMap(({ tables }) => [...tables]));
    const actual = new Map([...migrated].map(([table, columns]) => [table, [...columns].sort()]));
    expect(Object.fromEntries(declared)).toEqual(Object.fromEntries(actual));
  });

  it('leaves nothing of a closed account in a table that erases, and keeps what the policies keep', async () => {
    const demo = await ensureDemoAccount(t.app);
    // Signed in on a laptop that is activated for the diagram product.
    const laptop = await login(
      t,
      { account: demo.email, password: demo.password },
      { headers: { 'x-device-id': 'DEMO-LAPTOP', 'user-agent': DESKTOP_AGENT } },
    );
    const { token } = laptop.json().data as { token: string };
    expect((await activate(t, token, demo.user_id, 'diagram', device('DEMO-LAPTOP'))).status).toBe(200);
    // A payment of theirs an operator reviews, and the product message it sent them: the review
    // names the buyer only through the checkout, the message by its values.
    const signedIn = { authorization: `Bearer ${token}` };
    const catalogue = await t.app.inject({ url: `/api/user/${demo.user_id}/pay/catalogue`, headers: signedIn });
    const [method] = (catalogue.json().data as { methods: string[] }).methods;
    const opened = await t.app.inject({
      method: 'POST',
      url: `/api/user/${demo.user_id}/pay/checkout`,
      headers: signedIn,
      payload: { item: 'ai.points1000', method },
    });
    expect(opened.statusCode, opened.body).toBe(200);
    const {
      out_trade_no: outTradeNo,
      amount,
      currency,
    } = opened.json().data as { out_trade_no: string; amount: number; currency: Currency };
    await recordReview(
      t.app.db,
      { outTradeNo, kind: 'refused', amount, currency, detail: { refund: 'through the provider' } },
      t.clock.now(),
    );
    await notify(
      t.app.db,
      demo.user_id,
      'paymentRefused',
      { order: outTradeNo, amount: { fen: amount, currency } },
      t.clock.now(),
    );
    const reviewsOf = () =>
      t.app.db.selectFrom('payment_reviews').selectAll().where('out_trade_no', '=', outTradeNo).execute();
    const reviews = await reviewsOf();
    expect(reviews).toHaveLength(1);
    const messagesNaming = () =>
      t.app.db
        .selectFrom('notices')
        .select('id')
        .where((eb) => eb.or([eb('params', 'like', `%${outTradeNo}%`), eb('content', 'like', `%${outTradeNo}%`)]))
        .execute();
    expect(await messagesNaming()).toHaveLength(1);
    const before = await rowsOfUser(t.app.db, t.app.dialect, demo.user_id);
    // The tables this account has rows in, so the check below is about real rows.
    const populated = Object.entries(before)
      .filter(([, rows]) => rows.length > 0)
      .map(([table]) => table);
    expect(populated).toEqual(expect.arrayContaining(['credentials', 'sessions', 'access_tokens', 'audit_events']));
    expect(populated).toEqual(expect.arrayContaining(['orders', 'subscriptions', 'devices', 'team_members']));
    const ownedTeams = await t.app.db
      .selectFrom('team_members')
      .select('team_id')
      .where('user_id', '=', demo.user_id)
      .where('role', '=', 1)
      .execute();
    expect(ownedTeams.length).toBeGreaterThan(0);

    const actor = {
      userId: demo.user_id,
      sessionId: '',
      region: 'domestic' as const,
      client: { ip: null, userAgent: null, deviceId: null },
    };
    const sessionIds = (
      await t.app.db.selectFrom('sessions').select('id').where('user_id', '=', demo.user_id).execute()
    ).map((session) => session.id);
    await eraseAccount(t.app, actor, async () => undefined);

    // Refresh tokens name their session, not the person.
    expect(
      await t.app.db.selectFrom('refresh_tokens').select('session_id').where('session_id', 'in', sessionIds).execute(),
    ).toEqual([]);

    const after = await rowsOfUser(t.app.db, t.app.dialect, demo.user_id);
    for (const table of populated) {
      const policy = policyOf.get(table)!;
      if ('erase' in policy) {
        // The closing itself writes one `account.closed` event back.
        const left =
          table === 'audit_events' ? after[table]!.filter((row) => !row.includes('account.closed')) : after[table];
        expect(left, table).toEqual([]);
      } else if ('keep' in policy) {
        expect(after[table], table).toEqual(before[table]);
      } else if ('anonymise' in policy) {
        expect(after[table]!.length, table).toBe(before[table]!.length);
      }
    }
    // Kept like the checkout it reviews; the message about it went with the account.
    expect(await reviewsOf()).toEqual(reviews);
    expect(await messagesNaming()).toEqual([]);
    const teamsLeft = await t.app.db
      .selectFrom('teams')
      .select('id')
      .where(
        'id',
        'in',
        ownedTeams.map((team) => team.team_id),
      )
      .execute();
    expect(teamsLeft).toEqual([]);
    const user = await t.app.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', demo.user_id)
      .executeTakeFirstOrThrow();
    expect(user).toMatchObject({ email: null, mobile: null, nick_name: '', closed_at: expect.any(Number) });
  });
});
