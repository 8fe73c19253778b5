import Fastify from 'fastify';

/**
 * The baseline of `npm run bench`: a bare Fastify route, no plugins, in a process of its own,
 * so the other figures read as a share of what Fastify alone does on this machine.
 */
const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));

await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
console.log('ready');

const stop = () => void app.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
