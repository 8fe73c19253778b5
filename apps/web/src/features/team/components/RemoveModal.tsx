import { TeamErrors } from '@account-centre/contract';
import { useTranslation } from 'react-i18next';
import { showErrorToast } from '../../../components/toast';
import type { TeamMember } from '../api/get-members';
import { useRemoveMembers } from '../api/remove-members';
import { useCurrentTeam } from '../team-context';
import { ConfirmDialog } from '../../../components/ConfirmDialog';

/** Remove confirm (spec 02 §4): the removed accounts lose their membership benefits. */
export function RemoveModal({
  members,
  onClose,
  onDone,
}: {
  members: readonly TeamMember[];
  onClose: () => void;
  /** The members were removed; their ids, so the tab can tell whether the viewer left. */
  onDone: (userIds: number[]) => void;
}) {
  const { t } = useTranslation();
  const { ref } = useCurrentTeam();
  const remove = useRemoveMembers(ref);
  const [single] = members;
  const userIds = members.map((member) => member.user_id);
  const confirm = () =>
    remove.mutate(userIds, {
      onSuccess: () => onDone(userIds),
      onError: (error) => {
        showErrorToast(error, { domains: [TeamErrors] });
        onClose();
      },
    });
  return (
    <ConfirmDialog
      title={t('team:remove.title')}
      confirmLabel={t('team:remove.confirm')}
      danger
      busy={remove.isPending}
      onConfirm={confirm}
      onClose={onClose}
    >
      {members.length === 1 && single
        ? t('team:remove.one', { name: single.nick_name || single.email || single.mobile || '' })
        : t('team:remove.several', { count: members.length })}
    </ConfirmDialog>
  );
}
