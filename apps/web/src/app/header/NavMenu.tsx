import { Menu, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ChevronIcon } from './header-visuals';
import type { NavItem, NavLink } from './nav-links';
import classes from './header.module.css';

type MenuItem = Extract<NavItem, { kind: 'menu' }>;

interface Props {
  item: MenuItem;
  opened: boolean;
  onChange: (opened: boolean) => void;
}

/** A header dropdown (products, diagrams, resources); its links open in a new tab. */
export function NavMenu({ item, opened, onChange }: Props) {
  const { t } = useTranslation('header');
  const renderLink = (link: NavLink) => (
    <Menu.Item
      key={link.id}
      component="a"
      href={link.href}
      target="_blank"
      rel="noopener"
      className={link.description ? classes.productItem : undefined}
    >
      <Text size="sm" fw={link.description ? 600 : 400}>
        {t(link.label)}
      </Text>
      {link.description && (
        <Text size="xs" c="dimmed">
          {t(link.description)}
        </Text>
      )}
    </Menu.Item>
  );
  return (
    <Menu
      opened={opened}
      onChange={onChange}
      trigger="click-hover"
      openDelay={60}
      closeDelay={200}
      position="bottom-start"
      offset={6}
      shadow="md"
      width={item.width}
      menuItemTabIndex={0}
      withinPortal
    >
      <Menu.Target>
        <UnstyledButton className={classes.link}>
          {t(item.label)}
          <ChevronIcon />
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown p="sm" aria-label={t(item.label)}>
        <SimpleGrid cols={item.columns} spacing="xs" verticalSpacing={4}>
          {/* One group: its links fill the columns. Several: one column per group. */}
          {item.groups.length === 1
            ? item.groups[0]?.links.map(renderLink)
            : item.groups.map((group, index) => (
                <Stack key={group.title ?? index} gap={2}>
                  {group.title && <Menu.Label>{t(group.title)}</Menu.Label>}
                  {group.links.map(renderLink)}
                </Stack>
              ))}
        </SimpleGrid>
      </Menu.Dropdown>
    </Menu>
  );
}
