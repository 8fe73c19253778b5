import { SecondMobileOperate, secondMobileRoute } from '@account-centre/contract';
import { apiCall } from '../../../lib/api';

/** Unbinds the second mobile with a code of purpose 3 sent to it; answers the saved user info. */
export function unbindSecondMobile(userId: number, code: string) {
  return apiCall(secondMobileRoute, { params: { userId }, body: { operate: SecondMobileOperate.unbind, code } }).then(
    (reply) => reply.data,
  );
}
