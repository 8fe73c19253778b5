import { Button, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../lib/api';
import { screenLink } from '../../../lib/buy-link';
import { formatCurrency, useLanguage } from '../../../lib/i18n';
import { NavLink, useLocation } from '../../../lib/router';
import type { Checkout } from '../api/create-checkout';
import { checkoutErrors } from '../errors';

/** A screen to go to once the purchase is given: its path and the button's words. */
export interface OutcomeDestination {
  path: string;
  label: string;
}

interface OutcomeProps {
  checkout: Checkout;
  /** Where what was bought shows; by default the screen of its kind (orders, AI points, credit). */
  destination?: OutcomeDestination;
  /** Back to the choice of plan. */
  onBack: () => void;
  /** Opens a new payment for the same purchase (after one closed). */
  onRestart: () => void;
  restarting: boolean;
  restartFailure: unknown;
}

/** The screen where what was bought shows. */
function screenOf(kind: Checkout['kind']): { path: string; label: 'toOrders' | 'toAiPoints' | 'toTemplate' } {
  if (kind === 'ai_points' || kind === 'ai_unlimited') return { path: '/aipoint', label: 'toAiPoints' };
  if (kind === 'template_credit') return { path: '/template', label: 'toTemplate' };
  return { path: '/order', label: 'toOrders' };
}

function useDestination(kind: Checkout['kind'], given: OutcomeDestination | undefined): OutcomeDestination {
  const { t } = useTranslation();
  if (given) return given;
  const screen = screenOf(kind);
  return { path: screen.path, label: t(`checkout:outcome.${screen.label}`) };
}

function Fact({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={0}>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
        {value}
      </Text>
    </Stack>
  );
}

/** A settled payment: the order it made and where to see it, or what to do now that it closed. */
export function Outcome({ checkout, destination, onBack, onRestart, restarting, restartFailure }: OutcomeProps) {
  const { t } = useTranslation();
  const [language] = useLanguage();
  const { search } = useLocation();
  const fulfilled = checkout.state === 'fulfilled';
  const closed = checkout.state === 'closed';
  const screen = useDestination(checkout.kind, destination);
  return (
    <Stack gap="lg">
      {!closed && (
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" maw={560}>
          <Fact label={t('checkout:outcome.order')} value={checkout.order_id ?? checkout.out_trade_no} />
          <Fact
            label={t('checkout:outcome.amount')}
            value={formatCurrency(checkout.amount, language, checkout.currency)}
          />
        </SimpleGrid>
      )}
      <Group gap="sm">
        {fulfilled && (
          <Button component={NavLink} to={screenLink(screen.path, search)}>
            {screen.label}
          </Button>
        )}
        {closed && (
          <Button onClick={onRestart} loading={restarting}>
            {t('checkout:outcome.restart')}
          </Button>
        )}
        {/* Paid but not given, or refunded: nothing to see elsewhere; customer service is told above. */}
        <Button variant="default" onClick={onBack}>
          {t(fulfilled ? 'checkout:outcome.buyMore' : 'checkout:outcome.another')}
        </Button>
      </Group>
      {restartFailure !== null && restartFailure !== undefined && (
        <Text size="sm" c="red.8" role="alert">
          {errorText(t, restartFailure, checkoutErrors)}
        </Text>
      )}
    </Stack>
  );
}
