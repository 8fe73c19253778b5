import { TeamErrors, TeamRole, TeamTransferOption, type TeamTransferOptionValue } from '@account-centre/contract';
import { Button, Group, Modal, Paper, Radio, ScrollArea, Stack, Text } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../components/LoadFailed';
import { Loading } from '../../../components/Loading';
import { showErrorToast } from '../../../components/toast';
import { memberChoicesQueryOptions } from '../api/get-members';
import { useMutateOnce } from '../../../lib/hooks/use-mutate-once';
import { useTransferTeam } from '../api/transfer-team';
import { useCurrentTeam } from '../team-context';

/** The member list of the dialog scrolls past this height. */
const MEMBER_LIST_HEIGHT = 240;

/**
 * Transfer the team (spec 02 §4, the diagram team of the domestic build): one of the members
 * becomes owner; the old owner stays as a member (option 1) or leaves the team (option 2). The
 * owner cannot take it back, so the dialog asks once more, naming the new owner, before sending.
 */
export function TransferModal({ onClose, onDone }: { onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const { ref, team } = useCurrentTeam();
  const members = useInfiniteQuery(memberChoicesQueryOptions(ref));
  const transfer = useTransferTeam(ref);
  const transferOnce = useMutateOnce(transfer);
  const [to, setTo] = useState<string | null>(null);
  const [option, setOption] = useState<TeamTransferOptionValue>(TeamTransferOption.stayAsMember);
  const [missing, setMissing] = useState(false);
  const [asking, setAsking] = useState(false);
  const candidates = members.data?.pages.flatMap((page) => page.rows).filter((m) => m.role !== TeamRole.owner) ?? [];
  const newOwner = candidates.find((member) => String(member.user_id) === to);
  const newOwnerName = newOwner ? newOwner.nick_name || newOwner.email || newOwner.mobile || '' : '';

  const next = () => {
    if (to === null || !newOwner) return setMissing(true);
    setAsking(true);
  };
  const confirm = () => {
    if (to === null) return;
    transferOnce(
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

  const close = () => !transfer.isPending && onClose();
  if (asking)
    return (
      <Modal opened onClose={close} title={t('team:transfer.confirmTitle')} centered>
        <TransferQuestion
          name={newOwnerName}
          team={team.name}
          leaving={option === TeamTransferOption.leave}
          busy={transfer.isPending}
          onBack={() => setAsking(false)}
          onConfirm={confirm}
        />
      </Modal>
    );

  return (
    <Modal opened onClose={close} title={t('team:transfer.title')} centered>
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
          <Button onClick={next}>{t('team:transfer.confirm')}</Button>
        </Group>
      </Stack>
    </Modal>
  );
}

/** The last question: who becomes owner, and what happens to the one handing over. */
function TransferQuestion({
  name,
  team,
  leaving,
  busy,
  onBack,
  onConfirm,
}: {
  name: string;
  team: string;
  leaving: boolean;
  busy: boolean;
  onBack: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  const back = useRef<HTMLButtonElement>(null);
  // The step replaced the button that had the focus: it goes to the safe answer.
  useEffect(() => back.current?.focus(), []);
  return (
    <Stack gap="md">
      <Text size="sm">
        {t('team:transfer.question', { name, team })}{' '}
        {leaving ? t('team:transfer.questionLeave') : t('team:transfer.questionStay')}
      </Text>
      <Text size="sm">{t('team:transfer.questionFinal')}</Text>
      <Group justify="flex-end" gap="sm">
        <Button ref={back} variant="default" onClick={onBack} disabled={busy}>
          {t('common:actions.back')}
        </Button>
        <Button color="red" onClick={onConfirm} loading={busy}>
          {t('team:transfer.confirmTo', { name })}
        </Button>
      </Group>
    </Stack>
  );
}
