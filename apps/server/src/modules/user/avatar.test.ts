import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import { getAvatarFileRoute, getUserRoute, uploadAvatarRoute } from '@account-centre/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, registerByEmail, type Registered } from '../../../test/helpers/auth.js';
import { call } from '../../../test/helpers/call.js';
import { asCaller } from '../../../test/helpers/users.js';
import { createTestApp, dialects, type TestApp } from '../../../test/helpers/test-app.js';
import { declaredSize, sniffImageType } from './avatar-image.js';

interface Part {
  name: string;
  value: string | Buffer;
  filename?: string;
  type?: string;
}

/** A multipart/form-data body, as a browser's FormData would send it. */
function formData(parts: Part[]) {
  const boundary = `----avatar${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename ? `; filename="${part.filename}"` : ''}`;
    const type = part.filename ? `\r\nContent-Type: ${part.type ?? 'application/octet-stream'}` : '';
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: ${disposition}${type}\r\n\r\n`));
    chunks.push(typeof part.value === 'string' ? Buffer.from(part.value) : part.value);
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

const solid = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 30, b: 60 } } });

/** A 24-bit bottom-up BMP (the image library writes none), every pixel the same colour. */
function bmp(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const rowSize = Math.ceil((width * 3) / 4) * 4;
  const file = Buffer.alloc(54 + rowSize * height);
  file.write('BM', 0, 'latin1');
  file.writeUInt32LE(file.length, 2);
  file.writeUInt32LE(54, 10);
  file.writeUInt32LE(40, 14);
  file.writeInt32LE(width, 18);
  file.writeInt32LE(height, 22);
  file.writeUInt16LE(1, 26);
  file.writeUInt16LE(24, 28);
  for (let y = 0; y < height; y++) for (let x = 0; x < width; x++) file.set([b, g, r], 54 + y * rowSize + x * 3);
  return file;
}

/** A tiny valid PNG whose header then claims 50000×50000 pixels (CRC fixed): a pixel flood. */
async function pixelFlood(): Promise<Buffer> {
  const png = Buffer.from(await solid(1, 1).png().toBuffer());
  png.writeUInt32BE(50_000, 16);
  png.writeUInt32BE(50_000, 20);
  png.writeUInt32BE(zlib.crc32(png.subarray(12, 29)), 29);
  return png;
}

describe('image headers', () => {
  it('tells the type from the bytes and reads declared sizes without decoding', async () => {
    const png = await solid(30, 20).png().toBuffer();
    const jpeg = await solid(31, 21).jpeg().toBuffer();
    const gif = await solid(32, 22).gif().toBuffer();
    expect([sniffImageType(png), declaredSize(png, 'png')]).toEqual(['png', { width: 30, height: 20 }]);
    expect([sniffImageType(jpeg), declaredSize(jpeg, 'jpeg')]).toEqual(['jpeg', { width: 31, height: 21 }]);
    expect([sniffImageType(gif), declaredSize(gif, 'gif')]).toEqual(['gif', { width: 32, height: 22 }]);
    const map = bmp(5, 4, [1, 2, 3]);
    expect([sniffImageType(map), declaredSize(map, 'bmp')]).toEqual(['bmp', { width: 5, height: 4 }]);
    expect(sniffImageType(Buffer.from('hello, this is text'))).toBeNull();
    expect(declaredSize(await pixelFlood(), 'png')).toEqual({ width: 50_000, height: 50_000 });
  });
});

describe.each(dialects)('avatar upload on $name', (dialect) => {
  let t: TestApp;
  let user: Registered;
  let dataDir: string;
  const avatarDir = () => path.join(dataDir, 'files', 'avatars');
  const stored = () => (fs.existsSync(avatarDir()) ? fs.readdirSync(avatarDir()) : []);

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'account-centre-avatars-'));
    t = await createTestApp(dialect, { DATA_DIR: dataDir });
    user = await registerByEmail(t);
  });
  afterAll(async () => {
    await t.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  // The owner's calls name no host, as a client that sends none.
  const owner = () => ({ as: asCaller(user), host: null });
  const upload = (parts: Part[]) => {
    const { payload, contentType } = formData(parts);
    return call(t, uploadAvatarRoute, { ...owner(), headers: { 'content-type': contentType }, payload });
  };
  const fileParts = (value: Buffer, filename: string, extra: Record<string, string> = {}): Part[] => [
    { name: 'file', value, filename, type: 'image/jpeg' },
    ...Object.entries(extra).map(([name, v]) => ({ name, value: v })),
  ];
  const avatarUrl = async () => (await call(t, getUserRoute, owner())).ok().data.avatar_url;

  it('re-encodes a PNG to a JPEG 220 px wide, stores it under a random name and serves it', async () => {
    const png = await solid(880, 440).png().toBuffer();
    const res = await upload(
      fileParts(png, '../../etc/passwd.png', { width: '880', height: '440', x: '0', y: '0', id: String(user.user_id) }),
    );
    expect(res.status, res.raw.body).toBe(200);
    const body = res.ok();
    expect(body).toEqual({
      status: 'success',
      code: 0,
      msg: 'ok',
      data: { avatar_url: expect.stringMatching(/^\/api\/files\/avatars\/[a-f0-9]{32}\.jpg$/), code: 0 },
    });
    expect(await avatarUrl()).toBe(body.data.avatar_url);
    expect(stored()).toEqual([body.data.avatar_url.split('/').pop()]);

    const name = body.data.avatar_url.split('/').pop() as string;
    const served = await call(t, getAvatarFileRoute, { params: { name }, host: null });
    expect(served.status).toBe(200);
    expect(served.headers['content-type']).toBe('image/jpeg');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const meta = await sharp(served.raw.rawPayload).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', 220, 110]);
  });

  it.each([
    ['jpeg', 'photo.JPG', () => solid(300, 300).jpeg().toBuffer(), [220, 220]],
    ['gif', 'anim.Gif', () => solid(100, 50).gif().toBuffer(), [100, 50]],
    ['bmp', 'paint.bmp', async () => bmp(440, 10, [10, 200, 30]), [220, 5]],
  ] as const)('accepts a %s and replaces the previous picture', async (_type, name, make, [width, height]) => {
    const before = stored();
    const res = await upload(fileParts(await make(), name));
    expect(res.status, res.raw.body).toBe(200);
    const url: string = res.ok().data.avatar_url;
    expect(stored()).toEqual([url.split('/').pop()]);
    expect(before).not.toContain(url.split('/').pop());
    const meta = await sharp(fs.readFileSync(path.join(avatarDir(), url.split('/').pop() as string))).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['jpeg', width, height]);
  });

  it('keeps BMP colours', async () => {
    const res = await upload(fileParts(bmp(8, 8, [10, 200, 30]), 'green.bmp'));
    const file = path.join(avatarDir(), res.ok().data.avatar_url.split('/').pop() as string);
    const { data } = await sharp(fs.readFileSync(file)).raw().toBuffer({ resolveWithObject: true });
    expect(Math.abs((data[0] as number) - 10)).toBeLessThan(12);
    expect(Math.abs((data[1] as number) - 200)).toBeLessThan(12);
    expect(Math.abs((data[2] as number) - 30)).toBeLessThan(12);
  });

  it('applies a crop inside the picture', async () => {
    const res = await upload(
      fileParts(await solid(400, 300).png().toBuffer(), 'a.png', { x: '100', y: '50', width: '100', height: '80' }),
    );
    expect(res.status).toBe(200);
    const file = path.join(avatarDir(), res.ok().data.avatar_url.split('/').pop() as string);
    const meta = await sharp(fs.readFileSync(file)).metadata();
    expect([meta.width, meta.height]).toEqual([100, 80]);
  });

  describe('refusals change nothing', () => {
    let baseline: { url: string | null; files: string[] };
    const expectUnchanged = async () => {
      expect(await avatarUrl()).toBe(baseline.url);
      expect(stored()).toEqual(baseline.files);
      expect(stored().filter((f) => f.endsWith('.part'))).toEqual([]);
    };
    beforeAll(async () => {
      baseline = { url: await avatarUrl(), files: stored() };
    });

    it('refuses a text file named .png as the wrong type', async () => {
      const res = await upload(fileParts(Buffer.from('not a picture at all, just words\n'.repeat(10)), 'fake.png'));
      expect(res.status).toBe(415);
      expect(res.body).toEqual({ status: 'error', code: 0, msg: 'image type' });
      await expectUnchanged();
    });

    it.each([
      ['webp', () => solid(10, 10).webp().toBuffer()],
      ['tiff', () => solid(10, 10).tiff().toBuffer()],
      ['svg', async () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>')],
    ])('refuses a %s as the wrong type', async (type, make) => {
      const res = await upload(fileParts(await make(), `picture.${type}`));
      expect(res.status).toBe(415);
      expect(res.body.msg).toBe('image type');
      await expectUnchanged();
    });

    it('refuses a pixel flood before decoding it', async () => {
      const res = await upload(fileParts(await pixelFlood(), 'flood.png'));
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ status: 'error', code: 0, msg: 'image dimensions' });
      await expectUnchanged();
    });

    it('refuses a file over the size limit', async () => {
      const big = Buffer.concat([await solid(10, 10).png().toBuffer(), Buffer.alloc(5 * 1024 * 1024 + 1)]);
      const res = await upload(fileParts(big, 'big.png'));
      expect(res.status).toBe(413);
      expect(res.body).toEqual({ status: 'error', code: 0, msg: 'image too large' });
      await expectUnchanged();
    });

    it('refuses a truncated picture as unreadable', async () => {
      const png = await solid(300, 300).png().toBuffer();
      const res = await upload(fileParts(png.subarray(0, 60), 'cut.png'));
      expect(res.status).toBe(400);
      expect(res.body.msg).toBe('image invalid');
      await expectUnchanged();
    });

    it('refuses a crop outside the picture, someone else’s id, unknown fields and a missing file', async () => {
      const png = await solid(50, 50).png().toBuffer();
      for (const extra of <Record<string, string>[]>[
        { x: '40', y: '0', width: '20', height: '20' },
        { id: String(user.user_id + 1) },
        { colour: 'red' },
        { width: '-5', height: '5' },
      ]) {
        const res = await upload(fileParts(png, 'a.png', extra));
        expect(res.status, JSON.stringify(extra)).toBe(400);
        expect(res.body.msg).toBe('invalid request');
      }
      expect((await upload([{ name: 'id', value: String(user.user_id) }])).status).toBe(400);
      await expectUnchanged();
    });

    it('refuses a JSON body and a second file', async () => {
      // A JSON body where the contract takes multipart: sent by hand.
      const json = await t.app.inject({
        method: 'POST',
        url: `/api/user/avatar/${user.user_id}`,
        headers: bearer(user.token),
        payload: { file: 'x' },
      });
      expect(json.statusCode).toBe(415);
      const png = await solid(20, 20).png().toBuffer();
      const two = await upload([...fileParts(png, 'a.png'), { name: 'file', value: png, filename: 'b.png' }]);
      expect([400, 413]).toContain(two.status);
      await expectUnchanged();
    });

    it('serves nothing for unknown or malformed names', async () => {
      // Sent by hand: the names are written as they go on the wire (encoded), outside the contract's pattern.
      for (const name of ['0'.repeat(32) + '.jpg', '..%2F..%2Fsecret.key', 'x.jpg']) {
        const res = await t.app.inject({ method: 'GET', url: `/api/files/avatars/${name}` });
        expect([400, 404]).toContain(res.statusCode);
        expect(res.headers['content-type']).toMatch(/^application\/json/);
      }
    });
  });
});
