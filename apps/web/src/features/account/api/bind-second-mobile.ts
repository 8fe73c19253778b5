import { SecondMobileOperate, secondMobileRoute } from '@account-centre/contract';
import { apiCall } from '../../../lib/api';

/** Binds the second mobile with a code of purpose 4 sent to it; answers the saved user info. */
export function bindSecondMobile(userId: number, { mobile, code }: { mobile: string; code: string }) {
  return apiCall(secondMobileRoute, {
    params: { userId },
    body: { operate: SecondMobileOperate.bind, mobile, code },
  }).then((reply) => reply.data);
}
