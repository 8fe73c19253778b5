import { CompanyErrors } from '@account-centre/contract';
import { Avatar, Button, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../../components/LoadFailed';
import { Loading } from '../../../../components/Loading';
import { RecordTable } from '../../../../components/RecordTable';
import { showErrorToast, showToast } from '../../../../components/toast';
import { formatNumber, useLanguage } from '../../../../lib/i18n';
import { ConfirmDialog } from '../../../../components/ConfirmDialog';
import type { Company } from '../api/get-companies';
import { type CompanyMember, companyMembersQueryOptions } from '../api/get-company-members';
import { useUpdateCompanyMembers } from '../api/update-company-members';
import { companyRoleKey, type MemberAction, memberActions, REMOVE_MEMBER } from '../company-rules';
import { AdminRightsTip } from './AdminRightsTip';
import { InviteDialog } from './InviteDialog';
import { MemberActionsMenu } from './MemberActionsMenu';

/** A nickname's first character (a whole character, not half of a surrogate pair), for a member without a picture. */
const initialOf = (name: string) => Array.from(name.trim())[0]?.toUpperCase() ?? '';

const memberName = (member: CompanyMember) => member.nick_name || String(member.user_id);

/**
 * Member manage (spec 02 §2, §4, §6): the seats taken, the add-member button — disabled when every
 * seat is taken — opening the invitation link, and the members, the creator first, each with the
 * authorization dropdown when the viewer has power over them. Removal asks first.
 */
export function CompanyMemberTab({ userId, company }: { userId: number; company: Company }) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const members = useQuery(companyMembersQueryOptions(userId, company.id));
  const update = useUpdateCompanyMembers(userId, company.id);
  const [inviting, setInviting] = useState(false);
  const [removing, setRemoving] = useState<CompanyMember | null>(null);
  const titleId = useId();
  const full = company.used_num >= company.num;
  const viewer = { userId, role: company.user_type };

  const act = (member: CompanyMember, action: MemberAction) => {
    if (action === REMOVE_MEMBER) return setRemoving(member);
    update.mutate(
      { ids: [member.user_id], operation: 'UPDATE', type: action },
      {
        onSuccess: () => showToast(t('team:company.members.roleChanged'), 'success'),
        onError: (error) => showErrorToast(error, { domains: [CompanyErrors] }),
      },
    );
  };
  const remove = (member: CompanyMember) =>
    update.mutate(
      { ids: [member.user_id], operation: 'DEL' },
      {
        onSuccess: () => showToast(t('team:company.members.removed'), 'success'),
        onError: (error) => showErrorToast(error, { domains: [CompanyErrors] }),
        onSettled: () => setRemoving(null),
      },
    );

  const authorization = (member: CompanyMember) => {
    // The role the member has already is no choice to offer.
    const actions = memberActions(viewer, member).filter(
      (action) => action === REMOVE_MEMBER || companyRoleKey(action) !== companyRoleKey(member.type),
    );
    return actions.length === 0 ? (
      '—'
    ) : (
      <MemberActionsMenu memberName={memberName(member)} actions={actions} onAction={(action) => act(member, action)} />
    );
  };

  return (
    <Stack gap="md" component="section" aria-labelledby={titleId}>
      <Group justify="space-between" align="flex-end" gap="sm">
        <Group gap={4} wrap="nowrap">
          <Title order={2} size="h4" id={titleId}>
            {t('team:company.members.title')}
          </Title>
          <AdminRightsTip />
        </Group>
        <Group gap="sm">
          <Text size="sm">
            {t('team:company.members.seats', {
              used: formatNumber(company.used_num, language),
              num: formatNumber(company.num, language),
            })}
          </Text>
          <Button onClick={() => setInviting(true)} disabled={full}>
            {t('team:company.members.add')}
          </Button>
        </Group>
      </Group>
      {full && <Text size="sm">{t('team:company.members.full')}</Text>}
      {members.isPending ? (
        <Loading />
      ) : members.isError ? (
        <LoadFailed message={t('team:company.members.loadFailed')} onRetry={() => void members.refetch()} />
      ) : (
        <RecordTable
          rows={members.data}
          rowKey={(member) => member.user_id}
          labelledBy={titleId}
          columns={[
            {
              header: t('team:company.members.member'),
              cell: (member) => (
                <Group gap="sm" wrap="nowrap">
                  <Avatar src={member.avatar_url || null} radius="xl" size={32} color="blue" aria-hidden>
                    {initialOf(member.nick_name)}
                  </Avatar>
                  <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
                    {member.nick_name}
                  </Text>
                </Group>
              ),
            },
            { header: t('team:company.members.userId'), cell: (member) => member.user_id },
            {
              header: t('team:company.members.role'),
              cell: (member) => t(`team:company.roles.${companyRoleKey(member.type)}`),
            },
            { header: t('team:company.members.authorization'), cell: authorization },
          ]}
        />
      )}
      {inviting && <InviteDialog userId={userId} companyId={company.id} onClose={() => setInviting(false)} />}
      {removing && (
        <ConfirmDialog
          title={t('team:company.members.removeTitle')}
          confirmLabel={t('team:company.members.remove')}
          danger
          busy={update.isPending}
          onConfirm={() => remove(removing)}
          onClose={() => setRemoving(null)}
        >
          {t('team:company.members.removeText', { name: memberName(removing) })}
        </ConfirmDialog>
      )}
    </Stack>
  );
}
