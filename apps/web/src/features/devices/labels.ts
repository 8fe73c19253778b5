import i18next from 'i18next';
import { type DeviceProduct, type DeviceTag, DeviceErrors } from '@account-centre/contract';
import { errorText } from '../../lib/api';
import type { Session } from './api/get-sessions';

type Client = Session['client'];

export const productLabelKeys = {
  'mind-map': 'devices:products.mindMap',
  diagram: 'devices:products.diagram',
  project: 'devices:products.project',
} as const satisfies Record<DeviceProduct, string>;

export const tagLabelKeys = {
  PC: 'devices:tags.pc',
  Mobile: 'devices:tags.mobile',
  Online: 'devices:tags.online',
} as const satisfies Record<DeviceTag, string>;

const methodKeys = {
  password: 'devices:methods.password',
  code: 'devices:methods.code',
  register: 'devices:methods.register',
  ticket: 'devices:methods.ticket',
} as const;

/** How a session began or a sign-in was tried; a method this build does not know reads as "other". */
export function methodLabel(method: string | null): string {
  const key =
    method !== null && Object.hasOwn(methodKeys, method) ? methodKeys[method as keyof typeof methodKeys] : null;
  return i18next.t(key ?? 'devices:methods.other');
}

/**
 * The client as the server read it from the user agent. Browser and application names are
 * product names ("Chrome", "EdrawMax"), shown as they are; only "unknown" is translated.
 */
export function clientLabel(client: Client): string {
  const name = client.name ? [client.name, client.version].filter(Boolean).join(' ') : null;
  const what = name ?? i18next.t('devices:client.unknown');
  return client.os ? i18next.t('devices:client.withOs', { client: what, os: client.os }) : what;
}

/** The server knows local addresses only (docs/decisions/004): anything else is unknown, never guessed. */
export function locationLabel(location: 'local' | null): string {
  return i18next.t(location === 'local' ? 'devices:location.local' : 'devices:location.unknown');
}

/** The text of a failed device or session call: the device calls' own failures first (errorText). */
export function deviceErrorText(error: unknown): string {
  return errorText(i18next.t, error, { domains: [DeviceErrors] });
}
