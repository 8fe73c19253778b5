import { FORM_NAME_PATTERN } from '@account-centre/contract';
import { type CliCommand, UsageError } from '../../cli/cli.js';
import { addExchangeCodes } from './exchange.service.js';

const formName = new RegExp(FORM_NAME_PATTERN);
/** A code as it is shown to the user: printable, no spaces or commas (the list separator). */
const codePattern = /^[\x21-\x2b\x2d-\x7e]{1,64}$/;

export const exchangeAddCommand: CliCommand = {
  name: 'exchange:add',
  description:
    'Add exchange codes to a form (spec 01 §2 form_name); each is handed to one user, one per user and form. Codes already present are skipped.',
  options: [
    { name: 'form', description: 'form name (letters, digits, _ . -; up to 64)', required: true },
    { name: 'codes', description: 'comma-separated codes (printable, up to 64 characters each)', required: true },
  ],
  run: async (context, flags) => {
    const form = flags.form ?? '';
    if (!formName.test(form)) throw new UsageError('--form must be 1–64 letters, digits, _ . or -');
    const codes = (flags.codes ?? '')
      .split(',')
      .map((code) => code.trim())
      .filter(Boolean);
    if (codes.length === 0) throw new UsageError('--codes needs at least one code');
    const bad = codes.find((code) => !codePattern.test(code));
    if (bad !== undefined) throw new UsageError('every code must be 1–64 printable characters without spaces');
    return addExchangeCodes(await context.deps(), form, codes);
  },
};
