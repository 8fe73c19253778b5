import { VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useUnreadMessages } from '../../lib/user/unread-messages';
import classes from './Shell.module.css';

/**
 * The unread indicator beside the messages entry of the side menu and the tab strip: a dot,
 * and words for screen readers. Loaded after the first paint, so it costs the first route
 * nothing but its loader; asked again whenever the tab becomes visible.
 */
export function UnreadMark() {
  const { t } = useTranslation();
  if (!useUnreadMessages()) return null;
  return (
    <span className={classes.unreadMark} data-testid="unread-mark">
      <VisuallyHidden>{t('shell:menu.unread')}</VisuallyHidden>
    </span>
  );
}
