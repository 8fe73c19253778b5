import { TEAM_NAME_MAX_LENGTH, TeamErrors } from '@account-centre/contract';
import { Button, Group, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showErrorToast, showToast } from '../../../components/toast';
import { useRenameTeam } from '../api/rename-team';
import { useCurrentTeam } from '../team-context';

/**
 * The owner's inline rename (spec 02 §5): at most 70 characters; a name empty after trimming,
 * or unchanged, is not saved and the old name shows again. Enter saves, Escape cancels.
 */
export function TeamNameEditor({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const { team, ref } = useCurrentTeam();
  const [draft, setDraft] = useState(team.name);
  const rename = useRenameTeam(ref);

  const save = (event: FormEvent) => {
    event.preventDefault();
    const name = draft.trim();
    if (name === '' || name === team.name) return onDone();
    rename.mutate(name, {
      onSuccess: () => showToast(t('team:success'), 'success'),
      onError: (error) => showErrorToast(error, { domains: [TeamErrors] }),
      onSettled: onDone,
    });
  };

  return (
    <form onSubmit={save}>
      <Group gap="xs" wrap="wrap">
        <TextInput
          aria-label={t('team:summary.name')}
          value={draft}
          onChange={(event) => setDraft(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape') onDone();
          }}
          maxLength={TEAM_NAME_MAX_LENGTH}
          autoFocus
          disabled={rename.isPending}
          w={{ base: '100%', xs: 320 }}
        />
        <Button type="submit" size="sm" loading={rename.isPending}>
          {t('common:actions.save')}
        </Button>
        <Button variant="default" size="sm" onClick={onDone} disabled={rename.isPending}>
          {t('common:actions.cancel')}
        </Button>
      </Group>
    </form>
  );
}
