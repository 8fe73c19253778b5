import { Anchor, Center, Modal, Paper, Stack, Tabs, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBuildContext } from '../../lib/build-context';
import { saveSession } from '../../lib/session';
import { CodeSignInForm } from './components/CodeSignInForm';
import { ForgotPasswordForm } from './components/ForgotPasswordForm';
import { PasswordSignInForm } from './components/PasswordSignInForm';
import { SignUpForm } from './components/SignUpForm';
import { ThirdPartySignIn } from './components/ThirdPartySignIn';
import type { SignInResult } from './components/types';
import { type AuthView, closeSignIn, useSignInPrompt } from './sign-in-prompt';

export interface SignInScreenProps {
  /**
   * `overlay`: a dialog over the page, opened through openSignIn() (the domestic build);
   * `page`: the sign-in page itself, for redirects and the overseas build.
   */
  variant: 'overlay' | 'page';
  /** Called after the session has been saved. */
  onSignedIn?: () => void;
}

const titleKeys = {
  password: 'auth:signIn.title',
  code: 'auth:signIn.title',
  signUp: 'auth:signUp.title',
  forgot: 'auth:forgot.title',
} as const satisfies Record<AuthView, string>;

/** Sign in, quick sign-in by code, sign up and forgot password, as a dialog or a page. */
export function SignInScreen({ variant, onSignedIn }: SignInScreenProps) {
  const { t } = useTranslation();
  const { region } = useBuildContext();
  const { opened, view, showView } = useSignInPrompt();
  // The account typed in one view is carried to the next, so switching views never loses it.
  const [account, setAccount] = useState('');
  const [notice, setNotice] = useState<string | null>(null);

  /** The session is saved: that is what the shell listens to, and it loads the user and their data. */
  const finish = () => {
    closeSignIn();
    onSignedIn?.();
  };
  const signedIn = (result: SignInResult) => {
    saveSession(result);
    finish();
  };

  const go = (next: AuthView) => {
    setNotice(null);
    showView(next);
  };

  const common = {
    region,
    initialAccount: account,
    onAccountChange: setAccount,
  };

  const body = (
    <Stack gap="lg">
      {view === 'password' || view === 'code' ? (
        <>
          <Tabs
            value={view}
            onChange={(value) => value && go(value as AuthView)}
            keepMounted={false}
            // Two tabs always share one row; a long label wraps inside its own tab instead.
            styles={{ list: { flexWrap: 'nowrap' }, tab: { whiteSpace: 'normal', paddingInline: 8 } }}
          >
            <Tabs.List grow mb="md">
              <Tabs.Tab value="password">{t('auth:signIn.passwordTab')}</Tabs.Tab>
              <Tabs.Tab value="code">{t('auth:signIn.codeTab')}</Tabs.Tab>
            </Tabs.List>
            <Tabs.Panel value="password">
              <PasswordSignInForm {...common} onSignedIn={signedIn} onForgot={() => go('forgot')} notice={notice} />
            </Tabs.Panel>
            <Tabs.Panel value="code">
              <CodeSignInForm {...common} onSignedIn={signedIn} />
            </Tabs.Panel>
          </Tabs>
          <ThirdPartySignIn onSignedIn={finish} />
          <Text size="sm" ta="center">
            {t('auth:signIn.noAccount')}{' '}
            <Anchor component="button" type="button" fz="sm" onClick={() => go('signUp')}>
              {t('auth:signIn.toSignUp')}
            </Anchor>
          </Text>
        </>
      ) : view === 'signUp' ? (
        <>
          <SignUpForm {...common} onSignedIn={signedIn} />
          <Text size="sm" ta="center">
            {t('auth:signUp.haveAccount')}{' '}
            <Anchor component="button" type="button" fz="sm" onClick={() => go('password')}>
              {t('auth:signUp.toSignIn')}
            </Anchor>
          </Text>
        </>
      ) : (
        <>
          <ForgotPasswordForm
            {...common}
            onDone={(done) => {
              setAccount(done);
              showView('password');
              setNotice(t('auth:forgot.done'));
            }}
          />
          <Text size="sm" ta="center">
            <Anchor component="button" type="button" fz="sm" onClick={() => go('password')}>
              {t('auth:forgot.toSignIn')}
            </Anchor>
          </Text>
        </>
      )}
    </Stack>
  );

  if (variant === 'overlay') {
    return (
      <Modal
        opened={opened}
        onClose={closeSignIn}
        title={t(titleKeys[view])}
        centered
        size={440}
        closeButtonProps={{ 'aria-label': t('common:actions.close') }}
        styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-xl)' } }}
      >
        {body}
      </Modal>
    );
  }

  return (
    <Center mih="70vh" px="md" py="xl">
      <Paper withBorder shadow="sm" radius="md" p={{ base: 'lg', sm: 'xl' }} w="100%" maw={440}>
        <Title order={1} size="h2" mb="lg">
          {t(titleKeys[view])}
        </Title>
        {body}
      </Paper>
    </Center>
  );
}
