import { Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** One item of the sign-in and security list: its name (and a hint), its state, its actions. */
export function SecurityRow({
  label,
  value,
  hint,
  action,
}: {
  label: string;
  value: ReactNode;
  hint?: string;
  action?: ReactNode;
}) {
  return (
    <Group justify="space-between" wrap="wrap" gap="xs" py="xs" role="listitem" aria-label={label}>
      <Stack gap={2} miw={0} style={{ flex: '1 1 12rem' }}>
        <Text fw={500}>{label}</Text>
        {hint && (
          <Text size="xs" c="dimmed">
            {hint}
          </Text>
        )}
      </Stack>
      <Group gap="sm" wrap="wrap">
        {value}
        {action}
      </Group>
    </Group>
  );
}

/** The dimmed state of an item that is not set up ("Not linked", "Not set"). */
export const NotSet = ({ children }: { children: string }) => (
  <Text c="dimmed" size="sm">
    {children}
  </Text>
);
