import { Button, Paper, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A section whose data did not load: what failed, and a retry. Built from the pieces every
 * screen already loads (no Alert), since the account screen shows it on the first route.
 */
export function LoadFailed({ message, onRetry }: { message: ReactNode; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="md" radius="md" style={{ borderColor: 'var(--mantine-color-red-4)' }}>
      <Stack gap="xs" align="flex-start">
        <Text c="red.8" fw={500} role="alert">
          {message}
        </Text>
        <Button variant="light" size="xs" onClick={onRetry}>
          {t('common:actions.retry')}
        </Button>
      </Stack>
    </Paper>
  );
}
