import { ActionIcon, Popover, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * What admins may do (spec 02 §6 "admin rights tooltip"), shown while the pointer or the keyboard
 * focus is on the mark, or after a tap. Built on Popover, which the page loads anyway for the
 * members' menus, rather than on Tooltip, whose chunk would be one more name in the entry's
 * preload list (docs/bundle-budget.md).
 */
export function AdminRightsTip() {
  const { t } = useTranslation();
  const [opened, setOpened] = useState(false);
  const text = t('team:company.members.adminRights');
  return (
    <Popover opened={opened} onChange={setOpened} position="top" withArrow shadow="md" width={280}>
      <Popover.Target>
        <ActionIcon
          variant="subtle"
          radius="xl"
          size="sm"
          aria-label={text}
          onMouseEnter={() => setOpened(true)}
          onMouseLeave={() => setOpened(false)}
          onFocus={() => setOpened(true)}
          onBlur={() => setOpened(false)}
          onClick={() => setOpened((open) => !open)}
        >
          ?
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown>
        <Text size="sm">{text}</Text>
      </Popover.Dropdown>
    </Popover>
  );
}
