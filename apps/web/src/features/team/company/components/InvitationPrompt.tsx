import { CommonErrors, CompanyErrors, isFailure } from '@account-centre/contract';
import { Alert, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Loading } from '../../../../components/Loading';
import { showToast } from '../../../../components/toast';
import { errorText } from '../../../../lib/api';
import { formatDate, formatNumber, useLanguage } from '../../../../lib/i18n';
import type { Company } from '../api/get-companies';
import { invitationQueryOptions } from '../api/get-invitation';
import { useJoinCompany } from '../api/join-company';

/**
 * An invitation link opened (`/team?company_invite=…`): which company it is for and its seats, and
 * Join — or, for someone in it already, that they are. `onSettled` takes the invitation out of the
 * address once it is answered or set aside.
 */
export function InvitationPrompt({
  userId,
  invite,
  onJoined,
  onSettled,
}: {
  userId: number;
  invite: string;
  onJoined: (company: Company) => void;
  onSettled: () => void;
}) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const invitation = useQuery(invitationQueryOptions(userId, invite));
  const join = useJoinCompany(userId);
  const titleId = useId();

  const problem = (error: unknown) =>
    // A link cut short or mistyped is refused by the call's schema before the server reads it.
    isFailure(error, CommonErrors.invalidRequest)
      ? t('team:company.inviteInvalid')
      : errorText(t, error, { domains: [CompanyErrors] });

  const accept = () =>
    join.mutate(invite, {
      onSuccess: (company) => {
        showToast(t('team:company.join.joined', { company: company.company_name }), 'success');
        onJoined(company);
        onSettled();
      },
    });

  const body = () => {
    if (invitation.isPending) return <Loading />;
    if (invitation.isError)
      return (
        <Alert color="red" role="alert">
          {problem(invitation.error)}
        </Alert>
      );
    const offer = invitation.data;
    if (offer.user_type !== null)
      return <Text size="sm">{t('team:company.join.already', { company: offer.company_name })}</Text>;
    const full = offer.used_num >= offer.num;
    return (
      <Stack gap="xs">
        <Text>{t('team:company.join.offer', { company: offer.company_name })}</Text>
        <Text size="sm">
          {t('team:company.join.seats', {
            used: formatNumber(offer.used_num, language),
            num: formatNumber(offer.num, language),
          })}
        </Text>
        <Text size="sm">
          {t('team:company.join.validUntil', { date: formatDate(offer.expires_at, 'dateTime', language) })}
        </Text>
        {full && (
          <Alert color="yellow" role="alert">
            {t('team:company.seatsFull')}
          </Alert>
        )}
        {join.isError && (
          <Alert color="red" role="alert">
            {problem(join.error)}
          </Alert>
        )}
      </Stack>
    );
  };

  const joinable =
    invitation.isSuccess && invitation.data.user_type === null && invitation.data.used_num < invitation.data.num;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={titleId}>
      <Stack gap="md">
        <Title order={2} size="h4" id={titleId}>
          {t('team:company.join.title')}
        </Title>
        {body()}
        <Group gap="sm">
          {joinable && (
            <Button onClick={accept} loading={join.isPending}>
              {t('team:company.join.join')}
            </Button>
          )}
          <Button variant="default" onClick={onSettled} disabled={join.isPending}>
            {t(joinable ? 'team:company.join.later' : 'common:actions.close')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
