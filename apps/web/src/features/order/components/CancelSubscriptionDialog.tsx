import { OrderErrors } from '@account-centre/contract';
import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../components/toast';
import { useCancelSubscription } from '../api/cancel-subscription';
import type { LicenceCard } from '../licence-cards';
import { licenceName } from '../../../lib/plan-names';
import { useBuildContext } from '../../../lib/build-context';
import { errorText } from '../../../lib/api';
import { useMutateOnce } from '../../../lib/hooks/use-mutate-once';

/**
 * Confirms stopping a subscription's automatic renewal (PUT …/subscription/scheme-cancel). A
 * failure is told inside the dialog, which stays open: pressed again after a lost answer, the
 * request goes with the same Idempotency-Key and hears the first answer instead of "cancel
 * unavailable" (decision 018).
 */
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
  // A double click cancels once: the second click lands before the button shows it is busy.
  const cancelOnce = useMutateOnce(cancel);
  const confirm = () => {
    cancelOnce(card.product, {
      onSuccess: () => {
        showToast(t('order:cancel.done'), 'success');
        onClose();
      },
    });
  };
  return (
    <Modal opened onClose={onClose} title={t('order:cancel.title')} centered>
      <Stack gap="sm">
        <Text>{t('order:cancel.body', { name: licenceName(t, card, region) })}</Text>
        {cancel.isError && (
          <Alert color="red" role="alert">
            {errorText(t, cancel.error, { domains: [OrderErrors] })}
          </Alert>
        )}
      </Stack>
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
