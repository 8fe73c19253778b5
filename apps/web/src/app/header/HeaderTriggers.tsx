import { UnstyledButton } from '@mantine/core';
import { type ReactNode, useEffect, useLayoutEffect, useRef } from 'react';
import { prefetchHeaderParts } from './header-parts';
import { ChevronIcon } from './header-visuals';
import classes from './header.module.css';

/**
 * Light stand-ins for the header's interactive parts, shown until those have loaded
 * (header-parts.ts). Each looks and is labelled like the real trigger; using one starts the
 * download and records what the user asked for, which the real part then shows.
 */

/** Same delays as the dropdown menus (NavMenu), so a pointer sees no difference. */
const OPEN_DELAY_MS = 60;
const CLOSE_DELAY_MS = 200;

/** A dropdown's button before the menu code has loaded: hover or click opens it on arrival. */
export function NavMenuStandIn({
  label,
  opened,
  onChange,
}: {
  label: string;
  opened: boolean;
  onChange: (opened: boolean) => void;
}) {
  const timer = useRef<number | undefined>(undefined);
  const later = (next: boolean, delay: number) => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => onChange(next), delay);
  };
  useEffect(() => () => window.clearTimeout(timer.current), []);
  return (
    <UnstyledButton
      className={classes.link}
      aria-haspopup="menu"
      aria-expanded={false}
      onFocus={prefetchHeaderParts}
      onMouseEnter={() => {
        prefetchHeaderParts();
        later(true, OPEN_DELAY_MS);
      }}
      onMouseLeave={() => later(false, CLOSE_DELAY_MS)}
      onClick={() => {
        window.clearTimeout(timer.current);
        onChange(!opened);
      }}
    >
      {label}
      <ChevronIcon />
    </UnstyledButton>
  );
}

/** What a stand-in button needs to start loading and to remember that it was used. */
export function standInHandlers(setIntent: (open: boolean) => void, { hover = false } = {}) {
  return {
    onFocus: prefetchHeaderParts,
    onPointerEnter: prefetchHeaderParts,
    onClick: () => {
      prefetchHeaderParts();
      setIntent(true);
    },
    ...(hover && {
      onMouseEnter: () => {
        prefetchHeaderParts();
        setIntent(true);
      },
      onMouseLeave: () => setIntent(false),
    }),
  };
}

/**
 * Shows `standIn` until `loaded`, then `children`. Keyboard focus on the stand-in moves to the
 * real part's button when it replaces it, so a keyboard user does not lose their place.
 */
export function Deferred({ loaded, standIn, children }: { loaded: boolean; standIn: ReactNode; children: ReactNode }) {
  const wrapper = useRef<HTMLSpanElement>(null);
  const hadFocus = useRef(false);
  useLayoutEffect(() => {
    if (!loaded || !hadFocus.current) return;
    hadFocus.current = false;
    wrapper.current?.querySelector<HTMLElement>('button, a[href]')?.focus();
  }, [loaded]);
  return (
    <span
      ref={wrapper}
      className={classes.contents}
      onFocus={() => {
        if (!loaded) hadFocus.current = true;
      }}
      onBlur={(event) => {
        // A stand-in taken out of the page may report a blur; only a real move of focus counts.
        if (event.target.isConnected) hadFocus.current = false;
      }}
    >
      {loaded ? children : standIn}
    </span>
  );
}
