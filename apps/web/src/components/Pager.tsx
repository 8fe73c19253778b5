import { Box, Pagination, type PaginationProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Mantine's pagination with its previous and next arrows named in the reader's language, so a
 * screen reader says what they do. PagedSection names the pager as a whole.
 */
export function Pager(props: Omit<PaginationProps, 'getControlProps'>) {
  const { t } = useTranslation();
  return (
    <Pagination
      {...props}
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

/**
 * The rows of the page a pager shows. The paged queries keep the last page while the next one
 * loads, so the list does not collapse under the pager; `turning` says that is happening. The old
 * rows are then marked busy, for screen readers and for whatever waits for the new page, and dim
 * after a moment, so a reader does not take them for the page the pager already names. A quick
 * answer arrives before they dim, and nothing flickers.
 */
export function PageRows({ turning, children }: { turning: boolean; children: ReactNode }) {
  return (
    <Box
      aria-busy={turning}
      opacity={turning ? 0.5 : 1}
      style={{ transition: turning ? 'opacity 150ms ease 250ms' : undefined }}
    >
      {children}
    </Box>
  );
}
