import { List, Stack, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const notes = ['oneAccount', 'letters', 'restart', 'help'] as const;

/** The notice list under the code input (spec 01 §2 "Bind screen"). */
export function CodeNotes() {
  const { t } = useTranslation();
  return (
    <Stack gap="xs" component="section" aria-labelledby="bind-notes">
      <Title order={2} size="h4" id="bind-notes">
        {t('bind:notes.title')}
      </Title>
      <List size="sm" spacing={4}>
        {notes.map((note) => (
          <List.Item key={note}>{t(`bind:notes.${note}`)}</List.Item>
        ))}
      </List>
    </Stack>
  );
}
