import { NativeSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Company } from '../api/get-companies';
import { companyRoleKey } from '../company-rules';

/**
 * The company switcher (spec 02 §2): every company the user is in, each with their role in it,
 * since a person may create or administer several.
 */
export function CompanySwitcher({
  companies,
  value,
  onChange,
}: {
  companies: readonly Company[];
  value: number;
  onChange: (companyId: number) => void;
}) {
  const { t } = useTranslation();
  return (
    <NativeSelect
      label={t('team:company.switcher')}
      value={String(value)}
      onChange={(event) => onChange(Number(event.currentTarget.value))}
      data={companies.map((company) => ({
        value: String(company.id),
        label: t('team:company.choice', {
          company: company.company_name,
          role: t(`team:company.roles.${companyRoleKey(company.user_type)}`),
        }),
      }))}
      w={{ base: '100%', sm: 360 }}
    />
  );
}
