import { Stack, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';

/** A screen's frame: its heading (the one h1 of the page) and its content, as a labelled region. */
export function ScreenLayout({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <Stack component="section" aria-labelledby={headingId} gap="lg">
      <Title id={headingId} order={1} size="h2">
        {title}
      </Title>
      {children}
    </Stack>
  );
}
