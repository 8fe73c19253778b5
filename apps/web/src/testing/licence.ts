import type { Licence } from '../features/order/api/get-licences';

/** A licence row as the server answers it: a personal diagram licence running on two desktops; each test names what differs. */
export const testLicence = (overrides: Partial<Licence> = {}): Licence => ({
  product: 'max',
  productName: 'Diagram yearly',
  icon: 'max',
  v_product: 'max',
  scope: 'personal',
  group: null,
  type: -2,
  platforms: ['win', 'mac'],
  state: 'active',
  endTime: 1_900_000_000,
  updateEndTime: null,
  serviceEndTime: null,
  upgrade_service_years: null,
  can_renew: false,
  showCancel: false,
  showManage: false,
  manage_url: null,
  renewal: null,
  order_id: null,
  v_type: null,
  v_version: null,
  ...overrides,
});
