import type { RegionRule, ServiceName } from '@account-centre/contract';

/*
 * The server's own settings as every layer may read them: a module that needs the data directory
 * or the server's secret names this type, not the configuration's file (config.ts reads these
 * settings; each module's own are declared beside its manifest, modules/settings.ts).
 */

/** The settings of the server itself: where it listens, its stores, its HTTP and its dev tools. */
export interface ServerConfig {
  nodeEnv: string;
  host: string;
  port: number;
  /** `sqlite:<file>` (default, under data/) or a `postgres://` URL. */
  databaseUrl: string;
  redisUrl: string | null;
  /**
   * How long a Redis command may take before the server goes on without Redis
   * (`REDIS_TIMEOUT_MS`); a Redis that stops answering is noticed within about twice this
   * (docs/decisions/054).
   */
  redisTimeoutMs: number;
  region: RegionRule;
  /** Where the built web app is served from. */
  webDist: string;
  dataDir: string;
  /** `/api/dev/…` exists only when on; never on in production. */
  devTools: boolean;
  /**
   * Dev tools answer callers on loopback only; an address of one of this machine's interfaces
   * named here (DEV_TOOLS_INTERFACE) opens them to that network too, on purpose.
   */
  devToolsInterface: string | null;
  logLevel: string;
  /**
   * Which peers may tell us the client's address (`X-Forwarded-*`): none (false), the nearest
   * N hops, or proxies at these addresses/ranges. Never "everyone": the left-most entry of
   * `X-Forwarded-For` is whatever the client wrote.
   */
  trustProxy: TrustProxy;
  rateLimit: { max: number; windowSeconds: number };
  /** Seed the demo account when the database has no users (npm start). */
  seedDemo: boolean;
  /**
   * Server secret for keyed hashes of low-entropy secrets (verification codes). Shared by all
   * instances; required in production, generated once under data/ elsewhere.
   */
  secretKey: string;
  /** Origins allowed to frame the app (the tablet/mobile frame of the diagram product). */
  frameAncestors: string[];
  /**
   * The keys of the company's services that call `/api/internal/` routes (`SERVICE_KEYS`,
   * `name=key` pairs; docs/decisions/029). A service without a key cannot call anything.
   */
  serviceKeys: Partial<Record<ServiceName, string>>;
}

/** Whom to believe in `X-Forwarded-*`: no one, the nearest N hops, or these addresses and ranges. */
export type TrustProxy = false | number | string[];
