import { TeamErrors, TeamRole, TeamTransferOption, type TeamTransferOptionValue } from '@account-centre/contract';
import { Button, Group, Modal, Paper, Radio, ScrollArea, Stack, Text } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../components/LoadFailed';
import { Loading } from '../../../components/Loading';
import { showErrorToast } from '../../../components/toast';
import { memberChoicesQueryOptions } from '../api/get-members';
import { useTransferTeam } from '../api/transfer-team';
import { useCurrentTeam } from '../team-context';

/** The member list of the dialog scrolls past this height. */
const MEMBER_LIST_HEIGHT = 240;

/**
 * Transfer the team (spec 02 §4, the diagram team of the domestic build): one of the members
 * becomes owner; the old owner stays as a member (option 1) or leaves the team (option 2).
 */
export function TransferModal({ onClose, onDone }: { onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const { ref } = useCurrentTeam();
  const members = useInfiniteQuery(memberChoicesQueryOptions(ref));
  const transfer = useTransferTeam(ref);
  const [to, setTo] = useState<string | null>(null);
  const [option, setOption] = useState<TeamTransferOptionValue>(TeamTransferOption.stayAsMember);
  const [missing, setMissing] = useState(false);
  const candidates = members.data?.pages.flatMap((page) => page.rows).filter((m) => m.role !== TeamRole.owner) ?? [];

  const confirm = () => {
    if (to === null) return setMissing(true);
    transfer.mutate(
      { to: Number(to), option },
      {
        onSuccess: onDone,
        onError: (error) => showErrorToast(error, { domains: [TeamErrors] }),
      },
    );
  };

  let list;
  if (members.isPending) list = <Loading />;
  else if (members.isError)
    list = <LoadFailed message={t('team:members.loadFailed')} onRetry={() => void members.refetch()} />;
  else if (candidates.length === 0) list = <Text size="sm">{t('team:transfer.nobody')}</Text>;
  else
    list = (
      <Paper withBorder radius="md" px="sm" py={6} mt={6}>
        <ScrollArea.Autosize mah={MEMBER_LIST_HEIGHT} type="auto" offsetScrollbars>
          <Stack gap="xs" py={4}>
            {candidates.map((member) => (
              <Radio
                key={member.user_id}
                value={String(member.user_id)}
                label={member.nick_name || member.email || member.mobile}
                description={member.nick_name ? (member.email ?? member.mobile) : undefined}
              />
            ))}
            {members.hasNextPage && (
              <Button
                variant="subtle"
                size="xs"
                onClick={() => void members.fetchNextPage()}
                loading={members.isFetchingNextPage}
              >
                {t('common:actions.showMore')}
              </Button>
            )}
          </Stack>
        </ScrollArea.Autosize>
      </Paper>
    );

  return (
    <Modal opened onClose={() => !transfer.isPending && onClose()} title={t('team:transfer.title')} centered>
      <Stack gap="md">
        <Radio.Group
          label={t('team:transfer.to')}
          value={to}
          onChange={(value) => {
            setTo(value);
            setMissing(false);
          }}
          error={missing ? t('team:transfer.selectMember') : undefined}
        >
          {list}
        </Radio.Group>
        <Radio.Group
          label={t('team:transfer.then')}
          value={String(option)}
          onChange={(value) => setOption(Number(value) as TeamTransferOptionValue)}
        >
          <Stack gap="xs" mt={6}>
            <Radio value={String(TeamTransferOption.stayAsMember)} label={t('team:transfer.stay')} />
            <Radio value={String(TeamTransferOption.leave)} label={t('team:transfer.leave')} />
          </Stack>
        </Radio.Group>
        <Text size="sm">{t('team:transfer.note')}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={transfer.isPending}>
            {t('common:actions.cancel')}
          </Button>
          <Button onClick={confirm} loading={transfer.isPending}>
            {t('team:transfer.confirm')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
