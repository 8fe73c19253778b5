import { useMutation } from '@tanstack/react-query';
import { type RouteBody, registerRoute } from '@account-centre/contract';
import { apiCall } from '../../../lib/api';

export type RegisterInput = RouteBody<typeof registerRoute>;

/** Creates an account (e-mail + password + code, or domestic mobile + code) and signs in. */
export function register(body: RegisterInput) {
  return apiCall(registerRoute, { body }).then((reply) => reply.data);
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
