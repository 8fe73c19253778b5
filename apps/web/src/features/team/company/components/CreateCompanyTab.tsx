import { COMPANY_CODE_MAX_LENGTH, COMPANY_NAME_MAX_LENGTH, CompanyErrors } from '@account-centre/contract';
import { Alert, Button, Paper, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NoteList } from '../../../../components/NoteList';
import { Section } from '../../../../components/Section';
import { showToast } from '../../../../components/toast';
import { errorText } from '../../../../lib/api';
import { useMutateOnce } from '../../../../lib/hooks/use-mutate-once';
import type { Company } from '../api/get-companies';
import { useCreateCompany } from '../api/create-company';

const createSteps = ['buy', 'enter', 'invite'] as const;
const joinSteps = ['ask', 'open'] as const;

/**
 * Create company (spec 02 §2, domestic build): an activation code of at most 36 characters — an
 * empty one is ignored — and an optional name of at most 20, with how to create an enterprise and
 * how to join one. A code that already created a company adds the user to it as admin (err_type 2).
 */
export function CreateCompanyTab({ userId, onCreated }: { userId: number; onCreated: (company: Company) => void }) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [name, setName] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const create = useCreateCompany(userId, ({ err_type, company }) => {
    showToast(t(err_type === 2 ? 'team:company.create.addedAsAdmin' : 'team:company.create.created'), 'success');
    setCode('');
    setName('');
    onCreated(company);
  });
  // A double click or a second Enter sends one request (useMutateOnce).
  const createOnce = useMutateOnce(create);
  const createTitle = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const license = code.trim();
    if (license === '') return;
    setProblem(null);
    const companyName = name.trim();
    createOnce(companyName ? { license, name: companyName } : { license }, {
      onError: (error) => setProblem(errorText(t, error, { domains: [CompanyErrors] })),
    });
  };

  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby={createTitle}>
        <form onSubmit={submit}>
          <Stack gap="md">
            <Title order={2} size="h4" id={createTitle}>
              {t('team:company.create.title')}
            </Title>
            <TextInput
              label={t('team:company.create.code')}
              value={code}
              maxLength={COMPANY_CODE_MAX_LENGTH}
              autoComplete="off"
              spellCheck={false}
              onChange={(event) => setCode(event.currentTarget.value)}
            />
            <TextInput
              label={t('team:company.create.name')}
              description={t('team:company.create.nameHint', { max: COMPANY_NAME_MAX_LENGTH })}
              value={name}
              maxLength={COMPANY_NAME_MAX_LENGTH}
              onChange={(event) => setName(event.currentTarget.value)}
            />
            {problem && (
              <Alert color="red" role="alert">
                {problem}
              </Alert>
            )}
            <Button type="submit" loading={create.isPending} style={{ alignSelf: 'flex-start' }}>
              {t('team:company.create.confirm')}
            </Button>
          </Stack>
        </form>
      </Paper>
      <Section title={t('team:company.create.howToCreate')} framed="md">
        <NoteList ordered items={createSteps.map((step) => t(`team:company.create.createSteps.${step}`))} />
        <Title order={2} size="h4" mt="sm">
          {t('team:company.create.howToJoin')}
        </Title>
        <NoteList ordered items={joinSteps.map((step) => t(`team:company.create.joinSteps.${step}`))} />
      </Section>
    </SimpleGrid>
  );
}
