import { Button, Popover, Stack } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type MemberAction, REMOVE_MEMBER } from '../company-rules';

const actionKeys = { 0: 'setMember', 1: 'setAdmin', [REMOVE_MEMBER]: 'remove' } as const;

/**
 * A member's authorization dropdown (spec 02 §2, §4): a button opening the actions the viewer may
 * take on them — a role other than the one they have, removal. The list holds the focus while it
 * is open and gives it back to the button when it closes, so it works from the keyboard alone.
 */
export function MemberActionsMenu({
  memberName,
  actions,
  onAction,
}: {
  memberName: string;
  actions: readonly MemberAction[];
  onAction: (action: MemberAction) => void;
}) {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" trapFocus returnFocus shadow="md">
      <Popover.Target>
        <Button
          variant="default"
          size="compact-sm"
          aria-label={t('team:company.members.manageOne', { name: memberName })}
          onClick={() => setOpened((open) => !open)}
        >
          {t('team:company.members.manage')}
        </Button>
      </Popover.Target>
      <Popover.Dropdown p={4}>
        <Stack gap={2}>
          {actions.map((action) => (
            <Button
              key={action}
              variant="subtle"
              color={action === REMOVE_MEMBER ? 'red' : undefined}
              justify="flex-start"
              size="compact-sm"
              onClick={() => {
                setOpened(false);
                onAction(action);
              }}
            >
              {t(`team:company.members.${actionKeys[action]}`)}
            </Button>
          ))}
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
