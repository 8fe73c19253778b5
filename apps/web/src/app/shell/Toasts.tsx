import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';
import type { CSSProperties } from 'react';
import { TOAST_MS } from '../../components/toast';
import { useBuildContext } from '../../lib/build-context';
import { HEADER_HEIGHT } from './header-height';
import classes from './Toasts.module.css';

/**
 * Where toasts appear: at the top, below the header where there is one (the browser build), so
 * they never cover its links. Loaded after the first screen is on show (see LazyToasts): a toast
 * asked for earlier waits in the notifications store and appears as soon as this mounts.
 */
export function Toasts() {
  const { hostMode } = useBuildContext();
  const belowHeader = hostMode === 'browser';
  return (
    <Notifications
      position="top-center"
      autoClose={TOAST_MS}
      zIndex={1000}
      className={belowHeader ? classes.belowHeader : undefined}
      style={belowHeader ? ({ '--header-height': `${HEADER_HEIGHT}px` } as CSSProperties) : undefined}
    />
  );
}
