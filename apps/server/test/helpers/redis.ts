import { Redis } from 'ioredis';

/** The Redis of the machine's tests (STACK.md): `REDIS_URL`, else the local default. */
export const testRedisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

/** Why Redis cannot be used, or null when it answers. */
export async function redisProblem(url: string): Promise<string | null> {
  const client = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 1000,
    maxRetriesPerRequest: 0,
    retryStrategy: () => null,
  });
  // The socket error says why ("connect ECONNREFUSED …"); the rejected call only that it closed.
  let socketError: string | null = null;
  client.on('error', (error: Error) => {
    socketError = error.message;
  });
  try {
    await client.connect();
    await client.ping();
    return null;
  } catch (error) {
    return socketError ?? (error instanceof Error ? error.message : String(error));
  } finally {
    client.disconnect();
  }
}
