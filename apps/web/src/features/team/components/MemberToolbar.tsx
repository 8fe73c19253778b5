import { canManageTeam, mayChangeOwnSeats, TEAM_SEARCH_MAX_LENGTH, TeamRole } from '@account-centre/contract';
import { Button, CloseButton, Group, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCurrentTeam } from '../team-context';
import { ownSeatPlans, type SeatChange } from '../plan-selection';

export type ToolbarAction = 'remove' | 'add' | 'addPlan' | 'transfer' | SeatChange;

/**
 * The member tab's actions and search (spec 02 §2, §5). Remove and add-plan need a role that
 * edits and a selection (add-plan also more than one plan); a member sees them disabled. The
 * owner's own seat actions show only when they apply, and the transfer only for the owner of a
 * diagram team in the domestic build.
 */
export function MemberToolbar({
  selectionCount,
  search,
  onSearch,
  onAction,
}: {
  selectionCount: number;
  search: string;
  onSearch: (text: string) => void;
  onAction: (action: ToolbarAction) => void;
}) {
  const { t } = useTranslation();
  const { team, ref, domestic } = useCurrentTeam();
  const edits = canManageTeam(team.role);
  const owner = mayChangeOwnSeats(team.role);
  const transfer = team.role === TeamRole.owner && ref.product === 'max' && domestic;
  return (
    <Group justify="space-between" gap="sm" align="flex-end">
      <Group gap="xs" role="group" aria-label={t('team:toolbar.label')}>
        <Button
          variant="outline"
          color="red"
          disabled={!edits || selectionCount === 0}
          onClick={() => onAction('remove')}
        >
          {t('team:toolbar.remove')}
        </Button>
        <Button disabled={!edits} onClick={() => onAction('add')}>
          {t('team:toolbar.add')}
        </Button>
        <Button
          variant="light"
          disabled={!edits || selectionCount === 0 || team.plan.length <= 1}
          onClick={() => onAction('addPlan')}
        >
          {t('team:toolbar.addPlan')}
        </Button>
        {owner && ownSeatPlans(team, 'authorize').length > 0 && (
          <Button variant="light" onClick={() => onAction('authorize')}>
            {t('team:toolbar.authorize')}
          </Button>
        )}
        {owner && ownSeatPlans(team, 'unauthorize').length > 0 && (
          <Button variant="light" onClick={() => onAction('unauthorize')}>
            {t('team:toolbar.unauthorize')}
          </Button>
        )}
        {transfer && (
          <Button variant="default" onClick={() => onAction('transfer')}>
            {t('team:toolbar.transfer')}
          </Button>
        )}
      </Group>
      <TextInput
        aria-label={t('team:search.label')}
        placeholder={t('team:search.placeholder')}
        value={search}
        onChange={(event) => onSearch(event.currentTarget.value)}
        maxLength={TEAM_SEARCH_MAX_LENGTH}
        w={{ base: '100%', sm: 260 }}
        rightSection={
          search ? <CloseButton size="sm" aria-label={t('team:search.clear')} onClick={() => onSearch('')} /> : null
        }
      />
    </Group>
  );
}
