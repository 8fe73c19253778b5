import type { ComponentType } from 'react';
import { type Preloadable, preloadable } from '../../lib/lazy/preloadable';
import { loadNamespace, namespaces } from '../../lib/i18n';
import { type ScreenName, screenNamespace } from './screens';

/** Spec 01 §9: a screen's code that has not arrived after 120 s counts as failed. */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** A screen's code could not be loaded (missing file, network failure, or the timeout). */
export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
}

/** Waits for `load`, failing with a ChunkLoadError when it fails or takes longer than `timeoutMs`. */
export function loadWithTimeout<T>(load: () => Promise<T>, timeoutMs: number = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(`not loaded within ${timeoutMs} ms`)), timeoutMs);
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (cause: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError('the code of this screen could not be loaded', { cause }));
      },
    );
  });
}

type ScreenModule = { default: ComponentType };

/**
 * Each screen is its own chunk (one `import()` each, so Vite splits them), loaded the first
 * time the screen is opened. Features export their screen by name.
 */
const codeLoaders: Record<ScreenName, () => Promise<ScreenModule>> = {
  account: () => import('../../features/account').then((m) => ({ default: m.AccountScreen })),
  property: () => import('../../features/property').then((m) => ({ default: m.PropertyScreen })),
  bind: () => import('../../features/bind').then((m) => ({ default: m.BindScreen })),
  message: () => import('../../features/message').then((m) => ({ default: m.MessageScreen })),
  order: () => import('../../features/order').then((m) => ({ default: m.OrderScreen })),
  devices: () => import('../../features/devices').then((m) => ({ default: m.DevicesScreen })),
  coupon: () => import('../../features/coupon').then((m) => ({ default: m.CouponScreen })),
  course: () => import('../../features/course').then((m) => ({ default: m.CourseScreen })),
  template: () => import('../../features/template').then((m) => ({ default: m.TemplateScreen })),
  aipoint: () => import('../../features/aipoint').then((m) => ({ default: m.AiPointScreen })),
  license: () => import('../../features/bind').then((m) => ({ default: m.LicenseScreen })),
  team: () => import('../../features/team').then((m) => ({ default: m.TeamScreen })),
  buy: () => import('../../features/checkout').then((m) => ({ default: m.BuyScreen })),
};

/** A screen's code together with its texts, if it has a namespace (`screenNamespace`). */
const loaders = Object.fromEntries(
  (Object.keys(codeLoaders) as ScreenName[]).map((name) => {
    const texts = screenNamespace(name);
    return [
      name,
      () =>
        namespaces.includes(texts)
          ? Promise.all([codeLoaders[name](), loadNamespace(texts)]).then(([module]) => module)
          : codeLoaders[name](),
    ];
  }),
) as Record<ScreenName, () => Promise<ScreenModule>>;

/** Each screen's component, made once, so React keeps each one's loaded state. */
export const lazyScreens = Object.fromEntries(
  (Object.keys(loaders) as ScreenName[]).map((name) => [
    name,
    preloadable(() => loadWithTimeout(loaders[name]).then((module) => module.default)),
  ]),
) as Record<ScreenName, Preloadable<object>>;

/**
 * Starts loading a screen's code and texts ahead of its first render (the one the visit opens
 * on); main.tsx waits for it beside the translations, so the first screen mounts directly. A
 * failure shows when the screen renders (its load runs again then).
 */
export function preloadScreen(name: ScreenName): Promise<void> {
  return lazyScreens[name].preload().then(
    () => undefined,
    () => undefined,
  );
}
