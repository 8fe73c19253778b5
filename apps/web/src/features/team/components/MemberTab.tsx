import { canManageMember, canManageTeam, isFailure, TEAM_PLAN_PAGE_SIZE, TeamErrors } from '@account-centre/contract';
import { Stack, VisuallyHidden } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedSection } from '../../../components/PagedSection';
import { showToast } from '../../../components/toast';
import { errorText } from '../../../lib/api';
import { emitAppEvent } from '../../../lib/app-events';
import { useLayoutMode } from '../../../lib/layout/use-layout';
import { memberPageQueryOptions, type TeamMember, useForgetMemberPages } from '../api/get-members';
import type { SeatChange } from '../plan-selection';
import { useCurrentTeam } from '../team-context';
import { AddFailedModal } from './AddFailedModal';
import { AddPlanModal } from './AddPlanModal';
import { AddUserModal } from './AddUserModal';
import type { AddFailure } from './dialog-props';
import { EditMemberModal } from './EditMemberModal';
import { MemberList } from './MemberList';
import { type ToolbarAction, MemberToolbar } from './MemberToolbar';
import { MultipleAddModal } from './MultipleAddModal';
import { RemoveModal } from './RemoveModal';
import { SelfSeatModal } from './SelfSeatModal';
import { TransferModal } from './TransferModal';
import { UpgradeModal } from './UpgradeModal';

/** Spec 02 §4, §9: a search waits 200 ms after the last key. */
const SEARCH_DEBOUNCE_MS = 200;

type Dialog =
  | { kind: 'add' | 'multipleAdd' | 'transfer' | 'upgrade' }
  | { kind: 'edit'; member: TeamMember }
  | { kind: 'remove' | 'addPlan'; members: TeamMember[] }
  | { kind: 'selfSeat'; change: SeatChange }
  | { kind: 'addFailed'; subtitle: string };

/**
 * The member tab (spec 02 §2): the actions, the search, the members 10 a page — each page kept
 * once seen, until a search or any change — and the dialogs of every flow.
 */
export function MemberTab() {
  const { t } = useTranslation();
  const { team, ref, viewer, domestic } = useCurrentTeam();
  const { narrow } = useLayoutMode();
  const headingId = useId();
  const [searchText, setSearchText] = useState('');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const members = useQuery(memberPageQueryOptions(ref, search, page));
  const forgetPages = useForgetMemberPages(ref.userId, ref.product);
  const rows = members.data?.rows ?? [];
  const pages = Math.max(1, Math.ceil((members.data?.total ?? 0) / TEAM_PLAN_PAGE_SIZE));
  // Removals can take the last page away: the new last page shows instead.
  if (members.isSuccess && !members.isPlaceholderData && page > pages) setPage(pages);

  const applySearch = useDebouncedCallback((text: string) => {
    // A new search (clearing it included) reads every page afresh.
    forgetPages();
    setSearch(text.trim());
    setPage(1);
    setSelected(new Set());
  }, SEARCH_DEBOUNCE_MS);
  const onSearch = (text: string) => {
    setSearchText(text);
    applySearch(text);
  };
  const turnPage = (next: number) => {
    setPage(next);
    setSelected(new Set());
  };

  const selection = () => rows.filter((member) => selected.has(member.user_id));
  const onAction = (action: ToolbarAction) => {
    if (action === 'remove' || action === 'addPlan') setDialog({ kind: action, members: selection() });
    else if (action === 'authorize' || action === 'unauthorize') setDialog({ kind: 'selfSeat', change: action });
    else setDialog({ kind: action });
  };

  const done = () => {
    setDialog(null);
    setSelected(new Set());
    showToast(t('team:success'), 'success');
  };
  const failed = (failure: AddFailure) => {
    if (failure.kind === 'error' && isFailure(failure.error, TeamErrors.memberLimit)) setDialog({ kind: 'upgrade' });
    else
      setDialog({
        kind: 'addFailed',
        subtitle:
          failure.kind === 'noInvitees'
            ? t('team:addFailed.noInvitees')
            : errorText(t, failure.error, { domains: [TeamErrors] }),
      });
  };
  const removed = (userIds: number[]) => {
    done();
    // Spec 02 §4 "Removing oneself": the overseas build says the team is gone (the shell drops
    // the entry and leaves the route); the domestic build reads the team info again, as the
    // removal already does, and shows the page without a team.
    if (userIds.includes(viewer.user_id) && !domestic) emitAppEvent('teamDeleted', { product: ref.product });
  };

  const close = () => setDialog(null);
  const flow = { onClose: close, onDone: done, onFailed: failed };
  const manageable = (member: TeamMember) => canManageMember(viewer, member);

  const list = (
    <PagedSection
      query={members}
      count={(data) => data.total}
      empty={t('team:members.none')}
      loadFailed={t('team:members.loadFailed')}
      paging={{ page, pageSize: TEAM_PLAN_PAGE_SIZE, onPage: turnPage, label: t('team:members.pages') }}
    >
      {(data) => (
        <MemberList
          rows={data.rows}
          narrow={narrow}
          labelledBy={headingId}
          selected={selected}
          onSelect={setSelected}
          manageable={manageable}
          withActions={canManageTeam(team.role)}
          onEdit={(member) => setDialog({ kind: 'edit', member })}
          onRemove={(member) => setDialog({ kind: 'remove', members: [member] })}
        />
      )}
    </PagedSection>
  );

  return (
    <Stack gap="md">
      <VisuallyHidden id={headingId}>{t('team:members.title')}</VisuallyHidden>
      <MemberToolbar selectionCount={selected.size} search={searchText} onSearch={onSearch} onAction={onAction} />
      {list}
      {dialog?.kind === 'add' && <AddUserModal {...flow} onMultiple={() => setDialog({ kind: 'multipleAdd' })} />}
      {dialog?.kind === 'multipleAdd' && <MultipleAddModal {...flow} />}
      {dialog?.kind === 'edit' && <EditMemberModal {...flow} member={dialog.member} />}
      {dialog?.kind === 'addPlan' && <AddPlanModal {...flow} members={dialog.members} />}
      {dialog?.kind === 'selfSeat' && <SelfSeatModal {...flow} change={dialog.change} />}
      {dialog?.kind === 'remove' && <RemoveModal members={dialog.members} onClose={close} onDone={removed} />}
      {dialog?.kind === 'transfer' && <TransferModal onClose={close} onDone={done} />}
      {dialog?.kind === 'upgrade' && <UpgradeModal onClose={close} />}
      {dialog?.kind === 'addFailed' && <AddFailedModal subtitle={dialog.subtitle} onClose={close} />}
    </Stack>
  );
}
