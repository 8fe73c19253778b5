import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { type IdentityProvider, AccountErrors, isFailure } from '@account-centre/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { UserInfo } from '../../../lib/user/current-user';
import { showToast } from '../../../components/toast';
import { errorText } from '../../../lib/api';
import { useSingleFlight } from '../../../lib/hooks/use-single-flight';
import { identitiesOptions } from '../api/get-identities';
import { unbindIdentity } from '../api/unbind-identity';
import { useStoreUser } from '../use-user-cache';
import { identityLabelKey } from './identity-texts';

/**
 * Confirms unlinking a third-party sign-in (spec 01 §4, §5), then DELETEs it. The server keeps
 * the only-binding rule too: a race with another unlink ends in onlyBind, nothing changed.
 * Toasts (spec 01 §8): unbindWxSuccess for WeChat, unbindSuccess otherwise, unbindFail.
 */
export function UnlinkIdentityModal({
  user,
  provider,
  onClose,
}: {
  user: UserInfo;
  provider: IdentityProvider;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [saving, run] = useSingleFlight();
  const storeUser = useStoreUser();
  const queryClient = useQueryClient();

  const confirm = () =>
    run(async () => {
      try {
        storeUser(await unbindIdentity(user.user_id, provider));
        showToast(
          provider === 'weixin' ? t('accountIdentity:toast.unbindWxSuccess') : t('account:toast.unbindSuccess'),
          'success',
        );
        onClose();
      } catch (error) {
        if (isFailure(error, AccountErrors.onlyBind))
          showToast(errorText(t, error, { domains: [AccountErrors] }), 'warning');
        else showToast(t('accountIdentity:toast.unbindFail'), 'error');
      } finally {
        await queryClient.invalidateQueries({ queryKey: identitiesOptions(user.user_id).queryKey });
      }
    });

  return (
    <Modal opened onClose={onClose} title={t('accountIdentity:unlink.title')} centered>
      <Stack>
        <Text fw={500}>{t(identityLabelKey[provider])}</Text>
        <Text size="sm">{t('accountIdentity:unlink.body')}</Text>
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common:actions.cancel')}
          </Button>
          <Button color="red" loading={saving} onClick={() => void confirm()}>
            {t('account:contact.unbind')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
