import {
  type CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';

/** What the driver needs of the SQLite handle: prepared statements (cached) and its state. */
export interface SqliteStatements {
  prepare(sql: string): {
    /** It answers rows (a SELECT, or a write with RETURNING). */
    reader: boolean;
    /** It changes nothing (better-sqlite3's `readonly`). */
    readonly: boolean;
    all(parameters: readonly unknown[]): unknown[];
    run(parameters: readonly unknown[]): { changes: number; lastInsertRowid: number | bigint };
    iterate(parameters: readonly unknown[]): IterableIterator<unknown>;
  };
  /** True while a transaction is open on the connection (better-sqlite3's `inTransaction`). */
  readonly inTransaction: boolean;
  close(): void;
}

/**
 * The SQLite driver: one connection, one transaction at a time, and **group commit** (docs/decisions/045).
 *
 * Every write transaction is durable before it is answered (`synchronous = FULL`: the WAL is
 * fsynced at each COMMIT), and on a loaded server that fsync, not the work, was most of a
 * write's time. So the write transactions that arrive while the event loop is busy share one
 * COMMIT: the first opens a real transaction with `BEGIN IMMEDIATE` (decision 014: the write
 * lock is taken before anything is read), and each runs inside it in a savepoint of its own.
 * A transaction that fails is rolled back to its savepoint and leaves the others untouched. One
 * that succeeds releases its savepoint and lets the next one run, but its caller hears of its
 * success only once the shared COMMIT — run when the event loop next turns (`setImmediate`) —
 * is on disk. If that COMMIT fails, every transaction in it fails. Nothing is answered before it
 * is durable, as before; there are fewer fsyncs.
 *
 * A statement outside any transaction that writes (answering rows or not) commits the open
 * batch first, then runs in SQLite's own autocommit, durable at once. One that only reads sees
 * only what is committed: while a batch is open it runs on `committed`, a read-only connection
 * to the same file, where the batch's writes are not yet visible — they may still fail with
 * their COMMIT. Without such a connection (an in-memory database, which nothing else can open)
 * it runs where it is.
 *
 * A transaction marked read only, with no batch open, begins DEFERRED and commits alone: it
 * writes nothing, needs no fsync and holds up no writer.
 */
export class GroupCommitSqliteDriver implements Driver {
  readonly #mutex = new Mutex();
  #batch: Batch | null = null;

  constructor(
    private readonly statements: SqliteStatements,
    private readonly committed: Pick<SqliteStatements, 'prepare'> | null = null,
  ) {}

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    await this.#mutex.lock();
    return new UnitConnection(this);
  }

  async beginTransaction(connection: DatabaseConnection, settings?: TransactionSettings): Promise<void> {
    const unit = connection as UnitConnection;
    if (!this.#batch && settings?.accessMode === 'read only') {
      this.#run('begin deferred');
      unit.state = 'alone';
      return;
    }
    if (!this.#batch) {
      this.#run('begin immediate');
      this.#batch = new Batch();
      // Scheduled now, so the batch ends even if nothing in it gets as far as its own COMMIT.
      this.#scheduleCommit(this.#batch);
    }
    this.#run(`savepoint ${UNIT_SAVEPOINT}`);
    unit.state = 'in-batch';
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    const unit = connection as UnitConnection;
    if (unit.state === 'alone') {
      unit.state = 'none';
      this.#run('commit');
      return;
    }
    const batch = this.#batch as Batch;
    this.#run(`release ${UNIT_SAVEPOINT}`);
    unit.state = 'none';
    const durable = batch.join();
    // The next transaction may run while this one waits for the shared COMMIT.
    unit.release();
    await durable;
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    const unit = connection as UnitConnection;
    const state = unit.state;
    unit.state = 'none';
    // Nothing of this transaction is open any more: it failed in its COMMIT, which ended the
    // batch, or before its BEGIN.
    if (state === 'none') return;
    if (state === 'alone') {
      if (this.statements.inTransaction) this.#run('rollback');
      return;
    }
    const batch = this.#batch as Batch;
    if (this.statements.inTransaction) {
      this.#run(`rollback to ${UNIT_SAVEPOINT}`);
      this.#run(`release ${UNIT_SAVEPOINT}`);
      if (batch.empty) {
        // Nothing waits on this batch: end it now rather than hold the write lock for nothing.
        this.#batch = null;
        this.#run('rollback');
      }
    } else {
      // SQLite rolled the whole transaction back itself (an I/O error, a full disk): the
      // transactions that went before in this batch are lost with it.
      this.#batch = null;
      batch.fail(new Error('the database rolled the transaction back'));
    }
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    (connection as UnitConnection).release();
  }

  async destroy(): Promise<void> {
    // A batch whose COMMIT is still to come is committed now. A transaction still running when
    // the database closes fails, as it did before.
    if (this.#mutex.tryLock()) {
      try {
        this.#commitBatch();
      } finally {
        this.#mutex.unlock();
      }
    }
    this.statements.close();
  }

  /** Runs a statement for a connection that holds the lock. */
  execute(unit: UnitConnection, compiled: CompiledQuery): QueryResult<unknown> {
    const statement = this.#prepare(unit, compiled.sql);
    if (statement.reader) return { rows: statement.all(compiled.parameters) };
    const { changes, lastInsertRowid } = statement.run(compiled.parameters);
    return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
  }

  *stream(unit: UnitConnection, compiled: CompiledQuery): Generator<QueryResult<unknown>> {
    for (const row of this.#prepare(unit, compiled.sql).iterate(compiled.parameters)) yield { rows: [row] };
  }

  /** The statement, on the connection where it must run (see the class comment). */
  #prepare(unit: UnitConnection, sql: string) {
    const statement = this.statements.prepare(sql);
    if (unit.state !== 'none' || !this.#batch) return statement;
    if (!statement.readonly) {
      this.#commitBatch();
      return statement;
    }
    return this.committed?.prepare(sql) ?? statement;
  }

  unlock(): void {
    this.#mutex.unlock();
  }

  #run(sql: string): void {
    this.statements.prepare(sql).run([]);
  }

  #scheduleCommit(batch: Batch): void {
    setImmediate(() => {
      void this.#mutex.lock().then(() => {
        try {
          if (this.#batch === batch) this.#commitBatch();
        } finally {
          this.#mutex.unlock();
        }
      });
    });
  }

  /** Commits the open batch, if any, and tells its transactions. Called holding the lock. */
  #commitBatch(): void {
    const batch = this.#batch;
    if (!batch) return;
    this.#batch = null;
    try {
      this.#run('commit');
    } catch (error) {
      if (this.statements.inTransaction) this.#run('rollback');
      batch.fail(error);
      return;
    }
    batch.succeed();
  }
}

/** Each transaction's savepoint in the batch; one runs at a time, so one name serves. */
const UNIT_SAVEPOINT = 'group_commit_unit';

/** The transactions that wait on one COMMIT. */
class Batch {
  readonly #waiting: { resolve: () => void; reject: (error: unknown) => void }[] = [];

  get empty(): boolean {
    return this.#waiting.length === 0;
  }

  join(): Promise<void> {
    return new Promise((resolve, reject) => this.#waiting.push({ resolve, reject }));
  }

  succeed(): void {
    for (const waiter of this.#waiting) waiter.resolve();
  }

  fail(error: unknown): void {
    for (const waiter of this.#waiting) waiter.reject(error);
  }
}

/** One use of the connection, from acquiring it to releasing it. */
class UnitConnection implements DatabaseConnection {
  state: 'none' | 'in-batch' | 'alone' = 'none';
  #released = false;

  constructor(private readonly driver: GroupCommitSqliteDriver) {}

  executeQuery<R>(compiled: CompiledQuery): Promise<QueryResult<R>> {
    return Promise.resolve(this.driver.execute(this, compiled) as QueryResult<R>);
  }

  async *streamQuery<R>(compiled: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    for (const result of this.driver.stream(this, compiled)) yield result as QueryResult<R>;
  }

  /** Lets the next user of the connection in, once (a transaction lets go at its COMMIT). */
  release(): void {
    if (this.#released) return;
    this.#released = true;
    this.driver.unlock();
  }
}

/** One holder at a time, the others waiting in the order they asked. */
class Mutex {
  #locked = false;
  readonly #queue: (() => void)[] = [];

  lock(): Promise<void> {
    if (!this.#locked) {
      this.#locked = true;
      return Promise.resolve();
    }
    return new Promise((resolve) => this.#queue.push(resolve));
  }

  /** Takes the lock if it is free, without waiting. */
  tryLock(): boolean {
    if (this.#locked) return false;
    this.#locked = true;
    return true;
  }

  unlock(): void {
    const next = this.#queue.shift();
    if (next) next();
    else this.#locked = false;
  }
}
