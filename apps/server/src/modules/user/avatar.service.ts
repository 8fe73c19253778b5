import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { CommonErrors } from '@account-centre/contract';
import type { ServerConfig } from '../../lib/server-config.js';
import type { Db } from '../../db/database.js';
import type { Clock } from '../../lib/clock.js';
import { appError } from '../../lib/errors.js';
import * as repo from './user.repository.js';
import { type Crop, renderAvatar } from './avatar-image.js';

interface AvatarDeps {
  db: Db;
  clock: Clock;
  config: Pick<ServerConfig, 'dataDir'>;
}

export const AVATAR_URL_PREFIX = '/api/files/avatars/';
const AVATAR_NAME = /^[a-f0-9]{32}\.jpg$/;

export function avatarDir(config: Pick<ServerConfig, 'dataDir'>): string {
  return path.join(config.dataDir, 'files', 'avatars');
}

/** The stored file behind one of our avatar URLs, or null for anything else. */
export function avatarFileOf(config: Pick<ServerConfig, 'dataDir'>, url: string | null): string | null {
  if (!url?.startsWith(AVATAR_URL_PREFIX)) return null;
  const name = url.slice(AVATAR_URL_PREFIX.length);
  return AVATAR_NAME.test(name) ? path.join(avatarDir(config), name) : null;
}

/**
 * Checks and re-encodes the picture, stores it under a random name the server chooses (the
 * client's file name is never used), points the user at it and removes the previous one.
 * Every check runs before anything is written; a failed database update removes the new file.
 */
export async function saveAvatar(deps: AvatarDeps, userId: number, upload: Buffer, crop: Crop | null) {
  const jpeg = await renderAvatar(upload, crop);
  const dir = avatarDir(deps.config);
  await fs.mkdir(dir, { recursive: true });
  const name = `${randomBytes(16).toString('hex')}.jpg`;
  const file = path.join(dir, name);
  // Written beside and renamed, so a reader never sees half a picture.
  await fs.writeFile(`${file}.part`, jpeg, { flag: 'wx' });
  await fs.rename(`${file}.part`, file);

  const url = `${AVATAR_URL_PREFIX}${name}`;
  let previous: string | null;
  try {
    previous = await deps.db.transaction().execute(async (trx) => {
      const now = deps.clock.now();
      // Lock the row first: two uploads racing each see the other's picture as the previous one.
      if (!(await repo.lockOpenUserAddresses(trx, userId, now))) throw appError(CommonErrors.notFound);
      return repo.replaceAvatar(trx, userId, url);
    });
  } catch (error) {
    await fs.rm(file, { force: true });
    throw error;
  }
  const old = avatarFileOf(deps.config, previous);
  if (old) await fs.rm(old, { force: true });
  return url;
}

/** The bytes of a stored avatar; 404 when there is none of that name. */
export async function readAvatar(config: Pick<ServerConfig, 'dataDir'>, name: string): Promise<Buffer> {
  if (!AVATAR_NAME.test(name)) throw appError(CommonErrors.notFound);
  try {
    return await fs.readFile(path.join(avatarDir(config), name));
  } catch {
    throw appError(CommonErrors.notFound);
  }
}
