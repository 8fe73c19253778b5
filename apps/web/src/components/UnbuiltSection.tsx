import { Paper } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { EmptyNotice } from './EmptyNotice';

/**
 * What a screen shows while it has nothing of its own yet: says so plainly, rather than showing
 * sample data that a user could mistake for theirs.
 */
export function UnbuiltSection() {
  const { t } = useTranslation();
  return (
    <Paper withBorder radius="md" py="xl" px="md">
      <EmptyNotice title={t('shell:unbuilt.title')} description={t('shell:unbuilt.description')} />
    </Paper>
  );
}
