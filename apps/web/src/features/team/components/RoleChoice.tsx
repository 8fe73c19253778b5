import type { TeamRoleValue } from '@account-centre/contract';
import { Group, Radio } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { roleName } from '../labels';

/** The role a person gets, among those the viewer may give (spec 02 §1, §5). */
export function RoleChoice<Role extends TeamRoleValue>({
  roles,
  value,
  onChange,
  disabled,
}: {
  roles: readonly Role[];
  value: Role;
  onChange: (role: Role) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Radio.Group
      label={t('team:fields.role')}
      value={String(value)}
      onChange={(next) => onChange(Number(next) as Role)}
    >
      <Group gap="lg" mt={6}>
        {roles.map((role) => (
          <Radio key={role} value={String(role)} label={roleName(t, role)} disabled={disabled} />
        ))}
      </Group>
    </Radio.Group>
  );
}
