import { type ErrorEntry, isFailure } from '@account-centre/contract';
import type { NotificationData } from '@mantine/notifications';
import type * as ToastStoreModule from './toast-store';
import { type ErrorTextOptions, errorText } from '../lib/api';
import { i18n } from '../lib/i18n';

/** Spec 01 §8: toasts last 3000 ms unless a message says otherwise (1500 ms for some). */
export const TOAST_MS = 3000;

export type ToastKind = 'success' | 'warning' | 'error' | 'info';

const colors: Record<ToastKind, string> = { success: 'green', warning: 'yellow', error: 'red', info: 'blue' };

type ToastStore = typeof ToastStoreModule.notifications;

/**
 * Every toast goes through this module, which loads Mantine's toast store on first use rather
 * than with the first screen (docs/bundle-budget.md); the toast container's chunk, loaded when
 * the browser is idle, brings the same module, so by the time anything is shown it is usually
 * there. Until it is, calls wait in order; once it is, they run at once.
 */
let store: ToastStore | null = null;
let waiting: ((store: ToastStore) => void)[] | null = null;

/** Loads the toast store (once). Tests await it so that toasts are shown synchronously. */
export function loadToastStore(): Promise<void> {
  if (store) return Promise.resolve();
  return import('./toast-store').then((module) => {
    store = module.notifications;
    const queued = waiting ?? [];
    waiting = null;
    for (const show of queued) show(store);
  });
}

function withStore(act: (store: ToastStore) => void): void {
  if (store) {
    act(store);
    return;
  }
  if (!waiting) {
    waiting = [];
    // Offline with the chunk missing, the waiting toasts are dropped; the next one tries again.
    loadToastStore().catch(() => {
      waiting = null;
    });
  }
  waiting.push(act);
}

export interface ToastOptions {
  /** One toast per id: showing it again replaces the one on screen. */
  id?: string;
  /** A spinner in place of the colour mark, for a toast that says something is under way. */
  loading?: boolean;
  withCloseButton?: boolean;
}

/**
 * Shows a toast with an already translated message for `durationMs` (false: until it is
 * cleared or the page moves on).
 */
export function showToast(
  message: string,
  kind: ToastKind = 'info',
  durationMs: number | false = TOAST_MS,
  options: ToastOptions = {},
): void {
  const toast: NotificationData = {
    message,
    color: colors[kind],
    autoClose: durationMs,
    // The kit's close cross has no name of its own: a screen reader would announce a bare button.
    closeButtonProps: { 'aria-label': i18n.t('common:actions.close') },
    ...options,
  };
  withStore((toasts) => toasts.show(toast));
}

/** Shows the localised text of a failure (errorText: the screen's own domains read first). */
export function showErrorToast(error: unknown, options: ErrorTextOptions = {}): void {
  showToast(errorText(i18n.t, error, options), 'error');
}

/** Which of the form's fields holds a refusal: the catalogue entry and the field it is about. */
export type FieldsOfRefusals<Field extends string> = readonly (readonly [ErrorEntry, Field])[];

/**
 * Says a failed request once, the rule of every form: a refusal the form can show at one of its
 * fields (`fields`) goes there, through `atField`, and is not toasted too — the same words twice,
 * at the field and in a toast, read as two problems; a refusal no field holds (a network
 * failure, a server fault, a refusal of the whole request) is one toast, of `kind`.
 */
export function showFailure<Field extends string>(
  error: unknown,
  fields: FieldsOfRefusals<Field>,
  atField: (field: Field, error: unknown) => void,
  options: ErrorTextOptions & { kind?: ToastKind } = {},
): void {
  const field = fields.find(([entry]) => isFailure(error, entry))?.[1];
  if (field !== undefined) atField(field, error);
  else showToast(errorText(i18n.t, error, options), options.kind ?? 'error');
}

/** Takes every toast off the screen, and drops the ones waiting to be shown. */
export function clearToasts(): void {
  withStore((toasts) => toasts.clean());
}
