import { requestWithdrawalRoute, type WithdrawalForm } from '@account-centre/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiCall } from '../../../lib/api';
import { incomeKeys } from './keys';

/**
 * Asks for a withdrawal (getCash). `requestKey` names one confirmation: sent again after a lost
 * answer, the server answers it once.
 */
export function useRequestWithdrawal(userId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ form, requestKey }: { form: WithdrawalForm; requestKey: string }) =>
      apiCall(requestWithdrawalRoute, {
        params: { userId },
        // The amount as checked (withdrawalYuan trims it); the server takes plain digits only.
        body: { ...form, amount: typeof form.amount === 'string' ? form.amount.trim() : form.amount },
        headers: { 'Idempotency-Key': requestKey },
      }).then((reply) => reply.data.withdrawal),
    // Success and failure alike: the figures and the ongoing state are read again.
    onSettled: () => queryClient.invalidateQueries({ queryKey: incomeKeys.summary(userId) }),
  });
}
