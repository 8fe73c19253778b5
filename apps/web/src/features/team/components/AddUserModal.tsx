import { assignableRoles, contactKind, TeamRole } from '@account-centre/contract';
import { Anchor, Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { JoiningRole } from '../api/add-members';
import { type Invitee, useScreenContacts } from '../api/screen-contacts';
import { contactHint, contactLists } from '../contacts';
import { useAddInvitees } from '../hooks/use-add-invitees';
import { NOTHING_HELD } from '../plan-selection';
import { useCurrentTeam } from '../team-context';
import type { ChangeDialogProps } from './dialog-props';
import { PlanStep } from './PlanStep';
import { RoleChoice } from './RoleChoice';

/**
 * Add user (spec 02 §4): one contact — an e-mail, a mobile in the domestic build, or a user id —
 * and a role; the member filter checks the contact (match 1), then the person joins on the one
 * plan there is, or on the plans chosen in the plan selection.
 */
export function AddUserModal({
  onClose,
  onDone,
  onFailed,
  onMultiple,
}: ChangeDialogProps & {
  /** Opens the multiple add instead. */
  onMultiple: () => void;
}) {
  const { t } = useTranslation();
  const { team, ref, domestic } = useCurrentTeam();
  // Spec 02 §1: an owner gives admin or member, an admin member only.
  const roles = assignableRoles(team.role) as JoiningRole[];
  const [contact, setContact] = useState('');
  const [role, setRole] = useState<JoiningRole>(TeamRole.member);
  const [invitees, setInvitees] = useState<Invitee[] | null>(null);
  const screen = useScreenContacts(ref);
  const adding = useAddInvitees({ onDone, onFailed });
  const busy = screen.isPending || adding.busy;
  const value = contact.trim();
  const kind = contactKind(value, domestic);
  const hint = contactHint(value, domestic);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!kind || busy) return;
    screen.mutate(
      { match: 1, ...contactLists(kind, [value]) },
      {
        onSuccess: (found) => {
          if (found.length === 0) onFailed({ kind: 'noInvitees' });
          else if (adding.needsPlanChoice) setInvitees(found);
          else adding.addDirectly(found, role);
        },
        onError: (error) => onFailed({ kind: 'error', error }),
      },
    );
  };

  return (
    <Modal
      opened
      onClose={() => !busy && onClose()}
      title={invitees ? t('team:planSelect.title') : t('team:addUser.title')}
      centered
    >
      {invitees ? (
        <PlanStep
          purpose="add"
          held={NOTHING_HELD}
          confirmLabel={t('common:actions.confirm')}
          busy={busy}
          onConfirm={(planIds) => adding.addWith(invitees, role, planIds)}
          onBack={() => setInvitees(null)}
          backLabel={t('common:actions.previous')}
        />
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <TextInput
              data-autofocus
              label={t(domestic ? 'team:addUser.contactDomestic' : 'team:addUser.contact')}
              value={contact}
              onChange={(event) => setContact(event.currentTarget.value)}
              error={hint ? t(`team:addUser.${hint}`) : undefined}
              autoComplete="off"
              maxLength={254}
            />
            <RoleChoice roles={roles} value={role} onChange={setRole} disabled={busy} />
            <Group justify="space-between" gap="sm">
              <Anchor component="button" type="button" size="sm" onClick={onMultiple} disabled={busy}>
                {t('team:addUser.multiple')}
              </Anchor>
              <Group gap="sm">
                <Button variant="default" onClick={onClose} disabled={busy}>
                  {t('common:actions.cancel')}
                </Button>
                <Button type="submit" disabled={!kind} loading={busy}>
                  {t('common:actions.confirm')}
                </Button>
              </Group>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
