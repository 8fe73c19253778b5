import { type JoiningRole, useAddMembers } from '../api/add-members';
import type { Invitee } from '../api/screen-contacts';
import type { ChangeDialogProps } from '../components/dialog-props';
import { useCurrentTeam } from '../team-context';

/**
 * The end of both add flows (spec 02 §4): the people the filter recognised join with a role and
 * a seat of the plans chosen. With one plan that can still be given they join on it directly;
 * with several, the dialog asks which first (`needsPlanChoice`).
 */
export function useAddInvitees({ onDone, onFailed }: Pick<ChangeDialogProps, 'onDone' | 'onFailed'>) {
  const { team, ref } = useCurrentTeam();
  const add = useAddMembers(ref);
  const livePlans = team.plan.filter((plan) => !plan.is_expired);

  const addWith = (invitees: readonly Invitee[], role: JoiningRole, planIds: number[]) =>
    add.mutate(
      // The filter's answer names each person by id: the add takes exactly the people shown.
      { plan_ids: planIds, role, user_ids: invitees.map((invitee) => invitee.user_id) },
      { onSuccess: onDone, onError: (error) => onFailed({ kind: 'error', error }) },
    );

  return {
    needsPlanChoice: livePlans.length > 1,
    // No plan left to give: the server's "choose at least one plan" says so in the add-failed prompt.
    addDirectly: (invitees: readonly Invitee[], role: JoiningRole) =>
      addWith(
        invitees,
        role,
        livePlans.map((plan) => plan.id),
      ),
    addWith,
    busy: add.isPending,
  };
}
