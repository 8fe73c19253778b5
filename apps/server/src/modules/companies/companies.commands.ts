import { COMPANY_NAME_MAX_LENGTH, COMPANY_SEATS_MAX } from '@account-centre/contract';
import { type CliCommand, UsageError } from '../../cli/cli.js';
import { boolFlag, intFlag } from '../../cli/order-flags.js';
import { recordIdFlag, userRefFlag } from '../../cli/ref-flags.js';
import {
  type AddedRole,
  addMember,
  type CompanyTerm,
  createCompany,
  handOverCompany,
  listCompanies,
  removeMember,
  setCompanyPlan,
} from './companies.service.js';

/** `--lifelong` or `--expires YYYY-MM-DD` (the company ends at 00:00 UTC that day), never both. */
function termFlags(lifelong: string | undefined, expires: string | undefined, optional = false): CompanyTerm {
  const isLifelong = boolFlag('lifelong', lifelong) ?? false;
  if (isLifelong && expires !== undefined) throw new UsageError('give exactly one of --lifelong and --expires');
  if (!isLifelong && expires === undefined && !optional)
    throw new UsageError('give exactly one of --lifelong and --expires');
  if (isLifelong) return { lifelong: true };
  const text = (expires as string).trim();
  const ms = /^\d{4}-\d{2}-\d{2}$/.test(text) ? Date.parse(`${text}T00:00:00Z`) : Number.NaN;
  if (Number.isNaN(ms)) throw new UsageError('--expires must be a date, YYYY-MM-DD');
  return { expires: Math.floor(ms / 1000) };
}

export const companyCreateCommand: CliCommand = {
  name: 'company:create',
  description: `Create a mind-map company with its creator (who takes the first seat): a name of 1–${COMPANY_NAME_MAX_LENGTH} characters, 1–${COMPANY_SEATS_MAX} seats, lifelong (type 8) or until a date (type 9). Refused when the owner is a plain member of a company.`,
  options: [
    { name: 'name', description: `company name, 1–${COMPANY_NAME_MAX_LENGTH} characters`, required: true },
    { name: 'owner', description: 'the creator: user id or e-mail', required: true },
    { name: 'seats', description: 'how many people may belong to it, the creator included', required: true },
    { name: 'lifelong', description: 'never expires (type 8)', switch: true },
    { name: 'expires', description: 'time-limited (type 9): ends at 00:00 UTC on YYYY-MM-DD' },
  ],
  run: async (context, flags) => {
    const term = termFlags(flags.lifelong, flags.expires);
    const seats = intFlag('seats', flags.seats) as number;
    const deps = await context.deps();
    return createCompany(
      deps.db,
      { name: flags.name as string, owner: userRefFlag('owner', flags.owner), seats, term },
      deps.clock.now(),
    );
  },
};

export const companyAddMemberCommand: CliCommand = {
  name: 'company:add-member',
  description:
    'Add a person to a company as member (default) or admin. Refused when every seat is taken, or the person is in another company and either role there or here is a plain member.',
  options: [
    { name: 'company', description: 'company id', required: true },
    { name: 'user', description: 'user id or e-mail', required: true },
    { name: 'role', description: 'default member', values: ['admin', 'member'] },
  ],
  run: async (context, flags) => {
    const input = {
      companyId: recordIdFlag('company', flags.company),
      user: userRefFlag('user', flags.user),
      role: (flags.role as AddedRole | undefined) ?? 'member',
    };
    const deps = await context.deps();
    return addMember(deps.db, input, deps.clock.now());
  },
};

export const companyRemoveMemberCommand: CliCommand = {
  name: 'company:remove-member',
  description: 'Take a member or admin out of a company, freeing the seat. The creator cannot be removed.',
  options: [
    { name: 'company', description: 'company id', required: true },
    { name: 'user', description: 'user id or e-mail', required: true },
  ],
  run: async (context, flags) => {
    const input = { companyId: recordIdFlag('company', flags.company), user: userRefFlag('user', flags.user) };
    const deps = await context.deps();
    return removeMember(deps.db, input, deps.clock.now());
  },
};

export const companyListCommand: CliCommand = {
  name: 'company:list',
  description: 'List companies, newest first, with seats taken, term and creator; --user: those a person belongs to.',
  options: [
    { name: 'user', description: 'user id or e-mail' },
    { name: 'limit', description: 'at most this many (default 50)' },
  ],
  run: async (context, flags) => {
    const user = flags.user === undefined ? undefined : userRefFlag('user', flags.user);
    const deps = await context.deps();
    return listCompanies(deps.db, { user, limit: intFlag('limit', flags.limit) ?? 50 });
  },
};

export const companyHandOverCommand: CliCommand = {
  name: 'company:hand-over',
  description:
    'Make another person the creator of a company (the customer-service case of spec 02 §1). The old creator stays as an admin, or leaves with --previous remove.',
  options: [
    { name: 'company', description: 'company id', required: true },
    { name: 'to', description: 'the new creator: user id or e-mail', required: true },
    { name: 'previous', description: 'what the old creator becomes (default admin)', values: ['admin', 'remove'] },
  ],
  run: async (context, flags) => {
    const input = {
      companyId: recordIdFlag('company', flags.company),
      to: userRefFlag('to', flags.to),
      previous: (flags.previous as 'admin' | 'remove' | undefined) ?? 'admin',
    };
    const deps = await context.deps();
    return handOverCompany(deps.db, input, deps.clock.now());
  },
};

export const companySetCommand: CliCommand = {
  name: 'company:set',
  description:
    'Change a company’s seats (never below the members it has) or its term: --lifelong (type 8) or --expires YYYY-MM-DD (type 9).',
  options: [
    { name: 'company', description: 'company id', required: true },
    { name: 'seats', description: 'how many people may belong to it' },
    { name: 'lifelong', description: 'never expires (type 8)', switch: true },
    { name: 'expires', description: 'time-limited (type 9): ends at 00:00 UTC on YYYY-MM-DD' },
  ],
  run: async (context, flags) => {
    const changesTerm = flags.lifelong !== undefined || flags.expires !== undefined;
    const input = {
      companyId: recordIdFlag('company', flags.company),
      seats: intFlag('seats', flags.seats),
      term: changesTerm ? termFlags(flags.lifelong, flags.expires, true) : undefined,
    };
    const deps = await context.deps();
    return setCompanyPlan(deps.db, input, deps.clock.now());
  },
};
