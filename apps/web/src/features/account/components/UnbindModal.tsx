import { AccountErrors, isFailure } from '@account-centre/contract';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserInfo } from '../../../lib/user/current-user';
import { showErrorToast, showToast } from '../../../components/toast';
import { errorText } from '../../../lib/api';
import { unbindContact } from '../api/unbind-contact';
import { useSingleFlight } from '../../../lib/hooks/use-single-flight';
import { useStoreUser } from '../use-user-cache';
import { CODE_PATTERN, CurrentAddressCode } from './CodeField';
import type { ContactKind } from './ContactModal';
import { FormDialog } from './FormActions';

/** Unbinds the e-mail or phone with a code of purpose 3 sent to it (spec 01 §4, §5). */
export function UnbindModal({ user, kind, onClose }: { user: UserInfo; kind: ContactKind; onClose: () => void }) {
  const { t } = useTranslation();
  const address = (kind === 'email' ? user.email : user.mobile) ?? '';
  const [code, setCode] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [saving, run] = useSingleFlight();
  const storeUser = useStoreUser();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setInvalid(!CODE_PATTERN.test(code));
    if (!CODE_PATTERN.test(code)) return;
    void run(async () => {
      try {
        storeUser(await unbindContact(user.user_id, kind, code));
        showToast(t('account:toast.unbindSuccess'), 'success');
        onClose();
      } catch (error) {
        if (isFailure(error, AccountErrors.onlyBind))
          showToast(errorText(t, error, { domains: [AccountErrors] }), 'warning');
        else showErrorToast(error, { domains: [AccountErrors] });
      }
    });
  };

  return (
    <FormDialog
      title={t(kind === 'email' ? 'account:contact.unbindEmail' : 'account:contact.unbindPhone')}
      onClose={onClose}
      onSubmit={submit}
      busy={saving}
      unlink
    >
      <CurrentAddressCode current={{ kind, address }} value={code} onChange={setCode} invalid={invalid} />
    </FormDialog>
  );
}
