import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';
import { TOAST_MS } from '../../components/toast';

/**
 * Where toasts appear. Loaded after the first screen is on show (see LazyToasts): a toast asked
 * for earlier waits in the notifications store and appears as soon as this mounts.
 */
export function Toasts() {
  return <Notifications position="top-center" autoClose={TOAST_MS} zIndex={1000} />;
}
