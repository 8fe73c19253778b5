import { OrderErrors } from '@account-centre/contract';
import { Button, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showToast } from '../../../components/toast';
import { useBuildContext } from '../../../lib/build-context';
import { downloadReceipt } from '../api/download-receipt';
import type { OrderRow } from '../api/get-orders';
import { errorText } from '../../../lib/api';
import { receiptAction } from '../receipt-state';

/** The receipt column of one order (spec 01 §4 "Invoice"). */
export function ReceiptCell({
  userId,
  row,
  now,
  onRequest,
}: {
  userId: number;
  row: OrderRow;
  now: number;
  onRequest: (row: OrderRow) => void;
}) {
  const { t } = useTranslation();
  const { hostMode } = useBuildContext();
  const [downloading, setDownloading] = useState(false);
  const action = receiptAction(row, now);
  const label = t('order:history.columns.receipt');

  switch (action.kind) {
    case 'download': {
      const download = () => {
        if (downloading) return;
        setDownloading(true);
        downloadReceipt(userId, row, hostMode)
          .catch((error: unknown) =>
            showToast(
              errorText(t, error, { domains: [OrderErrors], fallback: 'order:errors.downloadFailed' }),
              'error',
            ),
          )
          .finally(() => setDownloading(false));
      };
      return (
        <Button size="xs" variant="light" loading={downloading} onClick={download}>
          {t('order:receipt.download')}
        </Button>
      );
    }
    case 'pending':
      return (
        <Button size="xs" variant="default" disabled aria-label={`${label}: ${t('order:receipt.pending')}`}>
          {t('order:receipt.pending')}
        </Button>
      );
    case 'request':
      return (
        <Stack gap={2} align="flex-start">
          <Button size="xs" onClick={() => onRequest(row)}>
            {action.failedBefore ? t('order:receipt.requestAgain') : t('order:receipt.request')}
          </Button>
          {action.failedBefore && (
            <Text size="xs" c="red">
              {t('order:receipt.failed')}
            </Text>
          )}
        </Stack>
      );
    case 'refused':
      // Asking is still allowed: the answer is the rule's message (spec 01 §5, §8).
      return (
        <Button
          size="xs"
          variant="subtle"
          color="gray"
          onClick={() => showToast(t(`order:errors.${action.reason}`), 'warning')}
        >
          {t('order:receipt.request')}
        </Button>
      );
    default:
      return (
        <Text size="sm" c="dimmed">
          {t('order:receipt.unavailable')}
        </Text>
      );
  }
}
