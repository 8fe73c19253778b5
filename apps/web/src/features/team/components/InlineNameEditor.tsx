import { Button, Group, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * An inline rename (spec 02 §4, §5): a name empty after trimming, or unchanged, is not saved and
 * the old name shows again; otherwise `onSave` gets the trimmed name and calls `onDone` when the
 * change has settled. Enter saves, Escape cancels. The team's and the company's names use it.
 */
export function InlineNameEditor({
  label,
  name,
  maxLength,
  saving,
  onSave,
  onDone,
}: {
  label: string;
  name: string;
  maxLength: number;
  saving: boolean;
  onSave: (name: string) => void;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(name);

  const save = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = draft.trim();
    if (trimmed === '' || trimmed === name) return onDone();
    onSave(trimmed);
  };

  return (
    <form onSubmit={save}>
      <Group gap="xs" wrap="wrap">
        <TextInput
          aria-label={label}
          value={draft}
          onChange={(event) => setDraft(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape') onDone();
          }}
          maxLength={maxLength}
          autoFocus
          disabled={saving}
          w={{ base: '100%', xs: 320 }}
        />
        <Button type="submit" size="sm" loading={saving}>
          {t('common:actions.save')}
        </Button>
        <Button variant="default" size="sm" onClick={onDone} disabled={saving}>
          {t('common:actions.cancel')}
        </Button>
      </Group>
    </form>
  );
}
