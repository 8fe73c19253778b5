import { AccountErrors, OAuthErrors, OrderErrors } from '@account-centre/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { changeLanguage, i18n, initI18n } from '../i18n';
import { ApiError, errorI18nKey, networkError } from './api-error';
import { errorText } from './error-text';

const generic = 'There was an error with your request. Please try again later.';
const answer = (status: number, code: number, msg: string) => new ApiError(status, code, msg, errorI18nKey(code, msg));

beforeAll(async () => {
  await initI18n('en');
});

describe('errorText', () => {
  it('shows the text of a failure in the language shown', async () => {
    const wrongPassword = answer(400, 2, 'account or password incorrect');
    expect(errorText(i18n.t, wrongPassword)).toBe('The account or password is incorrect.');
    await changeLanguage('zh');
    expect(errorText(i18n.t, wrongPassword)).toBe('账号或密码错误。');
    await changeLanguage('en');
  });

  it('reads a screen’s own failures by its domains, as its namespace words them', () => {
    const exists = answer(409, 0, 'only once');
    expect(errorText(i18n.t, exists, { domains: [OrderErrors] })).toBe(
      'A receipt has already been requested for this order.',
    );
    // Without the order domain the same msg (with no code) reads as a used sign-in link.
    expect(errorText(i18n.t, exists)).toBe(
      'This sign-in link has already been used and works only once. Open your account again from the app.',
    );
    expect(errorText(i18n.t, answer(400, 2, 'sensitive'), { domains: [AccountErrors] })).toBe(
      'The content includes potentially sensitive information; please modify it and submit again',
    );
  });

  it('reads the msg a flow posted, without status or code', async () => {
    await i18n.loadNamespaces('accountIdentity');
    expect(errorText(i18n.t, { msg: 'identity in use' }, { domains: [OAuthErrors] })).toBe(
      'The account you signed in with is already linked to another user, so it was not linked.',
    );
  });

  it('uses the screen’s fallback only for a failure with no text of its own', () => {
    const fallback = 'order:errors.downloadFailed';
    expect(errorText(i18n.t, answer(500, 0, 'something new'), { domains: [OrderErrors], fallback })).toBe(
      'The receipt could not be downloaded. Please try again.',
    );
    expect(errorText(i18n.t, answer(403, 0, 'ER101'), { domains: [OrderErrors], fallback })).toBe(
      'This receipt link has expired. Please contact customer service to have it reissued.',
    );
  });

  it('names a failure without an answer as the client did (offline)', () => {
    expect(errorText(i18n.t, networkError())).toBe(
      'We could not reach the server. Check your internet connection and try again.',
    );
  });

  it('never shows a raw string: unknown keys, unloaded namespaces and other errors read as the generic error', () => {
    expect(errorText(i18n.t, new ApiError(400, 0, 'something new', 'errors:server.somethingNew'))).toBe(generic);
    // An entry whose text this build does not have (a namespace not loaded) falls through.
    const untranslated = { memberLimit: { msg: 'group num limit', status: 409, code: 0, key: 'nowhere:errors.x' } };
    expect(errorText(i18n.t, { msg: 'group num limit' }, { domains: [untranslated] })).toBe(generic);
    expect(errorText(i18n.t, new Error('boom'))).toBe(generic);
    expect(errorText(i18n.t, null)).toBe(generic);
    expect(errorText(i18n.t, 'expired')).toBe(generic);
  });
});
