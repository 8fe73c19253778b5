import { type ReceiptProduct, getReceiptLinkRoute } from '@account-centre/contract';
import { ApiError, apiCall, errorI18nKey, networkError } from '../../../lib/api';
import type { HostMode } from '../../../lib/build-context';
import { host, hostTransport } from '../../../lib/host-bridge';

export interface ReceiptTarget {
  order_id: string;
  receipt_product: ReceiptProduct;
}

/** The signed, expiring link of an issued receipt (getInvoiceDownloadURL). */
export function receiptLink(userId: number, order: ReceiptTarget) {
  return apiCall(getReceiptLinkRoute, {
    params: { userId },
    query: { order_id: order.order_id, product: order.receipt_product },
  }).then((reply) => reply.data);
}

/** The receipt behind a link; an expired or refused link fails with the server's msg (ER101). */
export async function fetchReceipt(url: string): Promise<Blob> {
  let response: Response;
  try {
    response = await fetch(url);
  } catch {
    throw networkError();
  }
  if (!response.ok) {
    const envelope = (await response.json().catch(() => null)) as { code?: number; msg?: string } | null;
    const code = typeof envelope?.code === 'number' ? envelope.code : 0;
    const msg = typeof envelope?.msg === 'string' ? envelope.msg : '';
    throw new ApiError(response.status, code, msg, errorI18nKey(code, msg));
  }
  return response.blob();
}

function saveBlob(blob: Blob, fileName: string) {
  const href = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = href;
  anchor.download = fileName;
  anchor.rel = 'noopener';
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  // The click has handed the file to the browser's download by the next task.
  setTimeout(() => URL.revokeObjectURL(href), 0);
}

/**
 * Downloads the receipt of an order. The desktop client downloads it itself (`downloadInvoice`;
 * the link needs no token). A browser fetches it first, so an expired link shows its message
 * (downloadReceiptExpire) instead of an error page, and saves it as a file — a download, unlike
 * a new window opened after the link's round trip, is not stopped by popup blockers.
 */
export async function downloadReceipt(userId: number, order: ReceiptTarget, hostMode: HostMode): Promise<void> {
  const { url } = await receiptLink(userId, order);
  if (hostMode === 'desktop' && hostTransport() === 'desktop') {
    host.downloadInvoice(url, order.order_id);
    return;
  }
  saveBlob(await fetchReceipt(url), `receipt-${order.order_id}.pdf`);
}
