import { SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { TeamPageProduct } from '../hooks/use-team-products';

/** The team page's products (spec 02 §2): the mind-map company, the diagram and project teams. */
export function ProductSwitcher({
  products,
  value,
  onChange,
}: {
  products: readonly TeamPageProduct[];
  value: TeamPageProduct;
  onChange: (product: TeamPageProduct) => void;
}) {
  const { t } = useTranslation();
  return (
    <SegmentedControl
      aria-label={t('team:products.label')}
      data={products.map((product) => ({ value: product, label: t(`team:products.${product}`) }))}
      value={value}
      onChange={(next) => onChange(next as TeamPageProduct)}
      style={{ alignSelf: 'flex-start' }}
    />
  );
}
