import { Button, Checkbox, Group, Paper, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate, useLanguage } from '../../../lib/i18n';
import { useFitsWidth } from '../../../lib/layout/use-fits-width';
import type { TeamMember } from '../api/get-members';
import { planExpiry, planTypeName, roleName } from '../labels';

export interface MemberListProps {
  rows: readonly TeamMember[];
  /**
   * Below 1024 px the members show as cards (spec 02 §2, §9); so they do in a wider window whose
   * page has no room for the table's columns, rather than hiding the actions behind a sideways
   * scroll.
   */
  narrow: boolean;
  labelledBy: string;
  selected: ReadonlySet<number>;
  onSelect: (selected: Set<number>) => void;
  /** Whether the viewer may edit, remove and so select this member (spec 02 §5). */
  manageable: (member: TeamMember) => boolean;
  /** The action column: absent for a viewer who manages nobody. */
  withActions: boolean;
  onEdit: (member: TeamMember) => void;
  onRemove: (member: TeamMember) => void;
}

interface Column {
  key: string;
  header: string;
  cell: (member: TeamMember) => ReactNode;
}

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** The room the table's columns need, e-mail addresses whole and the actions in view. */
const MEMBER_TABLE_MIN_WIDTH = 880;

/** Who a member is, for labels: their name, or their contact when they have none. */
export const memberLabel = (member: TeamMember) => member.nick_name || member.email || member.mobile || '';

/**
 * The members of a page (spec 02 §2): account (e-mail, or the masked mobile), name, plans and
 * their ends, role, date added and the row's actions; a checkbox on each row the viewer may
 * manage — never the owner's.
 */
export function MemberList(props: MemberListProps) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const { selected, onSelect, manageable, withActions, onEdit, onRemove } = props;
  const [measure, tableFits] = useFitsWidth<HTMLDivElement>(MEMBER_TABLE_MIN_WIDTH);
  const now = nowSeconds();

  const plans = (member: TeamMember) =>
    member.plan.length === 0 ? (
      <Text size="sm" c="dimmed">
        {t('team:members.noPlan')}
      </Text>
    ) : (
      <Stack gap={2}>
        {member.plan.map((plan) => (
          <Text key={plan.id} size="sm">
            {planTypeName(t, plan.type)}
          </Text>
        ))}
      </Stack>
    );
  const expiries = (member: TeamMember) => (
    <Stack gap={2}>
      {member.plan.map((plan) => {
        const expired = plan.expire !== null && plan.expire <= now;
        return (
          <Text key={plan.id} size="sm" c={expired ? 'red' : undefined} style={{ whiteSpace: 'nowrap' }}>
            {expired
              ? t('team:plans.expiredOn', { date: planExpiry(t, plan.expire, language) })
              : planExpiry(t, plan.expire, language)}
          </Text>
        );
      })}
    </Stack>
  );
  const actions = (member: TeamMember) =>
    manageable(member) ? (
      <Group gap={4} wrap="nowrap">
        <Button
          variant="subtle"
          size="compact-sm"
          aria-label={t('team:members.editOne', { name: memberLabel(member) })}
          onClick={() => onEdit(member)}
        >
          {t('common:actions.edit')}
        </Button>
        <Button
          variant="subtle"
          color="red"
          size="compact-sm"
          aria-label={t('team:members.removeOne', { name: memberLabel(member) })}
          onClick={() => onRemove(member)}
        >
          {t('team:members.remove')}
        </Button>
      </Group>
    ) : null;

  const columns: Column[] = [
    {
      key: 'account',
      header: t('team:members.account'),
      cell: (member) => member.email ?? member.mobile ?? '—',
    },
    { key: 'name', header: t('team:members.name'), cell: (member) => member.nick_name },
    { key: 'plan', header: t('team:members.plan'), cell: plans },
    { key: 'expiry', header: t('team:members.expiry'), cell: expiries },
    { key: 'role', header: t('team:members.role'), cell: (member) => roleName(t, member.role) },
    {
      key: 'added',
      header: t('team:members.added'),
      cell: (member) => formatDate(member.created_at, 'date', language),
    },
    ...(withActions ? [{ key: 'action', header: t('team:members.action'), cell: actions }] : []),
  ];

  const toggle = (member: TeamMember, on: boolean) => {
    const next = new Set(selected);
    if (on) next.add(member.user_id);
    else next.delete(member.user_id);
    onSelect(next);
  };
  const checkbox = (member: TeamMember) => (
    <Checkbox
      aria-label={t('team:members.select', { name: memberLabel(member) })}
      checked={selected.has(member.user_id)}
      disabled={!manageable(member)}
      onChange={(event) => toggle(member, event.currentTarget.checked)}
    />
  );

  return (
    <div ref={measure}>
      {props.narrow || !tableFits ? (
        <MemberCards {...props} columns={columns} checkbox={checkbox} />
      ) : (
        <MemberTable {...props} columns={columns} checkbox={checkbox} />
      )}
    </div>
  );
}

interface LayoutProps extends MemberListProps {
  columns: Column[];
  checkbox: (member: TeamMember) => ReactNode;
}

function MemberTable({ rows, labelledBy, selected, onSelect, manageable, columns, checkbox }: LayoutProps) {
  const { t } = useTranslation();
  const selectable = rows.filter(manageable);
  const all = selectable.length > 0 && selectable.every((member) => selected.has(member.user_id));
  const some = selectable.some((member) => selected.has(member.user_id));
  return (
    <Table.ScrollContainer minWidth={MEMBER_TABLE_MIN_WIDTH}>
      <Table striped verticalSpacing="sm" aria-labelledby={labelledBy}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>
              <Checkbox
                aria-label={t('team:members.selectAll')}
                checked={all}
                indeterminate={some && !all}
                disabled={selectable.length === 0}
                onChange={(event) =>
                  onSelect(new Set(event.currentTarget.checked ? selectable.map((member) => member.user_id) : []))
                }
              />
            </Table.Th>
            {columns.map((column) => (
              <Table.Th key={column.key} style={{ whiteSpace: 'nowrap' }}>
                {column.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((member) => (
            <Table.Tr key={member.user_id}>
              <Table.Td>{checkbox(member)}</Table.Td>
              {columns.map((column) => (
                <Table.Td key={column.key} style={column.key === 'account' ? { overflowWrap: 'anywhere' } : undefined}>
                  {column.cell(member)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function MemberCards({ rows, labelledBy, columns, checkbox }: LayoutProps) {
  const [account, ...details] = columns;
  return (
    <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: 'none' }} aria-labelledby={labelledBy}>
      {rows.map((member) => (
        <Paper key={member.user_id} component="li" withBorder p="sm" radius="md">
          <Group gap="sm" wrap="nowrap" align="flex-start" mb={6}>
            {checkbox(member)}
            <Text component="div" size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
              {account?.cell(member)}
            </Text>
          </Group>
          <Stack gap={4}>
            {details.map((column) => {
              const value = column.cell(member);
              // A member the viewer cannot manage has no actions: no empty "Action" line either.
              if (value === null) return null;
              return (
                <Group key={column.key} justify="space-between" gap="sm" wrap="nowrap" align="flex-start">
                  <Text size="sm" c="dimmed">
                    {column.header}
                  </Text>
                  <Text component="div" size="sm" ta="end">
                    {value}
                  </Text>
                </Group>
              );
            })}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
