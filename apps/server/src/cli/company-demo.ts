import { createBatch } from '../modules/codes/index.js';
import { companiesOf } from '../modules/companies/index.js';
import { addMember } from '../modules/companies/companies.service.js';
import { renameCompany } from '../modules/companies/company-space.service.js';
import { checkoutByTradeNo } from '../modules/payments/index.js';
import { createCheckout } from '../modules/payments/checkout.service.js';
import { buildPaymentsDeps } from '../modules/payments/payments.deps.js';
import { confirmBankTransfer } from '../modules/payments/settle.service.js';
import { ensureUser, type SeedDeps } from './demo-users.js';

const noKey = async () => undefined;

/** The people of the demo's company: no password, nobody signs in as them. */
const DEMO_COMPANY_PEOPLE = [
  { email: 'demo-company-admin@example.com', nickName: 'Company Admin', role: 'admin' },
  { email: 'demo-company-member@example.com', nickName: 'Company Member', role: 'member' },
  { email: 'demo-company-member-2@example.com', nickName: 'Company Member 2', role: 'member' },
] as const;

/**
 * The demo's mind-map company (docs/decisions/038), so every tab of the enterprise page shows
 * something: bought as a 1-year business plan of 5 seats by bank transfer (its order in the order
 * list), renamed, with an admin and two members beside the demo as creator. Returns an unused
 * company code of 10 seats for a year, printed at start, to create another company on the Create
 * tab. Once per account.
 */
export async function seedCompanyDemo(deps: SeedDeps, userId: number): Promise<string | null> {
  // An account in any company already, as creator or member, is left alone.
  if ((await companiesOf(deps.db, userId)).length > 0) return null;
  const now = deps.clock.now();
  const payments = buildPaymentsDeps({
    ...deps,
    redis: null,
    log: { warn: () => undefined, error: () => undefined },
    listeningPort: () => deps.config.port,
  });
  const bought = await createCheckout(
    payments,
    { userId, region: 'domestic', item: 'business.oneYear', quantity: 5, method: 'bank', payerOrigin: '' },
    noKey,
  );
  await confirmBankTransfer(payments, {
    outTradeNo: bought.out_trade_no,
    amount: bought.amount,
    reference: 'DEMO-TRANSFER-2',
  });
  // Fulfilment notes on the checkout the company it made.
  const companyId = (await checkoutByTradeNo(deps.db, bought.out_trade_no))?.company_id ?? null;
  if (companyId === null) throw new Error('the demo company was not made');
  await renameCompany(deps.db, { companyId, userId, name: 'Demo Mind Studio' }, now);
  for (const person of DEMO_COMPANY_PEOPLE) {
    const { userId: personId } = await ensureUser(deps, {
      email: person.email,
      password: null,
      nickName: person.nickName,
    });
    await addMember(deps.db, { companyId, user: { id: personId }, role: person.role }, now);
  }
  const code = await createBatch(
    deps.db,
    deps.config.secretKey,
    {
      kind: 'gift',
      label: 'demo company code',
      benefit: { gifts: [{ kind: 'company', seats: 10, type: 9, length: 'oneYear' }] },
      count: 1,
      usageLimit: 1,
    },
    now,
  );
  return code.codes[0] as string;
}
