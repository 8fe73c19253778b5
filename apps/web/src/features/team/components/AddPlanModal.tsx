import { TeamSeatChange } from '@account-centre/contract';
import { Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useEditMembers } from '../api/edit-members';
import type { TeamMember } from '../api/get-members';
import { heldByAll } from '../plan-selection';
import { useCurrentTeam } from '../team-context';
import type { ChangeDialogProps } from './dialog-props';
import { PlanStep } from './PlanStep';

/**
 * Add authorization plan (spec 02 §2): the selected members get a seat of each plan chosen; a
 * plan they all hold already, or one that has expired, cannot be chosen.
 */
export function AddPlanModal({ members, onClose, onDone, onFailed }: ChangeDialogProps & { members: TeamMember[] }) {
  const { t } = useTranslation();
  const { ref } = useCurrentTeam();
  const edit = useEditMembers(ref);
  const authorize = (planIds: number[]) =>
    edit.mutate(
      { user_ids: members.map((member) => member.user_id), reverse: TeamSeatChange.authorize, plan_ids: planIds },
      { onSuccess: onDone, onError: (error) => onFailed({ kind: 'error', error }) },
    );
  return (
    <Modal opened onClose={() => !edit.isPending && onClose()} title={t('team:toolbar.addPlan')} centered size="lg">
      <PlanStep
        purpose="authorize"
        held={heldByAll(members)}
        confirmLabel={t('common:actions.confirm')}
        busy={edit.isPending}
        onConfirm={authorize}
        onBack={onClose}
        backLabel={t('common:actions.cancel')}
      />
    </Modal>
  );
}
