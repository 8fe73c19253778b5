import { Burger, Drawer, NavLink, ScrollArea } from '@mantine/core';
import { useDisclosure, useWindowEvent } from '@mantine/hooks';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { ActivityTag } from './ActivityTag';
import type { HeaderNav } from './nav-links';
import classes from './header.module.css';

/**
 * The header's links behind a burger, for screens too narrow for the bar. `initialOpened`: the
 * burger was used before this component's code had loaded.
 */
export function MobileNav({ nav, initialOpened = false }: { nav: HeaderNav; initialOpened?: boolean }) {
  const { t } = useTranslation('header');
  const [opened, { toggle, close }] = useDisclosure(initialOpened);
  useWindowEvent('resize', close);

  const external = { component: 'a', target: '_blank', rel: 'noopener' } as const;

  return (
    <>
      <Burger opened={opened} onClick={toggle} size="sm" aria-label={t('nav.openNavigation')} />
      <Drawer
        opened={opened}
        onClose={close}
        position="right"
        size="min(320px, 85vw)"
        title={t('brand')}
        closeButtonProps={{ 'aria-label': t('nav.closeNavigation') }}
        scrollAreaComponent={ScrollArea.Autosize}
      >
        <nav aria-label={t('nav.label')}>
          {nav.items.map((item) =>
            item.kind === 'link' ? (
              <Fragment key={item.link.id}>
                <NavLink label={t(item.link.label)} href={item.link.href} {...external} />
                {/* Its own link under the one it belongs to: links cannot nest. */}
                {item.withActivityTag && (
                  <div className={classes.drawerTag}>
                    <ActivityTag />
                  </div>
                )}
              </Fragment>
            ) : (
              <NavLink key={item.id} label={t(item.label)} childrenOffset="md">
                {item.groups.flatMap((group) =>
                  group.links.map((link) => (
                    <NavLink key={`${item.id}-${link.id}`} label={t(link.label)} href={link.href} {...external} />
                  )),
                )}
              </NavLink>
            ),
          )}
          {nav.search && <NavLink label={t(nav.search.label)} href={nav.search.href} {...external} />}
        </nav>
      </Drawer>
    </>
  );
}
