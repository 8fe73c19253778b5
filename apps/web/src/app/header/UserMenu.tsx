import { Badge, Indicator, Menu, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useWindowEvent } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Region } from '@account-centre/contract';
import { useBuildContext } from '../../lib/build-context';
import { NavLink, useLocation } from '../../lib/router';
import { useCurrentUser } from '../../lib/user/current-user';
import { unreadMarkText, useUnreadMessages } from '../../lib/user/unread-messages';
import { menuEntries } from '../shell/menu';
import { UserAvatar } from './header-visuals';
import { signOut } from './sign-out';

/** Spec 02 §2, §9: the sign-out menu closes 2000 ms after the pointer leaves it. */
export const USER_MENU_CLOSE_DELAY_MS = 2000;

export { initialOf } from './header-visuals';

interface Props {
  region: Region;
  /** Opens the menu at once: the avatar was used before this component's code had loaded. */
  initialOpened?: boolean;
}

/**
 * The signed-in user's avatar with the sign-out menu. It opens when the pointer comes over the
 * avatar (or on a click or tap), stays open while the pointer is over the avatar or the menu,
 * and closes 2 s after the pointer has left both, or at once on an outside click or Escape.
 */
export function UserMenu({ region, initialOpened = false }: Props) {
  // The unread count reads as the side menu's does (shell).
  const { t } = useTranslation(['header', 'shell']);
  const { data: user } = useCurrentUser();
  // The messages entry and its indicator, in the builds that have the messages screen.
  const hasMessages = menuEntries(useBuildContext(), false).includes('message');
  const { count: unread } = useUnreadMessages(hasMessages);
  const { search } = useLocation();
  const [opened, setOpened] = useState(initialOpened);
  const [signingOut, setSigningOut] = useState(false);
  const closeTimer = useRef<number | undefined>(undefined);
  // A tap fires mouseenter and then click: the click must not close what mouseenter opened.
  const overTarget = useRef(false);

  const cancelClose = () => window.clearTimeout(closeTimer.current);
  const scheduleClose = () => {
    cancelClose();
    closeTimer.current = window.setTimeout(() => setOpened(false), USER_MENU_CLOSE_DELAY_MS);
  };
  useEffect(() => cancelClose, []);
  useWindowEvent('resize', () => setOpened(false));

  const nickName = user?.nick_name ?? '';

  return (
    <Menu
      opened={opened}
      onChange={(next) => {
        if (!next && overTarget.current) return;
        cancelClose();
        setOpened(next);
      }}
      position="bottom-end"
      offset={8}
      shadow="md"
      width={220}
      closeOnClickOutside
      withinPortal
    >
      <Menu.Target>
        <UnstyledButton
          aria-label={unread > 0 ? t('account.menuUnread', { count: unread }) : t('account.menu')}
          onMouseEnter={() => {
            overTarget.current = true;
            cancelClose();
            setOpened(true);
          }}
          onMouseLeave={() => {
            overTarget.current = false;
            scheduleClose();
          }}
          onKeyDown={(event) => {
            if (event.key === 'Escape') setOpened(false);
          }}
        >
          {/* A dot: a number beside the initial would read as part of the name (the count is in it). */}
          <Indicator disabled={unread === 0} color="red.7" size={10} offset={4} withBorder>
            <UserAvatar />
          </Indicator>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown onMouseEnter={cancelClose} onMouseLeave={scheduleClose}>
        {nickName && <Menu.Label style={{ overflowWrap: 'anywhere' }}>{nickName}</Menu.Label>}
        {hasMessages && (
          <Menu.Item
            component={NavLink}
            to={{ pathname: '/message', search }}
            rightSection={
              unread > 0 ? (
                <Badge size="xs" color="red.7" variant="filled">
                  <span aria-hidden>{unreadMarkText(unread)}</span>
                  <VisuallyHidden>{t('shell:menu.unread', { count: unread })}</VisuallyHidden>
                </Badge>
              ) : undefined
            }
          >
            {t('account.messages')}
          </Menu.Item>
        )}
        <Menu.Item
          disabled={signingOut}
          closeMenuOnClick={false}
          onClick={() => {
            if (signingOut) return;
            setSigningOut(true);
            void signOut(region);
          }}
        >
          {t('nav.signOut')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
