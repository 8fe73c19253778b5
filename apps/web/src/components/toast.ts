import { notifications } from '@mantine/notifications';
import { errorMessage } from '../lib/i18n';

/** Spec 01 §8: toasts last 3000 ms unless a message says otherwise (1500 ms for some). */
export const TOAST_MS = 3000;

export type ToastKind = 'success' | 'warning' | 'error' | 'info';

const colors: Record<ToastKind, string> = { success: 'green', warning: 'yellow', error: 'red', info: 'blue' };

/** Shows a toast with an already translated message. */
export function showToast(message: string, kind: ToastKind = 'info', durationMs: number = TOAST_MS): void {
  notifications.show({ message, color: colors[kind], autoClose: durationMs });
}

/** Shows the localised text of a failure (an ApiError's key, or the generic error). */
export function showErrorToast(error: unknown, durationMs: number = TOAST_MS): void {
  showToast(errorMessage(error), 'error', durationMs);
}
