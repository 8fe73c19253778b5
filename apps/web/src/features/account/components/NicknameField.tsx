import { ActionIcon, Button, Group, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../components/toast';
import { updateProfile } from '../api/account';
import { showProfileError } from '../profile-errors';
import { nicknameProblem } from '../profile-rules';
import { useSingleFlight } from '../../../lib/hooks/use-single-flight';
import { useStoreUser } from '../use-user-cache';
import { PencilIcon } from './icons';

/**
 * Spec 01 §4 "Nickname edit": view → edit → save or cancel; Enter saves; one save at a time.
 * A refused name leaves the shown name as it was (the old one), since the cache only changes
 * with the server's answer.
 */
export function NicknameField({ userId, name }: { userId: number; name: string }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<string | null>(null);
  const [busy, run] = useSingleFlight();
  const storeUser = useStoreUser();

  const save = (event?: FormEvent) => {
    event?.preventDefault();
    if (draft === null) return;
    const problem = nicknameProblem(draft);
    if (problem) {
      showToast(t(`account:toast.${problem}`), 'warning');
      return;
    }
    const next = draft.trim();
    if (next === name) {
      setDraft(null);
      return;
    }
    void run(async () => {
      try {
        storeUser(await updateProfile(userId, { nick_name: next }));
        showToast(t('account:toast.submitSuccess'), 'success');
        setDraft(null);
      } catch (error) {
        // The old name shows again: the edit closes without touching the cached user.
        setDraft(null);
        showProfileError(error);
      }
    });
  };

  if (draft === null) {
    return (
      <Group gap="xs" wrap="nowrap" miw={0}>
        {/* Wraps rather than truncates: a long name is shown whole on a narrow screen. */}
        <Text fw={600} size="lg" miw={0} style={{ overflowWrap: 'anywhere' }} data-testid="nickname">
          {name}
        </Text>
        <ActionIcon variant="subtle" aria-label={t('account:profile.editNickname')} onClick={() => setDraft(name)}>
          <PencilIcon />
        </ActionIcon>
      </Group>
    );
  }
  return (
    <form onSubmit={save}>
      <Group gap="xs" wrap="wrap">
        <TextInput
          aria-label={t('account:profile.nickname')}
          value={draft}
          onChange={(event) => setDraft(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape') setDraft(null);
          }}
          maxLength={64}
          autoFocus
          disabled={busy}
          w={{ base: '100%', xs: 240 }}
        />
        <Button type="submit" size="sm" loading={busy}>
          {t('common:actions.save')}
        </Button>
        <Button variant="default" size="sm" onClick={() => setDraft(null)} disabled={busy}>
          {t('common:actions.cancel')}
        </Button>
      </Group>
    </form>
  );
}
