export { ApiError, errorI18nKey, networkError } from './api-error';
export { type ApiCallOptions, type ApiClientConfig, adoptRefreshCookie, apiCall, configureApiClient } from './client';
