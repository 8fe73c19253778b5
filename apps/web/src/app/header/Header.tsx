import { ActionIcon, Burger, Button, UnstyledButton } from '@mantine/core';
import { useMediaQuery, useWindowEvent } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LanguageButton } from '../../components/LanguageButton';
import { openSignIn } from '../../features/auth';
import { useBuildContext } from '../../lib/build-context';
import { useLanguage } from '../../lib/i18n';
import { useSession } from '../../lib/session';
import { ActivityTag } from './ActivityTag';
import { useHeaderParts } from './header-parts';
import { Deferred, NavMenuStandIn, standInHandlers } from './HeaderTriggers';
import { UserAvatar } from './header-visuals';
import { type NavItem, headerNav } from './nav-links';
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
 *
 * The bar itself is light; its menus, drawer and language list replace their stand-in buttons
 * once their code has loaded (header-parts.ts), opening at once if a stand-in was used.
 */
export function Header() {
  const { t } = useTranslation('header');
  const context = useBuildContext();
  const [language] = useLanguage();
  const session = useSession();
  const wide = useMediaQuery(HEADER_WIDE_QUERY, true, { getInitialValueInEffect: false });
  const parts = useHeaderParts();
  const [openMenu, setOpenMenu] = useState<string | null>(null);
  // Which stand-in was used before the parts arrived: its part opens when it replaces it.
  const [wantsLanguages, setWantsLanguages] = useState(false);
  const [wantsUserMenu, setWantsUserMenu] = useState(false);
  const [wantsNavigation, setWantsNavigation] = useState(false);
  // Spec 02 §2: menus collapse on resize.
  useWindowEvent('resize', () => {
    setOpenMenu(null);
    setWantsLanguages(false);
    setWantsUserMenu(false);
    setWantsNavigation(false);
  });

  if (context.hostMode !== 'browser') return null;

  const nav = headerNav({ language, context });

  const renderItem = (item: NavItem) => {
    if (item.kind === 'menu') {
      const opened = openMenu === item.id;
      const onChange = (next: boolean) =>
        setOpenMenu((current) => (next ? item.id : current === item.id ? null : current));
      return (
        <Deferred
          key={item.id}
          loaded={parts !== null}
          standIn={<NavMenuStandIn label={t(item.label)} opened={opened} onChange={onChange} />}
        >
          {parts && <parts.NavMenu item={item} opened={opened} onChange={onChange} />}
        </Deferred>
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
    // Plain elements laid out by header.module.css: the bar stays light (header-parts.ts).
    <header className={classes.header} data-variant={nav.variant}>
      <div className={classes.inner}>
        <div className={classes.start}>
          <span className={classes.brand}>{t('brand')}</span>
          {wide && (
            <nav className={classes.nav} aria-label={t('nav.label')}>
              {nav.items.map(renderItem)}
            </nav>
          )}
        </div>
        <div className={classes.end} data-narrow={!wide || undefined}>
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
          <Deferred
            loaded={parts !== null}
            standIn={<LanguageButton compact={!wide} aria-haspopup="menu" {...standInHandlers(setWantsLanguages)} />}
          >
            {parts && <parts.LanguagePicker compact={!wide} defaultOpened={wantsLanguages} />}
          </Deferred>
          {session ? (
            <Deferred
              loaded={parts !== null}
              standIn={
                <UnstyledButton
                  aria-label={t('account.menu')}
                  aria-haspopup="menu"
                  {...standInHandlers(setWantsUserMenu, { hover: true })}
                >
                  <UserAvatar />
                </UnstyledButton>
              }
            >
              {parts && <parts.UserMenu region={context.region} initialOpened={wantsUserMenu} />}
            </Deferred>
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
          {!wide && (
            <Deferred
              loaded={parts !== null}
              standIn={
                <Burger
                  opened={false}
                  size="sm"
                  aria-label={t('nav.openNavigation')}
                  {...standInHandlers(setWantsNavigation)}
                />
              }
            >
              {parts && <parts.MobileNav nav={nav} initialOpened={wantsNavigation} />}
            </Deferred>
          )}
        </div>
      </div>
    </header>
  );
}
