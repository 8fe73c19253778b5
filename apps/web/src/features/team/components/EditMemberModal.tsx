import { assignableRoles, TeamRole, type TeamRoleValue, TeamSeatChange } from '@account-centre/contract';
import { Button, Checkbox, Group, Modal, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../components/LoadFailed';
import { Loading } from '../../../components/Loading';
import { useSingleFlight } from '../../../lib/hooks/use-single-flight';
import { useLanguage } from '../../../lib/i18n';
import { type MemberChange, useEditMembers } from '../api/edit-members';
import type { TeamMember } from '../api/get-members';
import { planChoicesQueryOptions, type TeamPlanChoice } from '../api/get-plans';
import { planExpiry, planTypeName } from '../labels';
import { planSelectable } from '../plan-selection';
import { useCurrentTeam } from '../team-context';
import type { ChangeDialogProps } from './dialog-props';
import { PlanTable } from './PlanTable';
import { RoleChoice } from './RoleChoice';

/**
 * The calls that turn a member's seats and role into what was ticked (spec 02 §4): the plans
 * unticked are freed (reverse 1), the plans newly ticked given (reverse 0); a new role rides
 * with the first call, or alone.
 */
function changesFor(
  member: TeamMember,
  role: TeamRoleValue,
  held: ReadonlySet<number>,
  chosen: ReadonlySet<number>,
): MemberChange[] {
  const user_ids = [member.user_id];
  const freed = [...held].filter((id) => !chosen.has(id));
  const given = [...chosen].filter((id) => !held.has(id));
  // Owner rows are never edited (spec 02 §5): the role here is an admin's or a member's.
  let roleChange: Pick<MemberChange, 'role'> = role !== member.role && role !== TeamRole.owner ? { role } : {};
  const changes: MemberChange[] = [];
  if (freed.length > 0) {
    changes.push({ user_ids, reverse: TeamSeatChange.unauthorize, plan_ids: freed, ...roleChange });
    roleChange = {};
  }
  if (given.length > 0 || 'role' in roleChange)
    changes.push({
      user_ids,
      reverse: TeamSeatChange.authorize,
      ...(given.length > 0 ? { plan_ids: given } : {}),
      ...roleChange,
    });
  return changes;
}

/**
 * Edit user (spec 02 §4): the role — among those the viewer may give — and the plans, ticked as
 * the member holds them. More than one plan shows the plan table; one plan, a single checkbox.
 */
export function EditMemberModal({ member, onClose, onDone, onFailed }: ChangeDialogProps & { member: TeamMember }) {
  const { t } = useTranslation();
  const { ref, viewer } = useCurrentTeam();
  const roles = [...new Set([member.role, ...assignableRoles(viewer.role)])].sort() as TeamRoleValue[];
  const plans = useQuery(planChoicesQueryOptions(ref, member.user_id));
  const held = useMemo(
    () => new Set(plans.data?.filter((plan) => plan.authorized).map((plan) => plan.id)),
    [plans.data],
  );
  const [role, setRole] = useState<TeamRoleValue>(member.role);
  const [ticked, setTicked] = useState<Set<number> | null>(null);
  const chosen = ticked ?? held;
  const edit = useEditMembers(ref);
  const [busy, run] = useSingleFlight();

  const save = () =>
    run(async () => {
      const changes = changesFor(member, role, held, chosen);
      if (changes.length === 0) return onClose();
      try {
        for (const change of changes) await edit.mutateAsync(change);
        onDone();
      } catch (error) {
        onFailed({ kind: 'error', error });
      }
    });

  let planPart;
  if (plans.isPending) planPart = <Loading />;
  else if (plans.isError)
    planPart = <LoadFailed message={t('team:plans.loadFailed')} onRetry={() => void plans.refetch()} />;
  else planPart = <PlanPicker plans={plans.data} held={held} chosen={chosen} onChange={setTicked} disabled={busy} />;

  return (
    <Modal opened onClose={() => !busy && onClose()} title={t('team:edit.title')} centered size="lg">
      <Stack gap="md">
        <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
          {member.email ?? member.mobile ?? member.nick_name}
        </Text>
        <RoleChoice roles={roles} value={role} onChange={setRole} disabled={busy} />
        <Stack gap={6}>
          <Text size="sm" fw={500}>
            {t('team:edit.plans')}
          </Text>
          {planPart}
        </Stack>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={busy}>
            {t('common:actions.cancel')}
          </Button>
          <Button onClick={() => void save()} loading={busy} disabled={!plans.isSuccess}>
            {t('common:actions.save')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The member's plans: a table when there are several, a checkbox for the only one. */
function PlanPicker({
  plans,
  held,
  chosen,
  onChange,
  disabled,
}: {
  plans: readonly TeamPlanChoice[];
  held: ReadonlySet<number>;
  chosen: ReadonlySet<number>;
  onChange: (chosen: Set<number>) => void;
  disabled: boolean;
}) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const selectable = (plan: TeamPlanChoice) => !disabled && planSelectable(plan, 'edit', held);
  const [only, ...others] = plans;
  if (!only) return <Text size="sm">{t('team:plans.empty')}</Text>;
  if (others.length > 0)
    return (
      <PlanTable
        label={t('team:edit.plans')}
        plans={plans}
        chosen={chosen}
        selectable={selectable}
        onChange={onChange}
      />
    );
  return (
    <Checkbox
      label={t('team:planSelect.row', {
        plan: planTypeName(t, only.type),
        expiry: planExpiry(t, only.expire, language),
      })}
      checked={chosen.has(only.id)}
      disabled={!selectable(only)}
      onChange={(event) => onChange(new Set(event.currentTarget.checked ? [only.id] : []))}
    />
  );
}
