import Database from 'better-sqlite3';
import Fastify from 'fastify';
import pg from 'pg';

/**
 * The ceiling of `npm run bench` on this machine: a bare Fastify route that does the profile
 * read's one query (the user's row and whether a password is set, by primary key) as a
 * prepared statement through the driver itself — better-sqlite3, or `pg` with a named
 * statement — and answers the row. No plugins, no query builder, no token check. A real route
 * that reads one row can approach this, not pass it.
 */
const url = process.env.DATABASE_URL ?? '';

const query = `SELECT users.id, users.region, users.email, users.mobile, users.second_mobile, users.nick_name,
  users.avatar_url, users.profile, users.birthday, users.sex, users.country, users.language, users.created_at,
  credentials.user_id AS password_user_id
FROM users LEFT JOIN credentials ON credentials.user_id = users.id AND credentials.kind = 'password'
WHERE users.id = `;

let read: (id: number) => Promise<unknown>;
let close: () => Promise<void>;
if (url.startsWith('sqlite:')) {
  const sqlite = new Database(url.slice('sqlite:'.length), { readonly: true });
  const statement = sqlite.prepare(`${query}?`);
  read = async (id) => statement.get(id);
  close = async () => void sqlite.close();
} else {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const statement = { name: 'bench-ceiling-user', text: `${query}$1` };
  read = async (id) => (await pool.query({ ...statement, values: [id] })).rows[0];
  close = () => pool.end();
}

const app = Fastify({ logger: false });
app.get<{ Params: { id: string } }>('/:id', async (request, reply) => {
  const row = await read(Number(request.params.id));
  if (row === undefined) return reply.code(404).send({ status: 'error' });
  return { status: 'success', code: 0, msg: 'ok', data: row };
});

await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
console.log('ready');

const stop = () =>
  void app
    .close()
    .then(close)
    .then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
