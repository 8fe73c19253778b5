import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** One fact of a company: its label above its value. */
export function CompanyFact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text component="div" fw={500} style={{ overflowWrap: 'anywhere' }}>
        {children}
      </Text>
    </Stack>
  );
}
