import { COMPANY_NAME_MAX_LENGTH, CompanyErrors } from '@account-centre/contract';
import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ExternalButton } from '../../../../components/ExternalButton';
import { InlineNameEditor } from '../../../../components/InlineNameEditor';
import { LoadFailed } from '../../../../components/LoadFailed';
import { Loading } from '../../../../components/Loading';
import { showErrorToast, showToast } from '../../../../components/toast';
import type { Company } from '../api/get-companies';
import { type CompanySettings, companySettingsQueryOptions } from '../api/get-company-settings';
import { useRenameCompany } from '../api/rename-company';
import { CompanyFact } from './CompanyFacts';

/**
 * Company settings (spec 02 §2): the name, renamed inline (at most 20 characters; an empty or
 * unchanged name is not sent), the conglomerate id, and customer service's contact, whom changing
 * the enterprise administrator account goes through (spec 02 §1).
 */
export function CompanySettingsTab({ userId, company }: { userId: number; company: Company }) {
  const { t } = useTranslation();
  const settings = useQuery(companySettingsQueryOptions(userId, company.id));
  return (
    <Paper withBorder radius="md" p="md">
      <Stack gap="lg">
        <CompanyName userId={userId} company={company} />
        {settings.isPending ? (
          <Loading />
        ) : settings.isError ? (
          <LoadFailed message={t('team:company.settings.loadFailed')} onRetry={() => void settings.refetch()} />
        ) : (
          <SupportFacts settings={settings.data} />
        )}
      </Stack>
    </Paper>
  );
}

function CompanyName({ userId, company }: { userId: number; company: Company }) {
  const { t } = useTranslation();
  const rename = useRenameCompany(userId, company.id);
  const [renaming, setRenaming] = useState(false);
  const done = () => setRenaming(false);
  return (
    <Stack gap={4}>
      <Text size="sm" c="dimmed">
        {t('team:company.settings.name')}
      </Text>
      {renaming ? (
        <InlineNameEditor
          label={t('team:company.settings.name')}
          name={company.company_name}
          maxLength={COMPANY_NAME_MAX_LENGTH}
          onSave={(name) =>
            rename.mutateAsync(name).then(
              () => showToast(t('team:company.settings.renamed'), 'success'),
              (error: unknown) => showErrorToast(error, { domains: [CompanyErrors] }),
            )
          }
          onDone={done}
        />
      ) : (
        <Group gap="xs" wrap="nowrap">
          <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }}>
            {company.company_name}
          </Title>
          <Button variant="subtle" size="compact-sm" onClick={() => setRenaming(true)}>
            {t('team:company.settings.rename')}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

function SupportFacts({ settings }: { settings: CompanySettings }) {
  const { t } = useTranslation();
  const { contact } = settings;
  return (
    <Stack gap="lg">
      <CompanyFact label={t('team:company.settings.federation')}>{settings.federation_id}</CompanyFact>
      <Text size="sm">{t('team:company.settings.adminChange')}</Text>
      {contact && (
        <Stack gap="xs" align="flex-start">
          <Text size="sm" c="dimmed">
            {t('team:company.settings.contact')}
          </Text>
          {/* As an image, the server's SVG runs no script and loads nothing: it needs no sanitising. */}
          <img
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(contact.qr_svg)}`}
            alt={t('team:company.settings.contactQr')}
            width={160}
            height={160}
          />
          <ExternalButton href={contact.url} signedIn={false} variant="light" size="xs">
            {t('team:company.settings.contactLink')}
          </ExternalButton>
        </Stack>
      )}
    </Stack>
  );
}
