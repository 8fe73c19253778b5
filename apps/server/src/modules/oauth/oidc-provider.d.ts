// The package ships no types; these are the parts the API tests use (oidc-provider 9).
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http';

  interface ProviderClientMetadata {
    client_id: string;
    client_secret: string;
    redirect_uris: string[];
    token_endpoint_auth_method: string;
    grant_types: string[];
    response_types: string[];
  }
  interface ProviderConfiguration {
    clients: ProviderClientMetadata[];
    findAccount: (ctx: unknown, id: string) => { accountId: string; claims: () => Record<string, unknown> };
    cookies: { keys: string[] };
    pkce: { required: () => boolean };
  }
  export default class Provider {
    constructor(issuer: string, configuration: ProviderConfiguration);
    callback(): (req: IncomingMessage, res: ServerResponse) => void;
  }
}
