import multipart from '@fastify/multipart';
import {
  AccountErrors,
  AVATAR_MAX_BYTES,
  CommonErrors,
  getAvatarFileRoute,
  ProfileAnswerCode,
  uploadAvatarRoute,
} from '@account-centre/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError, appError } from '../../lib/errors.js';
import { ok, registerRoute } from '../../lib/register-route.js';
import type { Crop } from './avatar-image.js';
import { readAvatar, saveAvatar } from './avatar.service.js';

const ONE_YEAR = 365 * 86_400;

/**
 * Avatar upload (spec 01 §7 updateUserIcon: file, width, height, x, y, id) and serving. The
 * multipart parser is registered in this plugin only, so no other route accepts multipart.
 */
export async function avatarRoutes(app: FastifyInstance) {
  await app.register(multipart, {
    limits: { fileSize: AVATAR_MAX_BYTES, files: 1, fields: 8, fieldSize: 64, parts: 10, headerPairs: 100 },
  });

  registerRoute(app, uploadAvatarRoute, async ({ params, request }) => {
    const { file, fields } = await readUpload(request);
    const crop = cropOf(fields, params.userId);
    const avatarUrl = await saveAvatar(app, params.userId, file, crop);
    return ok({ avatar_url: avatarUrl, code: ProfileAnswerCode.ok });
  });

  registerRoute(app, getAvatarFileRoute, async ({ params, reply }) => {
    const bytes = await readAvatar(app.config, params.name);
    // Names are random and never reused: a year of caching is safe. nosniff comes from the
    // security headers on every answer.
    return reply
      .type('image/jpeg')
      .header('Cache-Control', `public, max-age=${ONE_YEAR}, immutable`)
      .header('Content-Disposition', 'inline')
      .send(bytes);
  });
}

async function readUpload(request: FastifyRequest): Promise<{ file: Buffer; fields: Record<string, string> }> {
  if (!request.isMultipart()) throw appError(CommonErrors.unsupportedMediaType);
  const fields: Record<string, string> = {};
  let file: Buffer | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file' || file !== null) throw appError(CommonErrors.invalidRequest);
        file = await part.toBuffer();
      } else {
        if (typeof part.value !== 'string' || part.fieldname in fields) throw appError(CommonErrors.invalidRequest);
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    if (error instanceof AppError) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw appError(AccountErrors.imageTooLarge);
    if (typeof code === 'string' && code.startsWith('FST_')) throw appError(CommonErrors.invalidRequest);
    throw error;
  }
  if (file === null || file.length === 0) {
    throw appError(CommonErrors.invalidRequest, { fields: [{ field: 'body/file', rule: 'required' }] });
  }
  return { file, fields };
}

const CROP_FIELDS = ['x', 'y', 'width', 'height'] as const;

/**
 * The optional crop fields and `id` (the user's own id when sent). Unknown fields are refused,
 * as in every JSON body.
 */
function cropOf(fields: Record<string, string>, userId: number): Crop | null {
  const invalid = (field: string, rule: string) =>
    appError(CommonErrors.invalidRequest, { fields: [{ field: `body/${field}`, rule }] });
  for (const name of Object.keys(fields)) {
    if (name !== 'id' && !(CROP_FIELDS as readonly string[]).includes(name))
      throw invalid(name, 'additionalProperties');
  }
  if (fields.id !== undefined && fields.id !== String(userId)) throw invalid('id', 'own');
  const values: Partial<Record<(typeof CROP_FIELDS)[number], number>> = {};
  for (const name of CROP_FIELDS) {
    const raw = fields[name];
    if (raw === undefined) continue;
    if (!/^\d{1,5}$/.test(raw)) throw invalid(name, 'integer');
    values[name] = Number(raw);
  }
  if (values.width === undefined || values.height === undefined) return null;
  return { x: values.x ?? 0, y: values.y ?? 0, width: values.width, height: values.height };
}
