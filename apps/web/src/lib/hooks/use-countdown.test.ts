import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatRemaining, useCountdown } from './use-countdown';

describe('useCountdown', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('counts down once a second and stops at zero', () => {
    const { result } = renderHook(() => useCountdown());
    expect(result.current[0]).toBe(0);
    act(() => result.current[1](60));
    expect(result.current[0]).toBe(60);
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current[0]).toBe(59);
    act(() => vi.advanceTimersByTime(58_000));
    expect(result.current[0]).toBe(1);
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current[0]).toBe(0);
    act(() => vi.advanceTimersByTime(5000));
    expect(result.current[0]).toBe(0);
  });

  it('keeps time by the clock when ticks come late (a background tab)', () => {
    const { result } = renderHook(() => useCountdown());
    act(() => result.current[1](60));
    // The clock moves 30 s while only one tick gets to run.
    vi.setSystemTime(Date.now() + 29_000);
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current[0]).toBe(30);
  });
});

describe('useCountdown to a known end', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: 1_000_000 });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('counts from the first render', () => {
    const { result } = renderHook(() => useCountdown(1_000_000 + 90_000));
    expect(result.current[0]).toBe(90);
    act(() => vi.advanceTimersByTime(1000));
    expect(result.current[0]).toBe(89);
  });
});

describe('formatRemaining', () => {
  it('writes minutes and seconds', () => {
    expect(formatRemaining(600)).toBe('10:00');
    expect(formatRemaining(65)).toBe('1:05');
    expect(formatRemaining(0)).toBe('0:00');
  });
});
