import { lazy, type MouseEvent, Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from '../../lib/router';
import type { ScreenName } from '../screens/screens';
import classes from './Shell.module.css';

const UnreadMark = lazy(() => import('./UnreadMark').then((m) => ({ default: m.UnreadMark })));

interface ShellMenuProps {
  entries: ScreenName[];
  /** `side`: the left menu; `tabs`: the strip above the content on small screens. */
  variant: 'side' | 'tabs';
  /** Called instead of navigating when nobody is signed in (spec 01 §2: sent to sign-in). */
  onSignedOutClick?: () => void;
}

/**
 * The screens of this build as real links (`<a href="/order?…">`), so they open in a new tab
 * and keep the query string that carries the build (spec 01 §2).
 */
export function ShellMenu({ entries, variant, onSignedOutClick }: ShellMenuProps) {
  const { t } = useTranslation();
  const { search, pathname } = useLocation();
  const navRef = useRef<HTMLElement>(null);

  // In the tab strip the current screen may sit beyond the edge: bring it into view, also
  // when its entry arrives later (the team entry waits for the team information).
  const entryList = entries.join(' ');
  useEffect(() => {
    if (variant !== 'tabs') return;
    const current = navRef.current?.querySelector<HTMLElement>('[aria-current="page"]');
    current?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
  }, [variant, pathname, entryList]);

  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!onSignedOutClick) return;
    event.preventDefault();
    onSignedOutClick();
  };

  return (
    <nav ref={navRef} aria-label={t('shell:menu.label')} className={variant === 'side' ? classes.side : classes.tabs}>
      <ul className={classes.menuList}>
        {entries.map((screen) => (
          <li key={screen}>
            <NavLink
              to={{ pathname: `/${screen}`, search }}
              className={variant === 'side' ? classes.sideLink : classes.tabLink}
              onClick={onClick}
            >
              {t(`shell:screens.${screen}`)}
              {screen === 'message' && !onSignedOutClick && (
                <Suspense fallback={null}>
                  <UnreadMark />
                </Suspense>
              )}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
