import {
  type RouteBody,
  type VerificationPurposeCode,
  changePasswordRoute,
  sendCodeRoute,
  updateUserRoute,
  uploadAvatarRoute,
} from '@account-centre/contract';
import { apiCall } from '../../../lib/api';

export type ProfileChanges = RouteBody<typeof updateUserRoute>;

/** PUT /api/user/:userId with the changed fields only; answers the saved user info. */
export function updateProfile(userId: number, body: ProfileChanges) {
  return apiCall(updateUserRoute, { params: { userId }, body }).then((reply) => reply.data);
}

export type CodeTarget = { kind: 'email' | 'mobile'; address: string };

/** Sends a code of `purpose` to the account's e-mail or phone; answers when a resend is allowed. */
export function sendCode(purpose: VerificationPurposeCode, { kind, address }: CodeTarget) {
  const body: RouteBody<typeof sendCodeRoute> =
    kind === 'email' ? { purpose, email: address } : { purpose, mobile: address };
  return apiCall(sendCodeRoute, { body }).then((reply) => reply.data);
}

export function changePassword(userId: number, body: RouteBody<typeof changePasswordRoute>) {
  return apiCall(changePasswordRoute, { params: { userId }, body });
}

export interface AvatarUpload {
  file: Blob;
  width: number;
  height: number;
}

/** Spec 01 §7 updateUserIcon: multipart file, width, height, x=0, y=0 and id. */
export function uploadAvatar(userId: number, { file, width, height }: AvatarUpload) {
  const form = new FormData();
  form.append('file', file, 'avatar.jpg');
  form.append('width', String(width));
  form.append('height', String(height));
  form.append('x', '0');
  form.append('y', '0');
  form.append('id', String(userId));
  // The route declares no body schema (multipart); the client passes FormData through as is.
  return apiCall(uploadAvatarRoute, { params: { userId }, body: form as unknown as undefined }).then((reply) => reply.data);
}
