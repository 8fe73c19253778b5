import { Alert, Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { PhoneBindErrors, isFailure, maskPhone } from '@account-centre/contract';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showFailure } from '../../../components/toast';
import { useSingleFlight } from '../../../lib/hooks/use-single-flight';
import { errorText } from '../../../lib/api';
import { bindPhoneByLink } from '../api/bind-phone-by-link';
import { describeBindLink } from '../api/describe-bind-link';
import { PhoneCodeFields, numberRefusals, phoneErrors, usePhoneCodeForm } from './PhoneCodeFields';
import { Loading } from '../../../components/Loading';

/** Refusals after which the link can no longer bind anything: the form gives way to the reason. */
const linkEnded = [
  PhoneBindErrors.linkInvalid,
  PhoneBindErrors.linkExpired,
  PhoneBindErrors.linkUsed,
  PhoneBindErrors.alreadyBound,
];

function PageCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    // Near the top rather than centred: a phone's keyboard covers the lower half of the screen.
    <Center component="main" p="md" pt="12vh">
      <Paper withBorder radius="md" p="lg" w="100%" maw={420}>
        <Stack>
          <Title order={1} size="h3">
            {title}
          </Title>
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}

/**
 * The phone's side of binding a phone from a computer (docs/decisions/009): opened from the QR
 * code's link (`?bind_link=<token>`), signed in or not. It names the (masked) account the phone
 * will join, then takes the phone's number and the code texted to it. The link is all it has:
 * it can bind this phone to that account and do nothing else.
 */
export function PhoneBindLinkPage({ token }: { token: string }) {
  const { t } = useTranslation();
  const form = usePhoneCodeForm();
  const [saving, run] = useSingleFlight();
  const [bound, setBound] = useState<{ account: string; mobile: string } | null>(null);
  /** The refusal that ended the link while the page was open. */
  const [ended, setEnded] = useState<unknown>(null);
  const link = useQuery({
    queryKey: ['mobile-bind-link', token],
    queryFn: ({ signal }) => describeBindLink(token, signal),
    retry: false,
    refetchOnWindowFocus: false,
  });

  if (bound) {
    return (
      <PageCard title={t('accountPhone:page.doneTitle')}>
        <Text role="status">
          {t('accountPhone:page.done', { mobile: maskPhone(bound.mobile), account: bound.account })}
        </Text>
      </PageCard>
    );
  }

  if (link.isError || ended) {
    return (
      <PageCard title={t('accountPhone:page.unusableTitle')}>
        <Alert color="yellow" role="alert">
          {errorText(t, ended ?? link.error, phoneErrors)}
        </Alert>
      </PageCard>
    );
  }

  if (!link.data) {
    return (
      <Center mih="100dvh">
        <Loading label={t('accountPhone:page.checking')} size="md" />
      </Center>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.check()) return;
    void run(async () => {
      try {
        const answer = await bindPhoneByLink({ token, mobile: form.number, code: form.code });
        setBound({ account: answer.account, mobile: form.number });
      } catch (error) {
        if (linkEnded.some((entry) => isFailure(error, entry))) {
          setEnded(error);
        } else {
          // The account's own second phone: said at the number, which needs changing, and only there.
          showFailure(error, numberRefusals, () => form.refuseNumber('own'), phoneErrors);
        }
      }
    });
  };

  return (
    <PageCard title={t('accountPhone:page.title')}>
      <Text>{t('accountPhone:page.account', { account: link.data.account })}</Text>
      <Text size="sm" c="dimmed">
        {t('accountPhone:page.intro')}
      </Text>
      <form onSubmit={submit} noValidate>
        <Stack>
          <PhoneCodeFields form={form} numberLabel={t('accountPhone:page.number')} />
          <Button type="submit" loading={saving} fullWidth>
            {t('accountPhone:page.bind')}
          </Button>
        </Stack>
      </form>
    </PageCard>
  );
}
