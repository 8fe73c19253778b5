import { FORM_NAME_PATTERN } from '@account-centre/contract';
import { operatorCommand } from '../operator-command.js';
import { addExchangeCodes } from './exchange.service.js';

const formName = new RegExp(FORM_NAME_PATTERN);
/** A code as it is shown to the user: printable, no spaces or commas (the list separator). */
const codePattern = /^[\x21-\x2b\x2d-\x7e]{1,64}$/;

export const exchangeAddCommand = operatorCommand({
  name: 'exchange:add',
  description:
    'Add exchange codes to a form (spec 01 §2 form_name); each is handed to one user, one per user and form. Codes already present are skipped.',
  options: [
    {
      kind: 'text',
      name: 'form',
      description: 'form name (letters, digits, _ . -; up to 64)',
      required: true,
      pattern: formName,
      expects: '1–64 letters, digits, _ . or -',
    },
    {
      kind: 'list',
      name: 'codes',
      description: 'comma-separated codes (printable, up to 64 characters each)',
      required: true,
      nonEmpty: true,
      pattern: codePattern,
      expects: 'codes of 1–64 printable characters without spaces, at least one',
    },
  ],
  run: async (context, { form, codes }) => addExchangeCodes(await context.deps(), form, codes),
});
