import { AccountErrors } from '@account-centre/contract';
import { Button, Group, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showErrorToast, showToast } from '../../../components/toast';
import { useSingleFlight } from '../../../lib/hooks/use-single-flight';
import { updateProfile } from '../api/update-profile';
import { nicknameProblem } from '../profile-rules';
import { useStoreUser } from '../use-user-cache';

/**
 * Spec 01 §4 "Nickname edit", the edit state: Enter saves, Escape cancels, one save at a
 * time. A refused name leaves the shown name as it was (the old one), since the cache only
 * changes with the server's answer.
 *
 * Its own chunk, with the save call, loaded when the user starts editing (or points at the
 * edit button): the account screen's first paint needs neither (docs/bundle-budget.md).
 */
export function NicknameEditor({ userId, name, onDone }: { userId: number; name: string; onDone: () => void }) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState(name);
  const [busy, run] = useSingleFlight();
  const storeUser = useStoreUser();

  const save = (event: FormEvent) => {
    event.preventDefault();
    const problem = nicknameProblem(draft);
    if (problem) {
      showToast(t(`account:toast.${problem}`), 'warning');
      return;
    }
    const next = draft.trim();
    if (next === name) {
      onDone();
      return;
    }
    void run(async () => {
      try {
        storeUser(await updateProfile(userId, { nick_name: next }));
        showToast(t('account:toast.submitSuccess'), 'success');
      } catch (error) {
        // The old name shows again: the edit closes without touching the cached user.
        // Spec 01 §8: sensitiveVerb, nameFormatError, or the failure's own text.
        showErrorToast(error, { domains: [AccountErrors] });
      }
      onDone();
    });
  };

  return (
    <form onSubmit={save}>
      <Group gap="xs" wrap="wrap">
        <TextInput
          aria-label={t('account:profile.nickname')}
          value={draft}
          onChange={(event) => setDraft(event.currentTarget.value)}
          onKeyDown={(event) => {
            if (event.key === 'Escape') onDone();
          }}
          maxLength={64}
          autoFocus
          disabled={busy}
          w={{ base: '100%', xs: 240 }}
        />
        <Button type="submit" size="sm" loading={busy}>
          {t('common:actions.save')}
        </Button>
        <Button variant="default" size="sm" onClick={onDone} disabled={busy}>
          {t('common:actions.cancel')}
        </Button>
      </Group>
    </form>
  );
}
