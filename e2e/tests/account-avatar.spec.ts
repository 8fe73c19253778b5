import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Frame, Locator, Page } from '@playwright/test';
import { type TestUser, expect, registerUser, signInAndOpen, test } from '../fixtures.js';
import { actAsFramedDesktopClient, harnessRecords, openInHarness, sendToFramedApp } from '../desktop-host.js';
import { expectNothingClipped } from '../layout.js';
import { solidPng } from '../pictures.js';
import { DOMESTIC_HOST, OVERSEAS_HOST, SERVER_ORIGIN } from '../ports.js';
import { artifacts, PHONE, SCREENS, useScreen } from '../screens.js';

/** The picture used throughout: 800 × 500, its left half red and its right half blue. */
const PICTURE = { width: 800, height: 500 };

/**
 * Draws the two-halves picture with the browser's canvas and returns it encoded as `type`:
 * a real PNG or JPEG file, as a camera or an editor would write one.
 */
async function drawPicture(page: Page | Frame, type: 'image/png' | 'image/jpeg'): Promise<string> {
  return page.evaluate(
    ([width, height, mime]) => {
      const canvas = document.createElement('canvas');
      canvas.width = width;
      canvas.height = height;
      const context = canvas.getContext('2d');
      if (!context) throw new Error('no canvas');
      context.fillStyle = '#e00000';
      context.fillRect(0, 0, width / 2, height);
      context.fillStyle = '#0030e0';
      context.fillRect(width / 2, 0, width / 2, height);
      return canvas.toDataURL(mime, 0.95);
    },
    [PICTURE.width, PICTURE.height, type] as const,
  );
}

/** Writes a data URL to a file in a fresh temporary folder, as a file the visitor picks. */
function pictureFile(dataUrl: string, name: string): string {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'avatar-e2e-'));
  const file = path.join(folder, name);
  fs.writeFileSync(file, Buffer.from(dataUrl.split(',')[1] ?? '', 'base64'));
  return file;
}

/** Width and height from a JPEG's frame header (SOFn), read from the file's bytes. */
function jpegSize(bytes: Buffer): { width: number; height: number } {
  expect([...bytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
  let at = 2;
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) throw new Error(`not a JPEG marker at ${at}`);
    const marker = bytes[at + 1] ?? 0;
    if (marker === 0xff) {
      at += 1; // fill byte
      continue;
    }
    // SOF0…SOF15 carry the size, except DHT (C4), JPG (C8) and DAC (CC).
    if (marker >= 0xc0 && marker <= 0xcf && marker !== 0xc4 && marker !== 0xc8 && marker !== 0xcc) {
      return { height: bytes.readUInt16BE(at + 5), width: bytes.readUInt16BE(at + 7) };
    }
    at += 2 + bytes.readUInt16BE(at + 2);
  }
  throw new Error('no frame header in the JPEG');
}

/** The avatar the server stores for a user now: its address, content type and pixel size. */
async function storedAvatar(page: Page, user: TestUser, token: string) {
  const host = user.region === 'domestic' ? DOMESTIC_HOST : OVERSEAS_HOST;
  const info = await page.request.get(`${SERVER_ORIGIN}/api/user/${user.userId}`, {
    headers: { Host: host, Authorization: `Bearer ${token}` },
  });
  const url = ((await info.json()) as { data: { avatar_url: string | null } }).data.avatar_url;
  if (!url) return null;
  const file = await page.request.get(new URL(url, SERVER_ORIGIN).toString(), { headers: { Host: host } });
  expect(file.ok()).toBe(true);
  return { url, type: file.headers()['content-type'], ...jpegSize(await file.body()) };
}

/** The colours of a shown picture at nine points (corners, edges, centre), as [r, g, b]. */
function sampleColours(image: Locator) {
  return image.evaluate((element) => {
    const img = element as HTMLImageElement;
    const canvas = document.createElement('canvas');
    canvas.width = img.naturalWidth;
    canvas.height = img.naturalHeight;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no canvas');
    context.drawImage(img, 0, 0);
    const points = [0.05, 0.5, 0.95].flatMap((fx) => [0.05, 0.5, 0.95].map((fy) => [fx, fy] as const));
    return points.map(([fx, fy]) => {
      const data = context.getImageData(
        Math.floor(img.naturalWidth * fx),
        Math.floor(img.naturalHeight * fy),
        1,
        1,
      ).data;
      return [data[0] ?? 0, data[1] ?? 0, data[2] ?? 0];
    });
  });
}

const isRed = ([r, g, b]: number[]) => (r ?? 0) > 180 && (g ?? 255) < 70 && (b ?? 255) < 70;

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not on screen');
  return found;
}

test.describe('the avatar cropper', () => {
  test('a picked PNG is cropped by dragging, keys and zoom, and stored as the cropped JPEG', async ({
    page,
    request,
  }) => {
    const user = await registerUser(request, { region: 'overseas' });
    const session = await signInAndOpen(page, user, '/account?lang=en');
    const main = page.getByRole('main');
    await expect(main.getByTestId('user-id')).toHaveText(String(user.userId));
    const input = main.getByTestId('avatar-file');

    // Spec 01 §5: the extension is checked first; a text file never reaches the cropper.
    const text = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'avatar-e2e-')), 'notes.txt');
    fs.writeFileSync(text, 'not a picture');
    await input.setInputFiles(text);
    await expect(page.getByText('Choose a GIF, JPG, JPEG, PNG or BMP picture')).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    await input.setInputFiles(pictureFile(await drawPicture(page, 'image/png'), 'two-halves.png'));
    const dialog = page.getByRole('dialog', { name: 'Crop your picture' });
    await expect(dialog).toBeVisible();
    const stage = dialog.getByTestId('crop-stage');
    const frame = dialog.getByRole('group', { name: 'Part of the picture to keep' });
    await expect(frame).toBeFocused();

    // The picture fills the stage's width; the frame starts as the largest centred square.
    const stageBox = await box(stage);
    const scale = stageBox.width / PICTURE.width;
    let frameBox = await box(frame);
    expect(frameBox.width).toBeCloseTo(PICTURE.height * scale, 0);
    expect(frameBox.x - stageBox.x).toBeCloseTo(((PICTURE.width - PICTURE.height) / 2) * scale, 0);

    // Dragged with the mouse far past the left edge, it stops at the edge.
    await page.mouse.move(frameBox.x + frameBox.width / 2, frameBox.y + frameBox.height / 2);
    await page.mouse.down();
    await page.mouse.move(frameBox.x - 300, frameBox.y + frameBox.height / 2, { steps: 8 });
    await page.mouse.up();
    frameBox = await box(frame);
    expect(frameBox.x).toBeCloseTo(stageBox.x, 0);

    // The arrow keys move it a twentieth of its side per press.
    await frame.press('ArrowRight');
    await frame.press('ArrowRight');
    expect((await box(frame)).x - frameBox.x).toBeCloseTo(2 * (frameBox.width / 20), 0);
    await frame.press('ArrowLeft');
    await frame.press('ArrowLeft');
    expect((await box(frame)).x).toBeCloseTo(stageBox.x, 0);

    // The wheel zooms in about the point under the pointer: picture point 100,100 keeps its
    // place in the frame (a fifth across and down), so the frame becomes 50…300, all red.
    const slider = dialog.getByRole('slider', { name: 'Zoom' });
    await expect(slider).toHaveAttribute('aria-valuetext', '100%');
    await page.mouse.move(stageBox.x + 100 * scale, frameBox.y + 100 * scale);
    await page.mouse.wheel(0, -Math.log(2) / 0.0015);
    await expect(slider).toHaveAttribute('aria-valuetext', '200%');
    frameBox = await box(frame);
    expect(frameBox.width).toBeCloseTo(250 * scale, 0);
    expect(frameBox.x - stageBox.x).toBeCloseTo(50 * scale, 0);

    // The slider zooms further about the frame's centre, and the zoom-out button back.
    await slider.focus();
    await slider.press('ArrowRight');
    await expect(slider).toHaveAttribute('aria-valuetext', '205%');
    expect((await box(frame)).width).toBeLessThan(frameBox.width);
    await dialog.getByRole('button', { name: 'Zoom out' }).click();
    await expect(slider).toHaveAttribute('aria-valuetext', '164%');
    await expect(dialog.getByRole('img', { name: 'Preview' })).toBeVisible();

    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Profile picture saved')).toBeVisible();
    await expect(dialog).toBeHidden();

    // Stored: a JPEG of the cropped square, capped at 220 px (the crop is about 305 px).
    const stored = await storedAvatar(page, user, session.token);
    expect(stored).toMatchObject({ type: 'image/jpeg', width: 220, height: 220 });
    const avatar = main.getByRole('img', { name: /Profile picture of/ });
    await expect(avatar).toHaveJSProperty('naturalWidth', 220);
    // Only the red half was kept: every part of the avatar is red.
    const colours = await sampleColours(avatar);
    expect(colours.filter((colour) => !isRed(colour))).toEqual([]);

    // A JPEG opened and cancelled changes nothing.
    await input.setInputFiles(pictureFile(await drawPicture(page, 'image/jpeg'), 'PHOTO.JPG'));
    await expect(dialog).toBeVisible();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();
    expect((await storedAvatar(page, user, session.token))?.url).toBe(stored?.url);
  });

  test('a small picture keeps its size and cannot zoom', async ({ page, request }) => {
    const user = await registerUser(request, { region: 'domestic' });
    const session = await signInAndOpen(page, user, '/account?lang=en');
    const main = page.getByRole('main');
    await expect(main.getByTestId('user-id')).toHaveText(String(user.userId));
    const small = await solidPng(page, { width: 40, height: 30, colour: '#e00000' });
    await main.getByTestId('avatar-file').setInputFiles(pictureFile(small, 'tiny.png'));
    const dialog = page.getByRole('dialog', { name: 'Crop your picture' });
    await expect(dialog.getByRole('button', { name: 'Zoom in' })).toBeDisabled();
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Profile picture saved')).toBeVisible();
    expect(await storedAvatar(page, user, session.token)).toMatchObject({ width: 30, height: 30 });
  });

  test('in the desktop client, the client’s picked photo goes through the cropper', async ({ page, request }) => {
    const user = await registerUser(request, { region: 'domestic' });
    await actAsFramedDesktopClient(page);
    const { frame: app, session } = await openInHarness(page, request, user, '/account?from=maxPC&lang=en');
    const main = app.getByRole('main');
    await expect(main.getByTestId('user-id')).toHaveText(String(user.userId));

    // The client's own picker is asked for; it answers with the photo as a data URL.
    await main.getByRole('button', { name: 'Change picture' }).click();
    const messages = async () => (await harnessRecords(page)).map((entry) => entry.message);
    await expect.poll(async () => (await messages()).map((m) => m.type)).toContain('showSelectPhotoDrawer');
    const photo = await drawPicture(app, 'image/jpeg');
    await sendToFramedApp(page, 'uploadAvator', { image: photo });

    const dialog = app.getByRole('dialog', { name: 'Crop your picture' });
    await expect(dialog).toBeVisible();
    await dialog.getByRole('group', { name: 'Part of the picture to keep' }).press('Shift+ArrowLeft');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await expect(app.getByText('Profile picture saved')).toBeVisible();
    const stored = await storedAvatar(page, user, session.token);
    expect(stored).toMatchObject({ type: 'image/jpeg', width: 220, height: 220 });
    // The client is told the new picture, so it shows the same one.
    await expect
      .poll(async () =>
        (await messages()).find(
          (m) => m.type === 'updateUserInfo' && JSON.stringify(m.payload).includes(stored?.url ?? '?'),
        ),
      )
      .toBeTruthy();
  });

  test.describe('on a phone', () => {
    useScreen(PHONE);

    test('one finger drags the frame and two fingers zoom it', async ({ page, request }) => {
      const user = await registerUser(request, { region: 'overseas' });
      await signInAndOpen(page, user, '/account?lang=en');
      const main = page.getByRole('main');
      await expect(main.getByTestId('user-id')).toHaveText(String(user.userId));
      await main.getByTestId('avatar-file').setInputFiles(pictureFile(await drawPicture(page, 'image/png'), 'p.png'));
      const dialog = page.getByRole('dialog', { name: 'Crop your picture' });
      const frame = dialog.getByRole('group', { name: 'Part of the picture to keep' });
      const slider = dialog.getByRole('slider', { name: 'Zoom' });
      await expect(frame).toBeVisible();

      // Real touch input through the browser's protocol (Playwright's own API only taps).
      const cdp = await page.context().newCDPSession(page);
      const touch = (type: string, points: { x: number; y: number }[]) =>
        cdp.send('Input.dispatchTouchEvent', {
          type: type as 'touchStart',
          touchPoints: points.map((p, id) => ({ ...p, id })),
        });
      const start = await box(frame);
      const centre = { x: start.x + start.width / 2, y: start.y + start.height / 2 };
      await touch('touchStart', [centre]);
      for (let step = 1; step <= 5; step += 1) await touch('touchMove', [{ x: centre.x - 8 * step, y: centre.y }]);
      await touch('touchEnd', []);
      const moved = await box(frame);
      expect(start.x - moved.x).toBeCloseTo(40, 0);

      const fingers = (spread: number) => [
        { x: centre.x - spread, y: centre.y },
        { x: centre.x + spread, y: centre.y },
      ];
      await touch('touchStart', fingers(20));
      for (let spread = 25; spread <= 40; spread += 5) await touch('touchMove', fingers(spread));
      await touch('touchEnd', []);
      await expect(slider).toHaveAttribute('aria-valuetext', '200%');
      expect((await box(frame)).width).toBeCloseTo(moved.width / 2, 0);
    });
  });

  for (const screen of SCREENS) {
    const { width } = screen;
    test.describe(`${width} px`, () => {
      useScreen(screen);
      for (const [language, region, title, preview] of [
        ['zh', 'domestic', '裁剪头像', '预览'],
        ['en', 'overseas', 'Crop your picture', 'Preview'],
      ] as const) {
        test(`in ${language} the cropper fits without clipped text`, async ({ page, request }) => {
          const user = await registerUser(request, { region });
          await signInAndOpen(page, user, `/account?lang=${language}`);
          const main = page.getByRole('main');
          await expect(main.getByTestId('user-id')).toHaveText(String(user.userId));
          await main
            .getByTestId('avatar-file')
            .setInputFiles(pictureFile(await drawPicture(page, 'image/png'), 'picture.png'));
          const dialog = page.getByRole('dialog', { name: title });
          await expect(dialog.getByRole('img', { name: preview })).toBeVisible();
          await expectNothingClipped(page, '[role="dialog"] h2, [role="dialog"] button, [role="dialog"] p');
          const dialogBox = await box(dialog);
          expect(dialogBox.x).toBeGreaterThanOrEqual(0);
          expect(dialogBox.x + dialogBox.width).toBeLessThanOrEqual(width);
          await page.screenshot({
            path: path.join(artifacts, `avatar-cropper-${language}-${width}.png`),
            animations: 'disabled',
          });
        });
      }
    });
  }
});
