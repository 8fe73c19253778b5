import { TEAM_NAME_MAX_LENGTH, TeamErrors } from '@account-centre/contract';
import { useTranslation } from 'react-i18next';
import { InlineNameEditor } from '../../../components/InlineNameEditor';
import { showErrorToast, showToast } from '../../../components/toast';
import { useRenameTeam } from '../api/rename-team';
import { useCurrentTeam } from '../team-context';

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
      onSave={(name) =>
        rename.mutateAsync(name).then(
          () => showToast(t('team:success'), 'success'),
          (error: unknown) => showErrorToast(error, { domains: [TeamErrors] }),
        )
      }
      onDone={onDone}
    />
  );
}
