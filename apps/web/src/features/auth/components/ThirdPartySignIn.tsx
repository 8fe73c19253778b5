import { Alert, Button, Divider, Stack, Text } from '@mantine/core';
import { type IdentityProvider, OAuthErrors, type Region, regionIdentityProviders } from '@account-centre/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText, signInWithTicket } from '../../../lib/api';
import { type HostMode, useBuildContext } from '../../../lib/build-context';
import { useSingleFlight } from '../../../lib/hooks/use-single-flight';
import { loadNamespace } from '../../../lib/i18n';
import { isMobileUserAgent } from '../../../lib/layout/use-layout';
import { runIdentityFlow, useOAuthProviders } from '../../../lib/oauth';
import { startOAuthSignIn } from '../api/start-oauth-sign-in';

/** Each provider's button, a whole phrase per language: brand names are never put into sentences. */
const buttonKey = {
  weixin: 'auth:thirdParty.weixin',
  qq: 'auth:thirdParty.qq',
  weibo: 'auth:thirdParty.weibo',
  google: 'auth:thirdParty.google',
  facebook: 'auth:thirdParty.facebook',
} as const satisfies Record<IdentityProvider, string>;

/** Why the last attempt did not sign in, kept as data so its words follow a language switch. */
type Failure = { kind: 'blocked' } | { kind: 'failed'; error: unknown };

export interface SignInProvidersContext {
  region: Region;
  hostMode: HostMode;
  banhref: boolean;
  /** The providers the server has configured. */
  configured: readonly IdentityProvider[];
  userAgent: string;
}

/**
 * The third-party accounts a visitor may sign in with here: the build's own (WeChat, QQ, Weibo
 * domestic; Google, Facebook overseas) that the server has configured, none with banhref, as on
 * the account screen. Only in a browser: the desktop client and the tablet frame sign in through
 * the host and hand the session over (`custom`), and a flow handed to the system browser could
 * not bring a session back to their page. Not WeChat on a phone, whose web sign-in is a QR code
 * to scan with that same phone (the rule that refuses binding it there, spec 01 §5).
 */
export function signInProviders(context: SignInProvidersContext): IdentityProvider[] {
  if (context.hostMode !== 'browser' || context.banhref) return [];
  const phone = isMobileUserAgent(context.userAgent);
  return regionIdentityProviders[context.region].filter(
    (provider) => context.configured.includes(provider) && !(provider === 'weixin' && phone),
  );
}

/**
 * "Or continue with": signing in with a linked third-party account in a 600×600 popup. The
 * server signs in only an account that linked the identity before (docs/decisions/008); the
 * popup's last page posts a one-time ticket, exchanged here for the session.
 */
export function ThirdPartySignIn({ onSignedIn }: { onSignedIn: () => void }) {
  const { t } = useTranslation();
  const build = useBuildContext();
  const providers = useOAuthProviders();
  const [, run] = useSingleFlight();
  const [running, setRunning] = useState<IdentityProvider | null>(null);
  const [failure, setFailure] = useState<Failure | null>(null);
  const offered = signInProviders({
    ...build,
    configured: providers.data?.map((configured) => configured.provider) ?? [],
    userAgent: navigator.userAgent,
  });
  if (offered.length === 0) return null;

  // The failures' words are in the third-party sign-in texts, loaded only when one is shown.
  const fail = async (error: unknown) => {
    await loadNamespace('accountIdentity');
    setFailure({ kind: 'failed', error });
  };

  // Straight from the click: the popup must open while the click's activation lasts.
  const start = (provider: IdentityProvider) =>
    run(async () => {
      setFailure(null);
      setRunning(provider);
      try {
        const result = await runIdentityFlow(provider, build.hostMode, () => startOAuthSignIn(provider));
        if (result.kind === 'blocked') setFailure({ kind: 'blocked' });
        if (result.kind !== 'done') return;
        const { message } = result;
        if (message.status !== 'success' || !message.ticket) return await fail(message);
        try {
          await signInWithTicket(message.ticket);
        } catch {
          // A ticket spent or past its minute says nothing to the visitor: the sign-in failed.
          return await fail(null);
        }
        onSignedIn();
      } catch (error) {
        await fail(error);
      } finally {
        setRunning(null);
      }
    });

  return (
    <Stack gap="sm">
      <Divider label={t('auth:thirdParty.or')} labelPosition="center" />
      {offered.map((provider) => (
        <Button
          key={provider}
          variant="default"
          fullWidth
          loading={running === provider}
          disabled={running !== null && running !== provider}
          onClick={() => void start(provider)}
        >
          {t(buttonKey[provider])}
        </Button>
      ))}
      {running !== null && (
        <Text size="sm" c="dimmed" ta="center" role="status">
          {t('auth:thirdParty.waiting')}
        </Text>
      )}
      {failure && (
        <Alert color="red" variant="light">
          {failure.kind === 'blocked'
            ? t('auth:thirdParty.blocked')
            : errorText(t, failure.error, { domains: [OAuthErrors], fallback: 'auth:thirdParty.failed' })}
        </Alert>
      )}
    </Stack>
  );
}
