import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import { loadNamespace } from './i18n';

/**
 * A lazily loaded part of a screen (a dialog, a panel) whose texts live in a namespace of their
 * own: the code and the texts download together the first time the part renders, so neither
 * the first route nor the screen pays for a dialog few visitors open (docs/bundle-budget.md).
 *
 * Such namespaces are named after their screen plus a part, in camel case (`accountClose`,
 * `orderReceipt`): see isPartNamespace, which keeps them out of the boot download.
 */
export function lazyWithTexts<Props extends object>(
  loadCode: () => Promise<ComponentType<Props>>,
  namespace: string,
): LazyExoticComponent<ComponentType<Props>> {
  return lazy(() =>
    Promise.all([loadCode(), loadNamespace(namespace)]).then(([component]) => ({ default: component })),
  );
}
