import { COMPANY_INVITE_PARAM } from '@account-centre/contract';
import { Box, Button, Loader } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from '../../lib/router';
import { EmptyNotice } from '../../components/EmptyNotice';
import { openSignIn } from '../../features/auth';
import { getLaunchParams, productOf, useBuildContext } from '../../lib/build-context';
import { lazyWithTexts, loadNamespace } from '../../lib/i18n';
import { useSession } from '../../lib/session';
import { useAppEvent } from '../../lib/app-events';
import { ScreenHost } from '../screens/ScreenHost';
import { DEFAULT_SCREEN, screenFromPath, screenHref } from '../screens/screens';
import { teamQueryOptions, useTeam } from '../team/use-team';
import { useAccountMismatchWarning } from './account-mismatch';
import { LazyHeader, LazySignInScreen } from './lazy-parts';
import { useGlobalLoading } from './loading';
import { menuEntries } from './menu';
import { ScreenLoading } from './ScreenLoading';
import { ShellMenu } from './ShellMenu';
import classes from './Shell.module.css';
import { HEADER_HEIGHT } from './header-height';
import { useDocumentTitle } from './use-document-title';
import { useLayoutMode } from '../../lib/layout/use-layout';

/** A phone opening a QR code's phone-binding link (docs/decisions/009); its fields use account texts. */
const PhoneBindLinkPage = lazyWithTexts(
  () =>
    Promise.all([import('../../features/account/components/PhoneBindLinkPage'), loadNamespace('account')]).then(
      ([module]) => module.PhoneBindLinkPage,
    ),
  'accountPhone',
);

/**
 * The frame around every screen (spec 01 §2 "Shell"): the header (browser only), the menu of
 * the build (side menu, or a tab strip on small screens), the content area that keeps visited
 * screens alive, the loading overlay, and sign-in when nobody is signed in.
 */
export function Shell() {
  const { t } = useTranslation();
  const build = useBuildContext();
  const session = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const layout = useLayoutMode();
  const team = useTeam();
  const loading = useGlobalLoading();
  const screen = screenFromPath(location.pathname);

  useDocumentTitle(screen);
  useAccountMismatchWarning(session, getLaunchParams().pcId);
  const { bindLink } = getLaunchParams();

  // Sign-in opens by itself on arrival when nobody is signed in. Later, when a session ends,
  // the API client decides (sign-in again, or the desktop client signs out).
  const askedOnArrival = useRef(false);
  useEffect(() => {
    if (askedOnArrival.current) return;
    askedOnArrival.current = true;
    if (!session && build.region === 'domestic' && !bindLink) openSignIn();
  }, [session, build.region, bindLink]);

  // Another user's data must not stay in the cache once the session changes hands.
  const userId = session?.userId ?? null;
  const previousUser = useRef(userId);
  useEffect(() => {
    if (previousUser.current !== userId) {
      previousUser.current = userId;
      queryClient.clear();
    }
  }, [userId, queryClient]);

  useAppEvent('signInRequested', ({ view }) => openSignIn(view));

  // The deleted team's product (every team, when the event does not say) leaves the list; the
  // entry goes with the last team.
  useAppEvent('teamDeleted', ({ product }) => {
    if (userId !== null) {
      queryClient.setQueryData(teamQueryOptions(userId).queryKey, (teams) =>
        product ? teams?.filter((team) => team.product !== product) : [],
      );
    }
    if (screenFromPath(window.location.pathname) === 'team') {
      navigate(screenHref(DEFAULT_SCREEN, window.location.search), { replace: true });
    }
  });

  // The link works signed in or not: its page comes before sign-in and the app's frame.
  if (bindLink) {
    return (
      <Suspense fallback={<ScreenLoading />}>
        <PhoneBindLinkPage token={bindLink} />
      </Suspense>
    );
  }
  if (!screen) return <Navigate to={screenHref(DEFAULT_SCREEN, location.search)} replace />;
  // Spec 01 §2: a team route without a team goes to account (once team information is known),
  // unless it brings an invitation to a company, which the team page joins, or it is the
  // domestic mind-map build's, whose enterprise page opens on creating a company by code for a
  // person in none (spec 02 §2 "Default tab").
  const mayCreateCompany = build.region === 'domestic' && productOf(build) === 'mindmaster';
  const invited = location.search.includes(COMPANY_INVITE_PARAM);
  if (screen === 'team' && team.status === 'settled' && !team.hasTeam && !invited && !mayCreateCompany) {
    return <Navigate to={screenHref(DEFAULT_SCREEN, location.search)} replace />;
  }

  const showHeader = build.hostMode === 'browser';
  const header = showHeader ? (
    <div className={classes.header}>
      {/* The header's height is kept free while its code loads, so nothing jumps when it arrives. */}
      <Suspense fallback={<Box h={HEADER_HEIGHT} />}>
        <LazyHeader />
      </Suspense>
    </div>
  ) : null;

  // The overseas build signs in on a page of its own (spec 01 §4: the widget is an overlay in
  // the domestic build).
  if (!session && build.region === 'overseas') {
    return (
      <div className={classes.root}>
        {header}
        <main className={classes.main} id="content">
          <Suspense fallback={<ScreenLoading />}>
            <LazySignInScreen variant="page" />
          </Suspense>
        </main>
      </div>
    );
  }

  const entries = menuEntries(build, team.hasTeam);
  const waitingForTeam = screen === 'team' && team.status === 'pending';
  const signedOutClick = session ? undefined : () => openSignIn();

  return (
    <div className={classes.root}>
      {header}
      <div className={classes.body} data-narrow={layout.narrow || undefined} data-mobile={layout.mobile || undefined}>
        <ShellMenu entries={entries} variant={layout.narrow ? 'tabs' : 'side'} onSignedOutClick={signedOutClick} />
        <main className={classes.main} id="content">
          {session ? (
            <>
              <ScreenHost key={session.userId} active={waitingForTeam ? null : screen} />
              {waitingForTeam && <ScreenLoading />}
            </>
          ) : (
            <EmptyNotice
              py="xl"
              title={t('shell:signedOut.title')}
              description={t('shell:signedOut.description')}
              actions={<Button onClick={() => openSignIn()}>{t('shell:signedOut.signIn')}</Button>}
            />
          )}
          {loading && (
            <div className={classes.overlay} role="status" aria-label={t('shell:loading')}>
              <Loader />
            </div>
          )}
        </main>
      </div>
      {!session && (
        <Suspense fallback={null}>
          <LazySignInScreen variant="overlay" />
        </Suspense>
      )}
    </div>
  );
}
