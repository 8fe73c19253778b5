import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import { Redis } from 'ioredis';
import { freePort } from './processes.js';

/**
 * A Redis server of the test's own on a port of its own (nothing saved, nothing shared with the
 * machine's Redis), which the test can take away and give back: `kill` (SIGKILL: connections
 * refused), `freeze` (SIGSTOP: connections stay open and nothing answers, as over a cut
 * network), `thaw`, `start` again on the same port.
 */
export class RedisServer {
  #child: ChildProcess | null = null;

  private constructor(readonly port: number) {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  /** On a free port; started unless `started: false` (a server whose Redis is not there yet). */
  static async create(options: { started?: boolean } = {}): Promise<RedisServer> {
    const server = new RedisServer(await freePort());
    if (options.started ?? true) await server.start();
    return server;
  }

  async start(): Promise<void> {
    if (this.#child) throw new Error('this Redis is running already');
    const child = spawn(
      'redis-server',
      ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
      { stdio: 'ignore' },
    );
    this.#child = child;
    const deadline = Date.now() + 10_000;
    for (;;) {
      if (await answers(this.url)) return;
      if (child.exitCode !== null || Date.now() > deadline) {
        throw new Error(`redis-server on port ${this.port} did not start (exit ${child.exitCode})`);
      }
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  async kill(): Promise<void> {
    const child = this.#child;
    if (!child) return;
    this.#child = null;
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGCONT');
      child.kill('SIGKILL');
      await exited;
    }
  }

  freeze(): void {
    this.#child?.kill('SIGSTOP');
  }

  thaw(): void {
    this.#child?.kill('SIGCONT');
  }
}

async function answers(url: string): Promise<boolean> {
  const client = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0, retryStrategy: () => null });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return (await client.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    client.disconnect();
  }
}

/**
 * A TCP relay in front of a Redis: one client's own network to it, which the test can cut
 * (`freeze`: bytes are held both ways, connections stay open, new ones are accepted and held too)
 * and mend (`thaw`: what was held goes through), while other clients reach the Redis directly.
 */
export class FreezableRelay {
  #frozen = false;
  readonly #held: Array<() => void> = [];
  readonly #sockets = new Set<net.Socket>();

  private constructor(
    private readonly server: net.Server,
    readonly port: number,
  ) {}

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  static async to(targetPort: number): Promise<FreezableRelay> {
    const server = net.createServer();
    const relay: FreezableRelay = await new Promise((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () =>
        resolve(new FreezableRelay(server, (server.address() as net.AddressInfo).port)),
      );
    });
    server.on('connection', (client) => relay.#relay(client, targetPort));
    return relay;
  }

  freeze(): void {
    this.#frozen = true;
  }

  thaw(): void {
    this.#frozen = false;
    for (const send of this.#held.splice(0)) send();
  }

  async close(): Promise<void> {
    for (const socket of this.#sockets) socket.destroy();
    await new Promise((resolve) => this.server.close(resolve));
  }

  #relay(client: net.Socket, targetPort: number): void {
    const upstream = net.connect(targetPort, '127.0.0.1');
    for (const [from, to] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      this.#sockets.add(from);
      from.on('data', (chunk: Buffer) => {
        const send = () => {
          if (!to.destroyed) to.write(chunk);
        };
        if (this.#frozen) this.#held.push(send);
        else send();
      });
      from.on('error', () => undefined);
      from.on('close', () => {
        this.#sockets.delete(from);
        to.destroy();
      });
    }
  }
}
