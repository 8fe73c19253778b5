import { uploadAvatarRoute } from '@account-centre/contract';
import { apiCall } from '../../../lib/api';

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
