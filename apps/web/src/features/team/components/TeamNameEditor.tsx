import { TEAM_NAME_MAX_LENGTH, TeamErrors } from '@account-centre/contract';
import { useTranslation } from 'react-i18next';
import { showErrorToast, showToast } from '../../../components/toast';
import { useRenameTeam } from '../api/rename-team';
import { useCurrentTeam } from '../team-context';
import { InlineNameEditor } from './InlineNameEditor';

/** The owner's inline rename of the team (spec 02 §5): at most 70 characters. */
export function TeamNameEditor({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const { team, ref } = useCurrentTeam();
  const rename = useRenameTeam(ref);
  return (
    <InlineNameEditor
      label={t('team:summary.name')}
      name={team.name}
      maxLength={TEAM_NAME_MAX_LENGTH}
      saving={rename.isPending}
      onSave={(name) =>
        rename.mutate(name, {
          onSuccess: () => showToast(t('team:success'), 'success'),
          onError: (error) => showErrorToast(error, { domains: [TeamErrors] }),
          onSettled: onDone,
        })
      }
      onDone={onDone}
    />
  );
}
