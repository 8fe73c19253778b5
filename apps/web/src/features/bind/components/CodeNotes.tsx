import { useTranslation } from 'react-i18next';
import { NoteList } from '../../../components/NoteList';
import { Section } from '../../../components/Section';

const notes = ['oneAccount', 'letters', 'restart', 'help'] as const;

/** The notice list under the code input (spec 01 §2 "Bind screen"). */
export function CodeNotes() {
  const { t } = useTranslation();
  return (
    <Section title={t('bind:notes.title')} headingId="bind-notes" gap="xs">
      <NoteList items={notes.map((note) => t(`bind:notes.${note}`))} />
    </Section>
  );
}
