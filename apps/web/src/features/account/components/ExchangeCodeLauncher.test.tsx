import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AccountErrors, CommonErrors, getExchangeCodeRoute, getUserRoute } from '@account-centre/contract';
import { resetBuildContextForTests } from '../../../lib/build-context';
import { renderInLanguage } from '../../../testing/render';
import { catchToastsForEachTest, signedInForEachTest } from '../../../testing/signed-in';
import { type Failure, failWith, type Success, stubApi } from '../../../testing/api';
import { useLocation } from '../../../lib/router';
import { ExchangeCodeLauncher } from './ExchangeCodeLauncher';
import { shownToasts, testUser } from '../../../testing/test-user';

const USER = 42;

const userInfo = testUser({ user_id: USER });

const toasts = shownToasts;

/** The router's query, shown so a test can see what the launcher left in the address. */
function AddressProbe() {
  return <output data-testid="address">{useLocation().search}</output>;
}

/** Opens the account screen's launcher as the app would with `search` in its address. */
async function launch(
  search: string,
  code: Success<typeof getExchangeCodeRoute> | Failure | (() => Success<typeof getExchangeCodeRoute> | Failure) | null,
  language: 'en' | 'zh' = 'en',
) {
  window.history.replaceState(null, '', `/account${search}`);
  resetBuildContextForTests();
  const api = stubApi().answer(getUserRoute, { data: userInfo });
  if (code !== null) api.answer(getExchangeCodeRoute, code);
  await renderInLanguage(
    <>
      <ExchangeCodeLauncher />
      <AddressProbe />
    </>,
    { language, path: `/account${search}` },
  );
  const codeCalls = () => api.callsTo(getExchangeCodeRoute);
  return { ...api, codeCalls };
}

signedInForEachTest(USER);
catchToastsForEachTest();
afterEach(() => {
  window.history.replaceState(null, '', '/');
  resetBuildContextForTests();
});

describe('the exchange-code launcher', () => {
  it('does nothing without form_name in the address', async () => {
    const { codeCalls } = await launch('?lang=en', null);
    // With a form name the call goes out at once (the tests below); give it time anyway.
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.getByTestId('address').textContent).toBe('?lang=en');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(codeCalls()).toEqual([]);
  });

  it('shows the code once, copies it, and takes form_name out of the address', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const { codeCalls } = await launch('?lang=en&form_name=spring-fair', {
      data: { form_name: 'spring-fair', code: 'SPRING-7Q2X' },
    });

    const dialog = await screen.findByRole('dialog', { name: 'Your exchange code is:' });
    expect(within(dialog).getByTestId('exchange-code').textContent).toBe('SPRING-7Q2X');
    expect(codeCalls().map((call) => call.url.searchParams.get('form_name'))).toEqual(['spring-fair']);
    await waitFor(() => expect(screen.getByTestId('address').textContent).toBe('?lang=en'));

    fireEvent.click(within(dialog).getByRole('button', { name: 'Copy code' }));
    await waitFor(() => expect(toasts()).toEqual(['Copied']));
    expect(writeText).toHaveBeenCalledWith('SPRING-7Q2X');

    // The tab coming back does not ask again: the server would answer the same code.
    document.dispatchEvent(new Event('visibilitychange'));
    window.dispatchEvent(new Event('focus'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(codeCalls()).toHaveLength(1);
  });

  it('says there is no code for the user when the server has none', async () => {
    await launch('?form_name=spent-form', failWith(AccountErrors.noExchangeCode));
    const dialog = await screen.findByRole('dialog', { name: 'Exchange code' });
    expect(await within(dialog).findByText('No exchange code is available for you')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Try again' })).toBeNull();
    await waitFor(() => expect(screen.getByTestId('address').textContent).toBe(''));
  });

  it('says so in Chinese too', async () => {
    await launch('?lang=zh&form_name=spent-form', failWith(AccountErrors.noExchangeCode), 'zh');
    const dialog = await screen.findByRole('dialog', { name: '兑换码' });
    expect(await within(dialog).findByText('暂无适用于您的兑换码')).toBeTruthy();
  });

  it('reads any other 404 as a failure, not as "none"', async () => {
    await launch('?form_name=spring', failWith(CommonErrors.notFound));
    const dialog = await screen.findByRole('dialog', { name: 'Exchange code' });
    expect(await within(dialog).findByText('Failed to get the exchange code')).toBeTruthy();
  });

  it('offers a retry after a failure that may pass, and keeps form_name for a reload', async () => {
    let answer: Success<typeof getExchangeCodeRoute> | Failure = failWith(CommonErrors.internal);
    const { codeCalls } = await launch('?form_name=spring', () => answer);
    const dialog = await screen.findByRole('dialog', { name: 'Exchange code' });
    expect(await within(dialog).findByText('Failed to get the exchange code')).toBeTruthy();
    expect(screen.getByTestId('address').textContent).toBe('?form_name=spring');

    answer = { data: { form_name: 'spring', code: 'S-1' } };
    fireEvent.click(within(dialog).getByRole('button', { name: 'Try again' }));
    const found = await screen.findByRole('dialog', { name: 'Your exchange code is:' });
    expect(within(found).getByTestId('exchange-code').textContent).toBe('S-1');
    expect(codeCalls()).toHaveLength(2);
    await waitFor(() => expect(screen.getByTestId('address').textContent).toBe(''));
  });

  it('shows the failure without a retry for a form name the server refuses', async () => {
    await launch('?form_name=bad%20form!', failWith(CommonErrors.invalidRequest));
    const dialog = await screen.findByRole('dialog', { name: 'Exchange code' });
    expect(await within(dialog).findByText('Failed to get the exchange code')).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Try again' })).toBeNull();
    await waitFor(() => expect(screen.getByTestId('address').textContent).toBe(''));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
