import { VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { unreadMarkText, useUnreadMessages } from '../../lib/user/unread-messages';
import classes from './Shell.module.css';

/**
 * The unread indicator beside the messages entry of the side menu and the tab strip: how many
 * messages are unread, and words for screen readers. Loaded after the first paint, so it costs
 * the first route nothing but its loader; asked again whenever the tab becomes visible.
 */
export function UnreadMark() {
  const { t } = useTranslation();
  const { count } = useUnreadMessages();
  if (count === 0) return null;
  return (
    <span className={classes.unreadMark} data-testid="unread-mark">
      <span aria-hidden>{unreadMarkText(count)}</span>
      <VisuallyHidden>{t('shell:menu.unread', { count })}</VisuallyHidden>
    </span>
  );
}
