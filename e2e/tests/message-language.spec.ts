import { randomUUID } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { notifyTexts } from '../../apps/server/src/modules/messages/notify-texts.js';
import { expectAccessible } from '../accessibility.js';
import { expect, registerUser, regionUrl, runAdmin, signInAs, type TestUser, test } from '../fixtures.js';

// Decision 058: a product message is written out in the language of the page reading it, an
// operator's notice shows the text given for that language, and both follow a switch of the
// header's language picker without a reload.

const CHINESE = /[\u3400-\u9fff]/;

/** A product text as a pattern: its values (`{code}`, `{order}`…) stand for any text. */
function sentence(template: string): RegExp {
  return new RegExp(
    template
      .split(/\{\w+\}/)
      .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
      .join('.+?'),
  );
}

const englishSentences = Object.values(notifyTexts).map((texts) => sentence(texts.en));
const redeemedEn = sentence(notifyTexts.codeRedeemed.en);
const redeemedZh = sentence(notifyTexts.codeRedeemed.zh);
const notice = { en: 'Your new workspace is ready.', zh: '你的新工作区已经准备好了。' };

/**
 * Two messages for a signed-in account: the product's, from redeeming a gift code as the bind
 * screen does, and an operator's notice given in English and Chinese.
 */
async function twoMessages(page: Page, user: TestUser, token: string) {
  const { codes } = (await runAdmin(['code:batch', '--kind', 'gift', '--label', 'e2e', '--ai-points', '50'])) as {
    codes: string[];
  };
  const status = await page.evaluate(
    async ([userId, code, bearer, key]) => {
      const response = await fetch(`/api/user/${userId}/prize/use`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${bearer}`, 'Idempotency-Key': key },
        body: JSON.stringify({ code }),
      });
      return response.status;
    },
    [user.userId, codes[0] ?? '', token, randomUUID()] as const,
  );
  expect(status).toBe(200);
  await runAdmin([
    ...['notice:send', '--to', 'users', '--users', String(user.userId)],
    // Each text tagged with its language: an untagged --content would be read in every language not given.
    ...['--content-en', `<p>${notice.en}</p>`, '--content-zh', `<p>${notice.zh}</p>`],
  ]);
}

/** The message list, by its name in either language. */
const messageList = (page: Page): Locator =>
  page.getByRole('main').getByRole('list', { name: /^(Your messages|你的消息)$/ });

async function expectNoEnglishSentence(list: Locator) {
  for (const english of [...englishSentences, new RegExp(notice.en)]) await expect(list).not.toContainText(english);
}

async function pickLanguage(page: Page, current: RegExp, name: string) {
  // Marks this document: a reload would lose the mark.
  await page.evaluate(() => Object.assign(window, { beforeSwitch: true }));
  await page.getByRole('banner').getByRole('button', { name: current }).click();
  await page.getByRole('menuitemradio', { name }).click();
}

const stillTheSameDocument = (page: Page) =>
  page.evaluate(() => (window as unknown as { beforeSwitch?: boolean }).beforeSwitch === true);

test('overseas in English the messages have no Chinese, and a switch to Chinese rewords them in place', async ({
  page,
  request,
}) => {
  const user = await registerUser(request, { region: 'overseas' });
  const { token } = await signInAs(page, user);
  await twoMessages(page, user, token);

  await page.goto(regionUrl('overseas', '/message?lang=en'));
  const list = messageList(page);
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list).toContainText(redeemedEn);
  await expect(list).toContainText(notice.en);
  await expect(list).not.toContainText(CHINESE);

  await pickLanguage(page, /^Language: English$/, '简体中文');
  await expect(page.getByRole('main').getByRole('list', { name: '你的消息' })).toBeVisible();
  await expect(list).toContainText(redeemedZh);
  await expect(list).toContainText(notice.zh);
  await expectNoEnglishSentence(list);
  expect(await stillTheSameDocument(page)).toBe(true);
  await expectAccessible(page, 'overseas /message after switching to Chinese');
});

test('domestic in Chinese the messages have no English sentence, and a switch to English rewords them in place', async ({
  page,
  request,
}) => {
  const user = await registerUser(request, { region: 'domestic' });
  const { token } = await signInAs(page, user);
  await twoMessages(page, user, token);

  await page.goto(regionUrl('domestic', '/message'));
  const list = messageList(page);
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list).toContainText(redeemedZh);
  await expect(list).toContainText(notice.zh);
  await expectNoEnglishSentence(list);

  await pickLanguage(page, /^语言：简体中文$/, 'English');
  await expect(page.getByRole('main').getByRole('list', { name: 'Your messages' })).toBeVisible();
  await expect(list).toContainText(redeemedEn);
  await expect(list).toContainText(notice.en);
  await expect(list).not.toContainText(CHINESE);
  expect(await stillTheSameDocument(page)).toBe(true);
  await expectAccessible(page, 'domestic /message after switching to English');
});
