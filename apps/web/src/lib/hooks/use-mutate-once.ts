import type { MutateOptions, UseMutationResult } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';

/**
 * A mutation's `mutate` that sends one request at a time: a second call while the first is on
 * its way is ignored. `mutation.isPending` cannot tell: both clicks of a double click land
 * before React re-renders with it, and each sent a request. The ref answers at once, as
 * useSingleFlight's does for forms.
 */
export function useMutateOnce<TData, TError, TVariables, TContext>(
  mutation: UseMutationResult<TData, TError, TVariables, TContext>,
): (variables: TVariables, options?: MutateOptions<TData, TError, TVariables, TContext>) => void {
  const running = useRef(false);
  const { mutate } = mutation;
  return useCallback(
    (variables, options) => {
      if (running.current) return;
      running.current = true;
      mutate(variables, {
        ...options,
        onSettled: (...settled) => {
          running.current = false;
          options?.onSettled?.(...settled);
        },
      });
    },
    [mutate],
  );
}
