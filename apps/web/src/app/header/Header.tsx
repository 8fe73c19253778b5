import { ActionIcon, Box, Button, Group, Text } from '@mantine/core';
import { useMediaQuery, useWindowEvent } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguagePicker } from '../../components/LanguagePicker';
import { openSignIn } from '../../features/auth';
import { useBuildContext } from '../../lib/build-context';
import { useLanguage } from '../../lib/i18n';
import { useSession } from '../../lib/session';
import { ActivityTag } from './ActivityTag';
import { MobileNav } from './MobileNav';
import { type NavItem, headerNav } from './nav-links';
import { NavMenu } from './NavMenu';
import { UserMenu } from './UserMenu';
import classes from './header.module.css';

/** Below this width the links move behind a burger (spec 01 §2: narrow layout below 1024 px). */
export const HEADER_WIDE_QUERY = '(min-width: 1024px)';

function SearchIcon() {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      aria-hidden="true"
    >
      <circle cx="11" cy="11" r="7" />
      <path d="m20 20-3.5-3.5" />
    </svg>
  );
}

/**
 * The top header (spec 02 §2): the China variant for Simplified Chinese, the international one
 * for every other language. Hidden inside the desktop client and the tablet/mobile frames,
 * which have their own chrome.
 */
export function Header() {
  const { t } = useTranslation('header');
  const context = useBuildContext();
  const [language] = useLanguage();
  const session = useSession();
  const wide = useMediaQuery(HEADER_WIDE_QUERY, true, { getInitialValueInEffect: false });
  const [openMenu, setOpenMenu] = useState<string | null>(null);
  // Spec 02 §2: menus collapse on resize.
  useWindowEvent('resize', () => setOpenMenu(null));

  if (context.hostMode !== 'browser') return null;

  const nav = headerNav({ language, context });

  const renderItem = (item: NavItem) => {
    if (item.kind === 'menu') {
      return (
        <NavMenu
          key={item.id}
          item={item}
          opened={openMenu === item.id}
          onChange={(opened) => setOpenMenu((current) => (opened ? item.id : current === item.id ? null : current))}
        />
      );
    }
    const anchor = (
      <a key={item.link.id} className={classes.link} href={item.link.href} target="_blank" rel="noopener">
        {t(item.link.label)}
      </a>
    );
    if (!item.withActivityTag) return anchor;
    return (
      <span key={item.link.id} className={classes.tagged}>
        {anchor}
        <ActivityTag />
      </span>
    );
  };

  return (
    <Box component="header" className={classes.header} data-variant={nav.variant}>
      <Group className={classes.inner} justify="space-between" wrap="nowrap">
        <Group gap="lg" wrap="nowrap" miw={0}>
          <Text className={classes.brand} component="span">
            {t('brand')}
          </Text>
          {wide && (
            <Group component="nav" aria-label={t('nav.label')} gap={2} wrap="nowrap">
              {nav.items.map(renderItem)}
            </Group>
          )}
        </Group>
        <Group gap={wide ? 'xs' : 4} wrap="nowrap">
          {wide && nav.search && (
            <ActionIcon
              component="a"
              href={nav.search.href}
              target="_blank"
              rel="noopener"
              variant="subtle"
              color="gray"
              size="lg"
              aria-label={t(nav.search.label)}
            >
              <SearchIcon />
            </ActionIcon>
          )}
          <LanguagePicker compact={!wide} />
          {session ? (
            <UserMenu region={context.region} />
          ) : (
            <>
              <Button
                size="sm"
                variant={nav.variant === 'china' ? 'subtle' : 'filled'}
                onClick={() => openSignIn('password')}
              >
                {t('nav.signIn')}
              </Button>
              {nav.variant === 'china' && (
                <Button size="sm" onClick={() => openSignIn('signUp')}>
                  {t('nav.signUp')}
                </Button>
              )}
            </>
          )}
          {!wide && <MobileNav nav={nav} />}
        </Group>
      </Group>
    </Box>
  );
}
