/** Time source of the services, in unix seconds; tests move it to cross expiry windows. */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Math.floor(Date.now() / 1000) };

/** A clock tests can set and advance. */
export class ManualClock implements Clock {
  constructor(private current: number = Math.floor(Date.now() / 1000)) {}
  now(): number {
    return this.current;
  }
  advance(seconds: number): void {
    this.current += seconds;
  }
  set(seconds: number): void {
    this.current = seconds;
  }
}
