export { ApiError, errorI18nKey, errorKey, networkError } from './api-error';
export { type ErrorTextOptions, errorText } from './error-text';
export { type ApiCallOptions, type ApiClientConfig, apiCall, configureApiClient } from './client';
