export { type FlowResult, type PopupMessage, parsePopupMessage, runIdentityFlow } from './popup';
export { type OAuthProviderInfo, oauthProvidersOptions, useOAuthProviders } from './providers';
