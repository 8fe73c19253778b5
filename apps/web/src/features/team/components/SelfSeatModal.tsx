import { TeamSeatChange } from '@account-centre/contract';
import { Modal, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useEditMembers } from '../api/edit-members';
import { planTypeName } from '../labels';
import { ownSeatPlans, type SeatChange } from '../plan-selection';
import { useCurrentTeam } from '../team-context';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import type { ChangeDialogProps } from './dialog-props';
import { PlanStep } from './PlanStep';

/**
 * The owner authorizes or unauthorizes themself (spec 02 §4), after a confirmation: on the only
 * plan concerned directly, or on the plans chosen in the plan selection when there are several.
 */
export function SelfSeatModal({ change, onClose, onDone, onFailed }: ChangeDialogProps & { change: SeatChange }) {
  const { t } = useTranslation();
  const { team, ref, viewer } = useCurrentTeam();
  const edit = useEditMembers(ref);
  const [choosing, setChoosing] = useState(false);
  const plans = ownSeatPlans(team, change);
  const [only] = plans;

  const apply = (planIds: number[]) =>
    edit.mutate(
      { user_ids: [viewer.user_id], reverse: TeamSeatChange[change], plan_ids: planIds },
      { onSuccess: onDone, onError: (error) => onFailed({ kind: 'error', error }) },
    );
  const confirm = () => (plans.length > 1 ? setChoosing(true) : apply(plans.map((plan) => plan.id)));

  if (choosing)
    return (
      <Modal opened onClose={() => !edit.isPending && onClose()} title={t('team:planSelect.title')} centered size="lg">
        <PlanStep
          purpose={change}
          held={new Set(team.plan_ids)}
          confirmLabel={t('common:actions.confirm')}
          busy={edit.isPending}
          onConfirm={apply}
          onBack={() => setChoosing(false)}
          backLabel={t('common:actions.previous')}
        />
      </Modal>
    );
  return (
    <ConfirmDialog
      title={t(`team:selfSeat.${change}Title`)}
      confirmLabel={t('common:actions.confirm')}
      busy={edit.isPending}
      onConfirm={confirm}
      onClose={onClose}
    >
      {t(`team:selfSeat.${change}Text`)}
      {plans.length === 1 && only && (
        <Text size="sm" fw={500} mt="xs">
          {t('team:selfSeat.plan', { plan: planTypeName(t, only.type) })}
        </Text>
      )}
    </ConfirmDialog>
  );
}
