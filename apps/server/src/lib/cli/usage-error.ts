/** A mistake in the command line: reported as a JSON error, with the command's usage, and exit code 1. */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}

/** The set-up the commands need cannot be made (bad configuration): exit code 2, with every problem. */
export class CliSetupError extends Error {
  constructor(
    message: string,
    readonly problems: readonly string[],
  ) {
    super(message);
    this.name = 'CliSetupError';
  }
}
