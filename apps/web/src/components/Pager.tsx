import { Pagination, type PaginationProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * Mantine's pagination with its previous and next arrows named in the reader's language, so a
 * screen reader says what they do. `label` names the whole pager (which list it turns).
 */
export function Pager({ label, ...props }: Omit<PaginationProps, 'getControlProps'> & { label?: string }) {
  const { t } = useTranslation();
  return (
    <Pagination
      {...props}
      {...(label ? { 'aria-label': label } : {})}
      getControlProps={(control) =>
        control === 'previous'
          ? { 'aria-label': t('common:actions.previous') }
          : control === 'next'
            ? { 'aria-label': t('common:actions.next') }
            : {}
      }
    />
  );
}
