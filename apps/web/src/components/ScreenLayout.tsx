import { Stack, Title } from '@mantine/core';
import { type ReactNode, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type shell from '../locales/en/shell.json';
import { useSession } from '../lib/session';

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

/** A screen by its name in the menu's texts. */
type ScreenName = keyof typeof shell.screens;

/**
 * A screen of the signed-in account, titled with its name in the menu. Signed out it draws
 * nothing: the shell shows sign-in in its place, and the content is never asked for data
 * without an account.
 */
export function UserScreen({ screen, children }: { screen: ScreenName; children: (userId: number) => ReactNode }) {
  const { t } = useTranslation();
  const session = useSession();
  if (!session) return null;
  return <ScreenLayout title={t(`shell:screens.${screen}`)}>{children(session.userId)}</ScreenLayout>;
}
