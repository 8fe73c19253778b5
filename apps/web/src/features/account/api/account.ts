import {
  type RouteBody,
  type VerificationPurposeCode,
  bindEmailRoute,
  bindMobileRoute,
  changePasswordRoute,
  replaceEmailRoute,
  replaceMobileRoute,
  sendCodeRoute,
  unbindEmailRoute,
  unbindMobileRoute,
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
  return apiCall(uploadAvatarRoute, { params: { userId }, body: form as unknown as undefined }).then(
    (reply) => reply.data,
  );
}

type Contact = 'email' | 'mobile';

/** Binds an e-mail or a mainland mobile when none is bound; answers the saved user info. */
export function bindContact(userId: number, kind: Contact, { address, code }: { address: string; code: string }) {
  const call =
    kind === 'email'
      ? apiCall(bindEmailRoute, { params: { userId }, body: { email: address, code } })
      : apiCall(bindMobileRoute, { params: { userId }, body: { mobile: address, code } });
  return call.then((reply) => reply.data);
}

/** Replaces the bound e-mail or mobile: a code from the old address and one from the new. */
export function replaceContact(
  userId: number,
  kind: Contact,
  { old_code, address, code }: { old_code: string; address: string; code: string },
) {
  const call =
    kind === 'email'
      ? apiCall(replaceEmailRoute, { params: { userId }, body: { old_code, email: address, code } })
      : apiCall(replaceMobileRoute, { params: { userId }, body: { old_code, mobile: address, code } });
  return call.then((reply) => reply.data);
}

/** Unbinds the e-mail or mobile with a code of purpose 3 sent to it; answers the saved user info. */
export function unbindContact(userId: number, kind: Contact, code: string) {
  const call =
    kind === 'email'
      ? apiCall(unbindEmailRoute, { params: { userId }, body: { code } })
      : apiCall(unbindMobileRoute, { params: { userId }, body: { code } });
  return call.then((reply) => reply.data);
}
