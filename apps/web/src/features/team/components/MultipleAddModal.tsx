import { parseContacts, TEAM_CONTACTS_MAX, TeamRole } from '@account-centre/contract';
import { Button, Group, Modal, ScrollArea, Stack, Table, Text, Textarea } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast, TOAST_MS } from '../../../components/toast';
import { type Invitee, useScreenContacts } from '../api/screen-contacts';
import { contactLists } from '../contacts';
import { useAddInvitees } from '../hooks/use-add-invitees';
import { NOTHING_HELD } from '../plan-selection';
import { useCurrentTeam } from '../team-context';
import type { ChangeDialogProps } from './dialog-props';
import { PlanStep } from './PlanStep';

/** Spec 02 §2, §9: the box shows 10 rows, 8 under 767 px wide. */
const NARROW_BOX = '(max-width: 766.98px)';
/** Spec 02 §9: the list of recognised people is at least 386 px high before it scrolls. */
const INVITEE_LIST_HEIGHT = 386;

type Step = { kind: 'paste' } | { kind: 'review' | 'plans'; invitees: Invitee[] };

/**
 * Multiple add (spec 02 §2, §4): step 1 takes a pasted list of contacts of one kind, which the
 * member filter screens (match 0); step 2 lists the people it recognised, who join as members —
 * on the one plan there is, or on the plans chosen next.
 */
export function MultipleAddModal({ onClose, onDone, onFailed }: ChangeDialogProps) {
  const { t } = useTranslation();
  const { ref, domestic } = useCurrentTeam();
  const narrow = useMediaQuery(NARROW_BOX, false, { getInitialValueInEffect: false });
  const [text, setText] = useState('');
  const [step, setStep] = useState<Step>({ kind: 'paste' });
  const screen = useScreenContacts(ref);
  const adding = useAddInvitees({ onDone, onFailed });
  const busy = screen.isPending || adding.busy;

  const next = () => {
    const parsed = parseContacts(text, domestic);
    if (!parsed.ok) {
      // Spec 02 §5: emptyEmail and invalidEmail are error tips of 3 s.
      const tip = { empty: 'emptyEmail', invalid: 'invalidEmail', tooMany: 'tooMany' } as const;
      showToast(t(`team:multipleAdd.${tip[parsed.problem]}`, { max: TEAM_CONTACTS_MAX }), 'error', TOAST_MS);
      return;
    }
    screen.mutate(
      { match: 0, ...contactLists(parsed.kind, parsed.values) },
      {
        onSuccess: (invitees) =>
          invitees.length === 0 ? onFailed({ kind: 'noInvitees' }) : setStep({ kind: 'review', invitees }),
        onError: (error) => onFailed({ kind: 'error', error }),
      },
    );
  };

  const confirm = (invitees: Invitee[]) => {
    if (adding.needsPlanChoice) setStep({ kind: 'plans', invitees });
    else adding.addDirectly(invitees, TeamRole.member);
  };

  let title = t('team:multipleAdd.title');
  let body;
  if (step.kind === 'paste') {
    body = (
      <Stack gap="md">
        <Text size="sm">{t('team:multipleAdd.step', { step: 1, steps: 2 })}</Text>
        <Textarea
          data-autofocus
          label={t(domestic ? 'team:multipleAdd.contactsDomestic' : 'team:multipleAdd.contacts')}
          description={t('team:multipleAdd.separators')}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          rows={narrow ? 8 : 10}
          disabled={busy}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} disabled={busy}>
            {t('common:actions.cancel')}
          </Button>
          <Button onClick={next} loading={busy}>
            {t('common:actions.next')}
          </Button>
        </Group>
      </Stack>
    );
  } else if (step.kind === 'review') {
    body = (
      <Stack gap="md">
        <Text size="sm">{t('team:multipleAdd.step', { step: 2, steps: 2 })}</Text>
        <Text size="sm">{t('team:multipleAdd.recognised', { count: step.invitees.length })}</Text>
        <ScrollArea.Autosize mah={INVITEE_LIST_HEIGHT} type="auto" offsetScrollbars>
          <Table aria-label={t('team:multipleAdd.listLabel')} verticalSpacing="xs" withTableBorder stickyHeader>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('team:members.account')}</Table.Th>
                <Table.Th>{t('team:members.name')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {step.invitees.map((invitee) => (
                <Table.Tr key={invitee.user_id}>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>
                    {invitee.email ?? invitee.mobile ?? String(invitee.user_id)}
                  </Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{invitee.nick_name}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollArea.Autosize>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => setStep({ kind: 'paste' })} disabled={busy}>
            {t('common:actions.previous')}
          </Button>
          <Button onClick={() => confirm(step.invitees)} loading={busy}>
            {t('common:actions.confirm')}
          </Button>
        </Group>
      </Stack>
    );
  } else {
    title = t('team:planSelect.title');
    body = (
      <PlanStep
        purpose="add"
        held={NOTHING_HELD}
        confirmLabel={t('common:actions.confirm')}
        busy={busy}
        onConfirm={(planIds) => adding.addWith(step.invitees, TeamRole.member, planIds)}
        onBack={() => setStep({ kind: 'review', invitees: step.invitees })}
        backLabel={t('common:actions.previous')}
      />
    );
  }

  return (
    <Modal opened onClose={() => !busy && onClose()} title={title} centered size="lg">
      {body}
    </Modal>
  );
}
