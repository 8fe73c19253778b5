import type { FastifyBaseLogger } from 'fastify';

type Level = 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace';
type LogArguments = Parameters<FastifyBaseLogger['info']>;
type Bindings = Parameters<FastifyBaseLogger['child']>[0];
type ChildOptions = NonNullable<Parameters<FastifyBaseLogger['child']>[1]>;

/**
 * A request's logger that becomes the real one — a child of the server's logger with the
 * request id bound — only when a line at an enabled level is written. Fastify makes that child
 * for every request; when the level is above `info`, almost no request writes a line, and the
 * child it made (its bindings serialised, its prototype chain built) was a sizeable share of a
 * signed-in read (docs/decisions/026). A line written carries the same bindings as before.
 */
class RequestLogger {
  #child: FastifyBaseLogger | undefined;

  constructor(
    private readonly parent: FastifyBaseLogger,
    private readonly bindings: Bindings,
    private readonly options: ChildOptions,
    /** The lowest level value written: the route's own level, else the server's. */
    private readonly threshold: number,
    private readonly values: Record<string, number>,
  ) {}

  private get real(): FastifyBaseLogger {
    return (this.#child ??= this.parent.child(this.bindings, this.options));
  }

  private write(level: Level, args: LogArguments): void {
    if ((this.values[level] ?? Infinity) < this.threshold) return;
    (this.real[level] as (...line: LogArguments) => void)(...args);
  }

  fatal(...args: LogArguments) {
    this.write('fatal', args);
  }
  error(...args: LogArguments) {
    this.write('error', args);
  }
  warn(...args: LogArguments) {
    this.write('warn', args);
  }
  info(...args: LogArguments) {
    this.write('info', args);
  }
  debug(...args: LogArguments) {
    this.write('debug', args);
  }
  trace(...args: LogArguments) {
    this.write('trace', args);
  }
  silent() {}

  child(...args: Parameters<FastifyBaseLogger['child']>): FastifyBaseLogger {
    return this.real.child(...args);
  }

  get level(): string {
    return this.real.level;
  }
  set level(level: string) {
    this.real.level = level;
  }
}

/** Fastify's `childLoggerFactory`: each request's logger, made real on its first line. */
export function lazyRequestLogger(
  logger: FastifyBaseLogger,
  bindings: Bindings,
  options: ChildOptions,
): FastifyBaseLogger {
  const levels = (logger as { levels?: { values: Record<string, number> }; levelVal?: number }).levels;
  if (levels === undefined) return logger.child(bindings, options);
  const threshold = options.level
    ? (levels.values[options.level] ?? 0)
    : ((logger as { levelVal?: number }).levelVal ?? 0);
  return new RequestLogger(logger, bindings, options, threshold, levels.values) as unknown as FastifyBaseLogger;
}
