import { Checkbox, ScrollArea, Table, Text, VisuallyHidden } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatNumber, useLanguage } from '../../../lib/i18n';
import type { TeamPlanChoice } from '../api/get-plans';
import { planExpiry, planTypeName } from '../labels';

/** Spec 02 §9: the plan table of the dialogs is 224 px high; more rows scroll. */
const PLAN_TABLE_HEIGHT = 224;

/**
 * The plans of a selection, one checkbox each: the ticked ones are `chosen`; rows that
 * `selectable` refuses are shown but cannot be ticked (spec 02 §4).
 */
export function PlanTable({
  plans,
  chosen,
  selectable,
  onChange,
  label,
}: {
  plans: readonly TeamPlanChoice[];
  chosen: ReadonlySet<number>;
  selectable: (plan: TeamPlanChoice) => boolean;
  onChange: (chosen: Set<number>) => void;
  /** Names the table for screen readers. */
  label: string;
}) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const toggle = (id: number, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(id);
    else next.delete(id);
    onChange(next);
  };
  return (
    <ScrollArea.Autosize mah={PLAN_TABLE_HEIGHT} type="auto" offsetScrollbars>
      <Table aria-label={label} verticalSpacing="xs" withTableBorder stickyHeader>
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={40}>
              <VisuallyHidden>{t('team:planSelect.choose')}</VisuallyHidden>
            </Table.Th>
            <Table.Th>{t('team:plans.name')}</Table.Th>
            <Table.Th style={{ textAlign: 'end' }}>{t('team:plans.seats')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {plans.map((plan) => {
            const name = planTypeName(t, plan.type);
            const expiry = planExpiry(t, plan.expire, language);
            return (
              <Table.Tr key={plan.id}>
                <Table.Td>
                  <Checkbox
                    // Two plans of one type differ by their end.
                    aria-label={t('team:planSelect.row', { plan: name, expiry })}
                    checked={chosen.has(plan.id)}
                    disabled={!selectable(plan)}
                    onChange={(event) => toggle(plan.id, event.currentTarget.checked)}
                  />
                </Table.Td>
                <Table.Td>
                  <Text size="sm">{name}</Text>
                  {/* The end under the name keeps the table within a phone's width. */}
                  <Text size="xs" c={plan.is_expired ? 'red' : 'dimmed'}>
                    {plan.is_expired ? t('team:plans.expiredOn', { date: expiry }) : expiry}
                  </Text>
                </Table.Td>
                <Table.Td style={{ textAlign: 'end', whiteSpace: 'nowrap' }}>
                  {t('team:plans.seatsUsed', {
                    used: formatNumber(plan.plan_num, language),
                    max: formatNumber(plan.max_num, language),
                  })}
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
}
