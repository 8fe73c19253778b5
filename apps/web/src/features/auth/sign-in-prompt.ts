import { useSyncExternalStore } from 'react';

/** The views of the sign-in module. */
export type AuthView = 'password' | 'code' | 'signUp' | 'forgot';

export interface SignInPromptState {
  /** Whether the overlay is showing (the page variant shows whatever the state says). */
  opened: boolean;
  view: AuthView;
}

/**
 * A tiny store so any part of the app (the header, a screen whose action needs a signed-in
 * user, the shell after a failed token refresh) can open the sign-in module without importing
 * it or passing callbacks around.
 */
let state: SignInPromptState = { opened: false, view: 'password' };
const listeners = new Set<() => void>();

function setState(next: SignInPromptState) {
  if (next.opened === state.opened && next.view === state.view) return;
  state = next;
  for (const listener of [...listeners]) listener();
}

/** Opens the sign-in module on a view (sign in with a password unless told otherwise). */
export function openSignIn(view: AuthView = 'password'): void {
  setState({ opened: true, view });
}

export function closeSignIn(): void {
  setState({ ...state, opened: false });
}

/** Switches the view without opening or closing the overlay. */
export function showAuthView(view: AuthView): void {
  setState({ ...state, view });
}

export function getSignInPrompt(): SignInPromptState {
  return state;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The prompt's state plus its actions, for components. */
export function useSignInPrompt() {
  const current = useSyncExternalStore(subscribe, getSignInPrompt, getSignInPrompt);
  return { ...current, open: openSignIn, close: closeSignIn, showView: showAuthView };
}
