import { afterEach, describe, expect, it, vi } from 'vitest';
import { downloadReceiptRoute, getReceiptLinkRoute, OrderErrors } from '@account-centre/contract';
import { errorText } from '../../../lib/api';
import { i18n, initI18n } from '../../../lib/i18n';
import { failWith, rawAnswer, stubApi } from '../../../testing/api';
import { downloadReceipt } from './download-receipt';

const target = { order_id: 'ORD1', receipt_product: 'max' } as const;
const link = 'http://account.example.com/api/files/receipt/ORD1?expires=1&signature=x';

/** How the order screen reads a failed download (ReceiptCell). */
const receiptErrors = { domains: [OrderErrors], fallback: 'order:errors.downloadFailed' };

afterEach(() => vi.unstubAllGlobals());

describe('downloading a receipt', () => {
  it('asks for a link, then fetches the PDF from it', async () => {
    const api = stubApi()
      .answer(getReceiptLinkRoute, { data: { url: link, expires_at: 1 } })
      .answer(downloadReceiptRoute, rawAnswer('%PDF-1.7'));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    await downloadReceipt(7, target, 'browser');
    expect(api.calls.map((call) => call.line)).toEqual(['GET /api/user/7/invoice/pdf', 'GET /api/files/receipt/ORD1']);
    expect(api.calls[0]?.url.search).toBe('?order_id=ORD1&product=max');
    expect(click).toHaveBeenCalledTimes(1);
    click.mockRestore();
  });

  it('reads an expired link (ER101) as downloadReceiptExpire', async () => {
    await initI18n('en');
    stubApi()
      .answer(getReceiptLinkRoute, { data: { url: link, expires_at: 1 } })
      .answer(downloadReceiptRoute, failWith(OrderErrors.receiptExpired));
    const error = await downloadReceipt(7, target, 'browser').catch((e: unknown) => e);
    expect(errorText(i18n.t, error, receiptErrors)).toBe(
      'This receipt link has expired. Please contact customer service to have it reissued.',
    );
  });

  it('reads an unnamed failure as downloadReceiptFail', async () => {
    await initI18n('en');
    stubApi().answer(getReceiptLinkRoute, failWith({ status: 500, code: 0, msg: 'boom' }));
    const error = await downloadReceipt(7, target, 'browser').catch((e: unknown) => e);
    expect(errorText(i18n.t, error, receiptErrors)).toBe('The receipt could not be downloaded. Please try again.');
  });
});
