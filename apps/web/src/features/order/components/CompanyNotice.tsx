import { Alert, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Company } from '../api/get-companies';
import { useOrderLoadedSignal } from '../hooks/use-order-loaded-signal';

/**
 * Stands where the order history would be for a plain company member (spec 01 §4): their
 * company's administrator buys for them, so no orders are loaded, and the notice says whom
 * to ask. Shown means the screen has loaded, for the host as for the reader.
 */
export function CompanyNotice({ company }: { company: Company }) {
  const { t } = useTranslation();
  useOrderLoadedSignal(true);
  return (
    <Stack gap="sm" component="section" aria-label={t('order:company.title', { company: company.company_name })}>
      <Alert
        variant="light"
        color="blue"
        radius="md"
        title={t('order:company.title', { company: company.company_name })}
      >
        <Text size="sm">{t('order:company.body', { company: company.company_name })}</Text>
      </Alert>
    </Stack>
  );
}
