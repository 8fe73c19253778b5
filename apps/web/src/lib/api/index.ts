export { ApiError, errorI18nKey, networkError } from './api-error';
export { type ApiCallOptions, type ApiClientConfig, apiCall, configureApiClient } from './client';
