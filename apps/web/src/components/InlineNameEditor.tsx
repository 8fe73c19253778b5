import { Button, Group, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSingleFlight } from '../lib/hooks/use-single-flight';

/**
 * An inline rename (spec 01 §4 the nickname, spec 02 §4, §5 the team's and the company's names):
 * Enter saves, Escape cancels, one save at a time however fast the second Enter comes. A name
 * unchanged after trimming, or empty, is not sent and the old name shows again; otherwise
 * `onSave` gets the trimmed name and the editor closes once it has settled, whatever the answer
 * (the caller says how it went).
 */
export function InlineNameEditor({
  label,
  name,
  maxLength,
  width = 320,
  refuse,
  onSave,
  onDone,
}: {
  label: string;
  name: string;
  maxLength: number;
  /** The field's width from the `xs` breakpoint up; it fills the line below. */
  width?: number;
  /** True for a draft that may not be saved, once the caller has said why: the editor stays open. */
  refuse?: (draft: string) => boolean;
  onSave: (name: string) => Promise<void>;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(name);
  const [saving, runOnce] = useSingleFlight();

  const save = (event: FormEvent) => {
    event.preventDefault();
    if (refuse?.(draft)) return;
    const trimmed = draft.trim();
    if (trimmed === '' || trimmed === name) return onDone();
    void runOnce(async () => {
      try {
        await onSave(trimmed);
      } finally {
        onDone();
      }
    });
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
          w={{ base: '100%', xs: width }}
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
