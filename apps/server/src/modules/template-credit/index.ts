import { defineModule } from '../manifest.js';
import { templateCreditRoutes } from './template-credit.routes.js';
import { templateCreditForfeits } from './template-credit.service.js';

/**
 * Template credit (spec 01 §2 "Template credit screen"; docs/decisions/030): a balance of the
 * grants module in fen, spent by the template community on templates.
 */
export const templateCreditModule = defineModule({
  name: 'template-credit',
  routes: [templateCreditRoutes],
  closingForfeits: templateCreditForfeits,
  tables: {
    // What a person bought is about the person; the money behind the credit is kept as orders.
    template_credit_spends: { erase: 'rows' },
  },
});

// The door: how many templates a person has bought with credit (the demo seeds once by it).
export { countTemplateSpends } from './template-credit.repository.js';
