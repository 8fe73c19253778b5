export { ApiError, errorI18nKey, errorKey, networkError } from './api-error';
export { type ErrorTextOptions, errorText } from './error-text';
export {
  type ApiCallOptions,
  type ApiClientConfig,
  adoptRefreshCookie,
  apiCall,
  apiResponse,
  callRoute,
  configureApiClient,
} from './client';
export { newRequestKey, useIdempotentCall, useIdempotentSend } from './request-key';
export { accountPages, pageWindow, usePagedQuery } from './paged-query';
export { signInWithTicket } from './login-ticket';
