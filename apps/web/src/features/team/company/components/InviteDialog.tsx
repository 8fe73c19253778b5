import { Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailed } from '../../../../components/LoadFailed';
import { Loading } from '../../../../components/Loading';
import { showToast } from '../../../../components/toast';
import { formatDate, useLanguage } from '../../../../lib/i18n';
import { inviteLinkQueryOptions } from '../api/get-invite-link';

/**
 * Add member (spec 02 §2): the company's invitation link, to send to the people to add, with a
 * copy button and the link's end. Anyone signed in who opens it may join while a seat is free.
 */
export function InviteDialog({
  userId,
  companyId,
  onClose,
}: {
  userId: number;
  companyId: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const link = useQuery(inviteLinkQueryOptions(userId, companyId));
  const [copied, setCopied] = useState(false);

  const copy = (url: string) =>
    // The clipboard needs a secure context; where it is missing, the field's text can still be selected.
    navigator.clipboard
      .writeText(url)
      .then(() => setCopied(true))
      .catch(() => showToast(t('team:company.invite.copyFailed'), 'error'));

  return (
    <Modal opened onClose={onClose} title={t('team:company.invite.title')} centered>
      <Stack gap="md">
        <Text size="sm">{t('team:company.invite.text')}</Text>
        {link.isPending ? (
          <Loading />
        ) : link.isError ? (
          <LoadFailed message={t('team:company.invite.loadFailed')} onRetry={() => void link.refetch()} />
        ) : (
          <>
            <TextInput
              label={t('team:company.invite.link')}
              value={link.data.url}
              readOnly
              onFocus={(event) => event.currentTarget.select()}
              description={t('team:company.invite.validUntil', {
                date: formatDate(link.data.expires_at, 'dateTime', language),
              })}
            />
            <Group justify="flex-end" gap="sm">
              <Text size="sm" role="status">
                {copied ? t('team:company.invite.copied') : ''}
              </Text>
              <Button onClick={() => void copy(link.data.url)}>{t('team:company.invite.copy')}</Button>
            </Group>
          </>
        )}
      </Stack>
    </Modal>
  );
}
