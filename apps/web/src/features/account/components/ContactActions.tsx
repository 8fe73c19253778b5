import { Button } from '@mantine/core';
import { Suspense, lazy, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserInfo } from '../../../lib/user/current-user';
import { showToast } from '../../../components/toast';
import { useBuildContext } from '../../../lib/build-context';
import { canUnbind } from '../profile-rules';
import type { ContactKind } from './ContactModal';

// Modals load on first use: the account screen is the app's first route (docs/bundle-budget.md).
const ContactModal = lazy(() => import('./ContactModal').then((module) => ({ default: module.ContactModal })));
const UnbindModal = lazy(() => import('./UnbindModal').then((module) => ({ default: module.UnbindModal })));

/**
 * Link, change and unlink of the e-mail or phone. Overseas an e-mail is only linked when there
 * is none; domestic it can also be changed or unlinked, unless it is the only sign-in method
 * left (onlyBind).
 */
export function ContactActions({ user, kind }: { user: UserInfo; kind: ContactKind }) {
  const { t } = useTranslation();
  const domestic = useBuildContext().region === 'domestic';
  const [open, setOpen] = useState<'edit' | 'unbind' | null>(null);
  const bound = Boolean(kind === 'email' ? user.email : user.mobile);
  if (bound && !domestic) return null;

  const startUnbind = () => {
    if (canUnbind(user, domestic)) setOpen('unbind');
    else showToast(t('account:toast.onlyBind'), 'warning');
  };
  return (
    <>
      <Button size="xs" variant="light" onClick={() => setOpen('edit')}>
        {bound ? t('account:contact.replace') : t('account:contact.bind')}
      </Button>
      {bound && (
        <Button size="xs" variant="subtle" color="red" onClick={startUnbind}>
          {t('account:contact.unbind')}
        </Button>
      )}
      <Suspense fallback={null}>
        {open === 'edit' && <ContactModal user={user} kind={kind} onClose={() => setOpen(null)} />}
        {open === 'unbind' && <UnbindModal user={user} kind={kind} onClose={() => setOpen(null)} />}
      </Suspense>
    </>
  );
}
