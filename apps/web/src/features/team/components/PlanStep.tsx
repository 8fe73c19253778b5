import { Button, Group, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../components/LoadFailed';
import { Loading } from '../../../components/Loading';
import { planChoicesQueryOptions } from '../api/get-plans';
import { type PlanSelectionPurpose, planSelectable } from '../plan-selection';
import { useCurrentTeam } from '../team-context';
import { PlanTable } from './PlanTable';

/**
 * The plan selection of a dialog (spec 02 §4): the team's plans, those `purpose` allows
 * tickable, and a confirm blocked until at least one plan is chosen (spec 02 §5).
 */
export function PlanStep({
  purpose,
  held,
  confirmLabel,
  busy,
  onConfirm,
  onBack,
  backLabel,
}: {
  purpose: PlanSelectionPurpose;
  /** The plans the people concerned hold already. */
  held: ReadonlySet<number>;
  confirmLabel: string;
  busy: boolean;
  onConfirm: (planIds: number[]) => void;
  onBack: () => void;
  /** "Cancel" when the selection is the dialog's first step, "Previous" otherwise. */
  backLabel: string;
}) {
  const { t } = useTranslation();
  const { ref } = useCurrentTeam();
  const plans = useQuery(planChoicesQueryOptions(ref, null));
  const [chosen, setChosen] = useState<Set<number>>(new Set());

  let body;
  if (plans.isPending) body = <Loading />;
  else if (plans.isError)
    body = <LoadFailed message={t('team:plans.loadFailed')} onRetry={() => void plans.refetch()} />;
  else
    body = (
      <PlanTable
        label={t('team:planSelect.label')}
        plans={plans.data}
        chosen={chosen}
        selectable={(plan) => planSelectable(plan, purpose, held)}
        onChange={setChosen}
      />
    );
  return (
    <Stack gap="md">
      <Text size="sm">{t('team:planSelect.hint')}</Text>
      {body}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onBack} disabled={busy}>
          {backLabel}
        </Button>
        <Button disabled={chosen.size === 0} loading={busy} onClick={() => onConfirm([...chosen])}>
          {confirmLabel}
        </Button>
      </Group>
    </Stack>
  );
}
