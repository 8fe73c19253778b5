import { OrderErrors } from '@account-centre/contract';
import { Button, Group, Modal, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../components/toast';
import { useCancelSubscription } from '../api/cancel-subscription';
import type { LicenceCard } from '../licence-cards';
import { licenceName } from '../product-names';
import { useBuildContext } from '../../../lib/build-context';
import { errorText } from '../../../lib/api';

/** Confirms stopping a subscription's automatic renewal (PUT …/subscription/scheme-cancel). */
export default function CancelSubscriptionDialog({
  userId,
  card,
  onClose,
}: {
  userId: number;
  card: LicenceCard;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { region } = useBuildContext();
  const cancel = useCancelSubscription(userId);
  const confirm = () => {
    // A pending request keeps the button busy, so a double click cancels once.
    if (cancel.isPending) return;
    cancel.mutate(card.product, {
      onSuccess: () => {
        showToast(t('order:cancel.done'), 'success');
        onClose();
      },
      onError: (error) => {
        showToast(errorText(t, error, { domains: [OrderErrors] }), 'error');
        onClose();
      },
    });
  };
  return (
    <Modal opened onClose={onClose} title={t('order:cancel.title')} centered>
      <Text>{t('order:cancel.body', { name: licenceName(t, card, region) })}</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={onClose}>
          {t('order:cancel.keep')}
        </Button>
        <Button color="red" loading={cancel.isPending} onClick={confirm}>
          {t('order:cancel.confirm')}
        </Button>
      </Group>
    </Modal>
  );
}
