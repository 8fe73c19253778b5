import { useEffect, useRef } from 'react';

/**
 * Events that cross features without them importing each other: a feature emits, the shell
 * (or another feature) listens.
 */
export interface AppEvents {
  /** The user's team was deleted or the user left it (spec 02 §2): the team entry goes. */
  teamDeleted: { product?: string };
  /** Something changed the user's data: user info and the screens' data reload (spec 01 §4). */
  dataChanged: Record<string, never>;
  /**
   * A feature ended the session and sends the user to a view of sign-in (the devices screen's
   * "this wasn't me" opens forgot password); the shell owns sign-in.
   */
  signInRequested: { view: 'password' | 'forgot' };
}

export type AppEventName = keyof AppEvents;
type Listener<N extends AppEventName> = (detail: AppEvents[N]) => void;

// One set per event; typed loosely inside, strictly at the two functions below.
const listeners = new Map<AppEventName, Set<(detail: never) => void>>();

export function emitAppEvent<N extends AppEventName>(name: N, detail: AppEvents[N]): void {
  const set = listeners.get(name) as Set<Listener<N>> | undefined;
  if (!set) return;
  for (const listener of [...set]) listener(detail);
}

export function onAppEvent<N extends AppEventName>(name: N, listener: Listener<N>): () => void {
  let set = listeners.get(name) as Set<Listener<N>> | undefined;
  if (!set) {
    set = new Set();
    listeners.set(name, set as Set<(detail: never) => void>);
  }
  set.add(listener);
  return () => {
    set.delete(listener);
  };
}

/** Listens while the component is mounted; the latest `listener` is called. */
export function useAppEvent<N extends AppEventName>(name: N, listener: Listener<N>): void {
  const latest = useRef(listener);
  useEffect(() => {
    latest.current = listener;
  });
  useEffect(() => onAppEvent(name, (detail) => latest.current(detail)), [name]);
}
