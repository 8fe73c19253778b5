import { type Kysely, sql } from 'kysely';
import { dialectOf, TIME, time, withAutoId } from './helpers.js';

// Written with the schema builder so one file runs on SQLite and PostgreSQL. Never edit once
// landed: add a new migration instead.

export async function up(db: Kysely<unknown>): Promise<void> {
  const dialect = dialectOf(db);

  await withAutoId(db.schema.createTable('users'), dialect)
    .addColumn('region', 'varchar(16)', (c) => c.notNull().check(sql`region in ('domestic', 'overseas')`))
    .addColumn('email', 'varchar(254)')
    .addColumn('mobile', 'varchar(20)')
    .addColumn('second_mobile', 'varchar(20)')
    .addColumn('nick_name', 'varchar(64)', (c) => c.notNull())
    .addColumn('avatar_url', 'varchar(512)')
    .addColumn('profile', 'text')
    .addColumn('birthday', 'varchar(10)')
    .addColumn('sex', 'varchar(8)')
    .addColumn('country', 'varchar(2)')
    .addColumn('language', 'varchar(4)')
    .addColumn('created_at', TIME, time)
    .addColumn('updated_at', TIME, time)
    .execute();
  // One account per e-mail and per phone (spec: each phone logs into one account only).
  await db.schema.createIndex('users_email_unique').on('users').column('email').unique().execute();
  await db.schema.createIndex('users_mobile_unique').on('users').column('mobile').unique().execute();

  await db.schema
    .createTable('credentials')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'varchar(16)', (c) => c.notNull())
    .addColumn('secret_hash', 'varchar(255)', (c) => c.notNull())
    .addColumn('updated_at', TIME, time)
    .addPrimaryKeyConstraint('credentials_pk', ['user_id', 'kind'])
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('device_id', 'varchar(128)')
    .addColumn('user_agent', 'varchar(512)')
    .addColumn('ip', 'varchar(64)')
    .addColumn('method', 'varchar(32)', (c) => c.notNull())
    .addColumn('created_at', TIME, time)
    .addColumn('last_used_at', TIME, time)
    .addColumn('expires_at', TIME, time)
    .addColumn('revoked_at', TIME)
    .addColumn('revoke_reason', 'varchar(64)')
    .execute();
  await db.schema.createIndex('sessions_user').on('sessions').columns(['user_id', 'revoked_at']).execute();

  await db.schema
    .createTable('refresh_tokens')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('session_id', 'varchar(64)', (c) => c.notNull().references('sessions.id').onDelete('cascade'))
    .addColumn('created_at', TIME, time)
    .addColumn('expires_at', TIME, time)
    .addColumn('rotated_at', TIME)
    .execute();
  await db.schema.createIndex('refresh_tokens_session').on('refresh_tokens').column('session_id').execute();

  await db.schema
    .createTable('access_tokens')
    .addColumn('token_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('session_id', 'varchar(64)', (c) => c.notNull().references('sessions.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', TIME, time)
    .addColumn('expires_at', TIME, time)
    .execute();
  await db.schema.createIndex('access_tokens_session').on('access_tokens').column('session_id').execute();
  await db.schema.createIndex('access_tokens_expiry').on('access_tokens').column('expires_at').execute();

  await withAutoId(db.schema.createTable('verification_codes'), dialect)
    .addColumn('target', 'varchar(254)', (c) => c.notNull())
    .addColumn('purpose', 'integer', (c) => c.notNull())
    .addColumn('code_hash', 'varchar(128)', (c) => c.notNull())
    .addColumn('created_at', TIME, time)
    .addColumn('expires_at', TIME, time)
    .addColumn('attempts', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`attempts >= 0`),
    )
    .addColumn('consumed_at', TIME)
    .execute();
  await db.schema
    .createIndex('verification_codes_lookup')
    .on('verification_codes')
    .columns(['target', 'purpose', 'created_at'])
    .execute();

  await db.schema
    .createTable('code_send_windows')
    .addColumn('target', 'varchar(254)', (c) => c.primaryKey())
    .addColumn('last_sent_at', TIME, time)
    .addColumn('day_started_at', TIME, time)
    .addColumn('day_count', 'integer', (c) => c.notNull().check(sql`day_count >= 0`))
    .execute();

  await db.schema
    .createTable('login_tickets')
    .addColumn('ticket_hash', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', TIME, time)
    .addColumn('expires_at', TIME, time)
    .addColumn('used_at', TIME)
    .execute();

  await db.schema
    .createTable('login_throttle')
    .addColumn('key', 'varchar(300)', (c) => c.primaryKey())
    .addColumn('window_started_at', TIME, time)
    .addColumn('failures', 'integer', (c) => c.notNull().check(sql`failures >= 0`))
    .addColumn('locked_until', TIME)
    .execute();

  await withAutoId(db.schema.createTable('outbox'), dialect)
    .addColumn('channel', 'varchar(8)', (c) => c.notNull().check(sql`channel in ('email', 'sms')`))
    .addColumn('recipient', 'varchar(254)', (c) => c.notNull())
    .addColumn('subject', 'varchar(255)', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('created_at', TIME, time)
    .addColumn('sent_at', TIME)
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_error', 'varchar(512)')
    .execute();
  await db.schema.createIndex('outbox_recipient').on('outbox').columns(['recipient', 'id']).execute();
  await db.schema.createIndex('outbox_unsent').on('outbox').columns(['sent_at', 'id']).execute();

  await withAutoId(db.schema.createTable('audit_events'), dialect)
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('kind', 'varchar(64)', (c) => c.notNull())
    .addColumn('ip', 'varchar(64)')
    .addColumn('user_agent', 'varchar(512)')
    .addColumn('detail', 'text')
    .addColumn('created_at', TIME, time)
    .execute();
  await db.schema.createIndex('audit_events_user').on('audit_events').columns(['user_id', 'created_at']).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    'audit_events',
    'outbox',
    'login_throttle',
    'login_tickets',
    'code_send_windows',
    'verification_codes',
    'access_tokens',
    'refresh_tokens',
    'sessions',
    'credentials',
    'users',
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
