import { Group, Stack, Text, type StackProps } from '@mantine/core';
import type { ReactNode } from 'react';

interface EmptyNoticeProps extends Pick<StackProps, 'py' | 'role'> {
  title: ReactNode;
  description?: ReactNode;
  /** Buttons under the text, side by side. */
  actions?: ReactNode;
}

/**
 * A centred title, a dimmed line and optional buttons: what a place with nothing to show says
 * (signed out, a screen that failed, a section not built yet, no team). Made of the kit pieces
 * the first route loads anyway, so the shell can show it without another component family in
 * its bundle (docs/bundle-budget.md).
 */
export function EmptyNotice({ title, description, actions, py, role }: EmptyNoticeProps) {
  return (
    <Stack align="center" ta="center" gap={10} py={py} role={role}>
      <Text fw={600} fz="lg" lh={1.3} style={{ textWrap: 'balance' }}>
        {title}
      </Text>
      {description && (
        <Text component="p" c="dimmed" fz="sm" m={0} maw="32rem" style={{ textWrap: 'pretty' }}>
          {description}
        </Text>
      )}
      {actions && <Group justify="center">{actions}</Group>}
    </Stack>
  );
}
