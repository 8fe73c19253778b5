import {
  type AnchorHTMLAttributes,
  type MouseEvent,
  type ReactNode,
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
} from 'react';

/**
 * The app's history-mode routing (spec 01 §2): twelve fixed paths, no parameters, no loaders,
 * so a few hooks over the History API do what a routing library would, for a fraction of the
 * first route's download (docs/decisions/006-web-shell.md, "Routing").
 */

/** Where the app is: the address's path and query, and what the navigation that led here carried. */
export interface RouterLocation {
  pathname: string;
  search: string;
  /** The `state` given to navigate (null when the address was typed, reloaded or linked). */
  state: unknown;
  /** Differs for each navigation, even to the same address. */
  key: string;
}

export type To = string | { pathname: string; search?: string };

export interface NavigateOptions {
  replace?: boolean;
  state?: unknown;
}

/** Where the locations come from: the browser's history, or a list in memory for tests. */
interface History {
  current(): RouterLocation;
  go(to: string, options: NavigateOptions): void;
  subscribe(onChange: () => void): () => void;
}

const RouterContext = createContext<History | null>(null);

function href(to: To): string {
  return typeof to === 'string' ? to : `${to.pathname}${to.search ?? ''}`;
}

function newKey(): string {
  return Math.random().toString(36).slice(2, 10);
}

function split(address: string): Pick<RouterLocation, 'pathname' | 'search'> {
  const url = new URL(address, 'http://local');
  return { pathname: url.pathname, search: url.search };
}

/** What this app keeps in `history.state`: the navigation's key and its state. */
interface StoredState {
  key: string;
  state: unknown;
}

function isStoredState(value: unknown): value is StoredState {
  return typeof value === 'object' && value !== null && typeof (value as StoredState).key === 'string';
}

function browserHistory(): History {
  const listeners = new Set<() => void>();
  let snapshot: RouterLocation | null = null;
  const read = (): RouterLocation => {
    const stored = isStoredState(window.history.state) ? window.history.state : null;
    const { pathname, search } = window.location;
    if (
      !snapshot ||
      snapshot.pathname !== pathname ||
      snapshot.search !== search ||
      snapshot.key !== (stored?.key ?? 'default')
    ) {
      snapshot = { pathname, search, state: stored?.state ?? null, key: stored?.key ?? 'default' };
    }
    return snapshot;
  };
  const notify = () => listeners.forEach((listener) => listener());
  return {
    current: read,
    go(to, { replace = false, state = null }) {
      const stored: StoredState = { key: newKey(), state };
      if (replace) window.history.replaceState(stored, '', to);
      else window.history.pushState(stored, '', to);
      notify();
    },
    subscribe(onChange) {
      listeners.add(onChange);
      if (listeners.size === 1) window.addEventListener('popstate', notify);
      return () => {
        listeners.delete(onChange);
        if (listeners.size === 0) window.removeEventListener('popstate', notify);
      };
    },
  };
}

function memoryHistory(initial: string): History {
  const listeners = new Set<() => void>();
  let location: RouterLocation = { ...split(initial), state: null, key: 'default' };
  return {
    current: () => location,
    go(to, { state = null }) {
      location = { ...split(to), state, key: newKey() };
      listeners.forEach((listener) => listener());
    },
    subscribe(onChange) {
      listeners.add(onChange);
      return () => listeners.delete(onChange);
    },
  };
}

/** Routing over the browser's address bar and Back/Forward buttons. */
export function BrowserRouter({ children }: { children: ReactNode }) {
  const [history] = useState(browserHistory);
  return <RouterContext.Provider value={history}>{children}</RouterContext.Provider>;
}

/** Routing in memory, starting at `initialPath`: for tests. */
export function MemoryRouter({ initialPath = '/', children }: { initialPath?: string; children: ReactNode }) {
  const [history] = useState(() => memoryHistory(initialPath));
  return <RouterContext.Provider value={history}>{children}</RouterContext.Provider>;
}

function useHistory(): History {
  const history = useContext(RouterContext);
  if (!history) throw new Error('Routing hooks must be used inside a router');
  return history;
}

export function useLocation(): RouterLocation {
  const history = useHistory();
  return useSyncExternalStore(history.subscribe, history.current);
}

export function useNavigate(): (to: To, options?: NavigateOptions) => void {
  const history = useHistory();
  return useCallback((to, options = {}) => history.go(href(to), options), [history]);
}

/** Goes to `to` as soon as it renders (a redirect). */
export function Navigate({ to, replace = false }: { to: To; replace?: boolean }) {
  const navigate = useNavigate();
  const target = href(to);
  useEffect(() => navigate(target, { replace }), [navigate, target, replace]);
  return null;
}

/** The query of the address, and a setter that edits it in place (keeping the path). */
export function useSearchParams(): [
  URLSearchParams,
  (edit: (params: URLSearchParams) => URLSearchParams, options?: { replace?: boolean }) => void,
] {
  const history = useHistory();
  const { search } = useLocation();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const setParams = useCallback(
    (edit: (params: URLSearchParams) => URLSearchParams, options: { replace?: boolean } = {}) => {
      const { pathname, search: current, state } = history.current();
      const query = edit(new URLSearchParams(current)).toString();
      history.go(`${pathname}${query ? `?${query}` : ''}`, { replace: options.replace, state });
    },
    [history],
  );
  return [params, setParams];
}

/** A plain click (no modifier, main button, same tab) is handled by the app; others by the browser. */
function isPlainClick(event: MouseEvent<HTMLAnchorElement>): boolean {
  return (
    event.button === 0 &&
    !event.metaKey &&
    !event.ctrlKey &&
    !event.shiftKey &&
    !event.altKey &&
    (!event.currentTarget.target || event.currentTarget.target === '_self')
  );
}

type NavLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: To };

/**
 * A real link (`<a href>`: it opens in a new tab, and works before the code has loaded) that
 * navigates in place on a plain click and says `aria-current="page"` when its path is open.
 */
export function NavLink({ to, onClick, children, ...rest }: NavLinkProps) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const target = href(to);
  const current = split(target).pathname === pathname;
  return (
    <a
      {...rest}
      href={target}
      aria-current={current ? 'page' : undefined}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || !isPlainClick(event)) return;
        event.preventDefault();
        navigate(target);
      }}
    >
      {children}
    </a>
  );
}
