/**
 * What every instance remembers of access tokens it has checked against the database, so that a
 * signed-in request costs no database round trip (docs/decisions/021). Only good tokens are
 * kept; each for at most `maxAgeMs`, whatever happens, and the least recently used go first
 * once `maxEntries` are held. Every revocation reaches every instance as an `Ended` (authenticate.plugin.ts)
 * and drops the entries it names.
 */

/** Sessions that ended or changed: every instance forgets the access tokens it keeps of them. */
export interface Ended {
  /** Every session of these accounts (a password reset, a closed account). */
  users: number[];
  sessions: string[];
}

export interface CachedToken {
  userId: number;
  sessionId: string;
  /** The access token's end and its session's end, unix seconds: checked on every use. */
  expiresAt: number;
  sessionExpiresAt: number;
}

interface Entry extends CachedToken {
  /** Monotonic milliseconds after which the entry is not trusted any more. */
  until: number;
}

export class TokenCache {
  readonly #entries = new Map<string, Entry>();
  readonly #bySession = new Map<string, Set<string>>();
  readonly #byUser = new Map<number, Set<string>>();
  #generation = 0;

  constructor(
    private readonly maxEntries: number,
    private readonly maxAgeMs: number,
    private readonly monotonicMs: () => number = () => performance.now(),
  ) {}

  get size(): number {
    return this.#entries.size;
  }

  /**
   * Changes whenever entries are forgotten. A caller reads it before asking the database and
   * hands it to `remember`: an answer read before a revocation arrived is then not kept, even
   * when the revocation's message overtook the database's answer.
   */
  get generation(): number {
    return this.#generation;
  }

  get(tokenHash: string): CachedToken | undefined {
    const entry = this.#entries.get(tokenHash);
    if (entry === undefined) return undefined;
    if (entry.until <= this.monotonicMs()) {
      this.#drop(tokenHash);
      return undefined;
    }
    // Most recently used last: the Map's order is the eviction order.
    this.#entries.delete(tokenHash);
    this.#entries.set(tokenHash, entry);
    return entry;
  }

  remember(tokenHash: string, token: CachedToken, generation: number): void {
    if (this.maxAgeMs <= 0 || generation !== this.#generation) return;
    this.#drop(tokenHash);
    while (this.#entries.size >= this.maxEntries) {
      const oldest = this.#entries.keys().next();
      if (oldest.done) break;
      this.#drop(oldest.value);
    }
    this.#entries.set(tokenHash, { ...token, until: this.monotonicMs() + this.maxAgeMs });
    index(this.#bySession, token.sessionId, tokenHash);
    index(this.#byUser, token.userId, tokenHash);
  }

  forget(ended: Ended): void {
    this.#generation++;
    for (const sessionId of ended.sessions) {
      for (const tokenHash of this.#bySession.get(sessionId) ?? []) this.#drop(tokenHash);
    }
    for (const userId of ended.users) {
      for (const tokenHash of this.#byUser.get(userId) ?? []) this.#drop(tokenHash);
    }
  }

  clear(): void {
    this.#generation++;
    this.#entries.clear();
    this.#bySession.clear();
    this.#byUser.clear();
  }

  #drop(tokenHash: string): void {
    const entry = this.#entries.get(tokenHash);
    if (entry === undefined) return;
    this.#entries.delete(tokenHash);
    unindex(this.#bySession, entry.sessionId, tokenHash);
    unindex(this.#byUser, entry.userId, tokenHash);
  }
}

function index<K>(map: Map<K, Set<string>>, key: K, tokenHash: string) {
  const set = map.get(key);
  if (set) set.add(tokenHash);
  else map.set(key, new Set([tokenHash]));
}

function unindex<K>(map: Map<K, Set<string>>, key: K, tokenHash: string) {
  const set = map.get(key);
  if (!set) return;
  set.delete(tokenHash);
  if (set.size === 0) map.delete(key);
}
