import { Loader, type MantineSize } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * A section still loading: the kit's spinner, named for screen readers. The name needs the
 * `status` role: a plain element may not carry one (axe: aria-prohibited-attr).
 */
export function Loading({ label, size = 'sm' }: { label?: string; size?: MantineSize }) {
  const { t } = useTranslation();
  return <Loader size={size} role="status" aria-label={label ?? t('common:status.loading')} />;
}
