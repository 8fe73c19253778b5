import { AccountErrors } from '@account-centre/contract';
import { useTranslation } from 'react-i18next';
import { InlineNameEditor } from '../../../components/InlineNameEditor';
import { showErrorToast, showToast } from '../../../components/toast';
import { updateProfile } from '../api/update-profile';
import { nicknameProblem } from '../profile-rules';
import { useStoreUser } from '../use-user-cache';

/**
 * Spec 01 §4 "Nickname edit", the edit state: an empty or too long name is refused with a
 * warning and the editor stays open. A refused save leaves the shown name as it was (the old
 * one), since the cache only changes with the server's answer.
 *
 * Its own chunk, with the save call, loaded when the user starts editing (or points at the
 * edit button): the account screen's first paint needs neither (docs/bundle-budget.md).
 */
export function NicknameEditor({ userId, name, onDone }: { userId: number; name: string; onDone: () => void }) {
  const { t } = useTranslation();
  const storeUser = useStoreUser();

  const refuse = (draft: string) => {
    const problem = nicknameProblem(draft);
    if (problem) showToast(t(`account:toast.${problem}`), 'warning');
    return problem !== null;
  };

  const save = async (next: string) => {
    try {
      storeUser(await updateProfile(userId, { nick_name: next }));
      showToast(t('account:toast.submitSuccess'), 'success');
    } catch (error) {
      // The old name shows again: the edit closes without touching the cached user.
      // Spec 01 §8: sensitiveVerb, nameFormatError, or the failure's own text.
      showErrorToast(error, { domains: [AccountErrors] });
    }
  };

  return (
    <InlineNameEditor
      label={t('account:profile.nickname')}
      name={name}
      maxLength={64}
      width={240}
      refuse={refuse}
      onSave={save}
      onDone={onDone}
    />
  );
}
