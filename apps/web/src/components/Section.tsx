import { type MantineSpacing, Paper, Stack, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';

interface SectionProps {
  title: ReactNode;
  /** The heading's id, for a caller that labels more by it (a table, a list); made up unless given. */
  headingId?: string;
  /** The space between the heading and what follows it, and between those. */
  gap?: MantineSpacing | number;
  /** A bordered card around the section, with this padding; none unless said. */
  framed?: MantineSpacing;
  children: ReactNode;
}

/**
 * A part of a screen under its own h2 (drawn at h4 size), as a region named by that heading, so
 * a screen reader can list and jump to the parts of a screen by name.
 */
export function Section({ title, headingId, gap = 'sm', framed, children }: SectionProps) {
  const madeId = useId();
  const id = headingId ?? madeId;
  const heading = (
    <Title order={2} size="h4" id={id}>
      {title}
    </Title>
  );
  if (framed === undefined)
    return (
      <Stack gap={gap} component="section" aria-labelledby={id}>
        {heading}
        {children}
      </Stack>
    );
  return (
    <Paper withBorder radius="md" p={framed} component="section" aria-labelledby={id}>
      <Stack gap={gap}>
        {heading}
        {children}
      </Stack>
    </Paper>
  );
}
