import { COMPANY_NAME_MAX_LENGTH, COMPANY_SEATS_MAX } from '@account-centre/contract';
import { UsageError } from '../../lib/cli/index.js';
import { memberCommands, operatorCommand } from '../operator-command.js';
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
function termOf(lifelong: boolean, expires: number | undefined): CompanyTerm {
  if (lifelong === (expires !== undefined)) throw new UsageError('give exactly one of --lifelong and --expires');
  return lifelong ? { lifelong: true } : { expires: expires as number };
}

const companyOption = { kind: 'id', name: 'company', description: 'company id', required: true } as const;
const lifelongOption = { kind: 'switch', name: 'lifelong', description: 'never expires (type 8)' } as const;
const expiresOption = {
  kind: 'time',
  dateOnly: true,
  name: 'expires',
  description: 'time-limited (type 9): ends at 00:00 UTC on YYYY-MM-DD',
} as const;

export const companyCreateCommand = operatorCommand({
  name: 'company:create',
  description: `Create a mind-map company with its creator (who takes the first seat): a name of 1–${COMPANY_NAME_MAX_LENGTH} characters, 1–${COMPANY_SEATS_MAX} seats, lifelong (type 8) or until a date (type 9). Refused when the owner is a plain member of a company.`,
  options: [
    {
      kind: 'text',
      name: 'name',
      description: `company name, 1–${COMPANY_NAME_MAX_LENGTH} characters`,
      required: true,
    },
    { kind: 'user', byEmail: true, name: 'owner', description: 'the creator: user id or e-mail', required: true },
    {
      kind: 'integer',
      name: 'seats',
      description: 'how many people may belong to it, the creator included',
      required: true,
    },
    lifelongOption,
    expiresOption,
  ],
  run: async (context, { name, owner, seats, lifelong, expires }) => {
    const term = termOf(lifelong, expires);
    const deps = await context.deps();
    return createCompany(deps.db, { name, owner, seats, term }, deps.clock.now());
  },
});

export const [companyAddMemberCommand, companyRemoveMemberCommand] = memberCommands({
  group: 'company',
  addDescription:
    'Add a person to a company as member (default) or admin. Refused when every seat is taken, or the person is in another company and either role there or here is a plain member.',
  removeDescription: 'Take a member or admin out of a company, freeing the seat. The creator cannot be removed.',
  add: ({ db, clock }, { groupId, user, role }) =>
    addMember(db, { companyId: groupId, user, role: role satisfies AddedRole }, clock.now()),
  remove: ({ db, clock }, { groupId, user }) => removeMember(db, { companyId: groupId, user }, clock.now()),
});

export const companyListCommand = operatorCommand({
  name: 'company:list',
  description: 'List companies, newest first, with seats taken, term and creator; --user: those a person belongs to.',
  options: [
    { kind: 'user', byEmail: true, name: 'user', description: 'user id or e-mail' },
    { kind: 'integer', name: 'limit', description: 'at most this many (default 50)', default: 50 },
  ],
  run: async (context, { user, limit }) => {
    const deps = await context.deps();
    return listCompanies(deps.db, { user, limit });
  },
});

export const companyHandOverCommand = operatorCommand({
  name: 'company:hand-over',
  description:
    'Make another person the creator of a company (the customer-service case of spec 02 §1). The old creator stays as an admin, or leaves with --previous remove.',
  options: [
    companyOption,
    { kind: 'user', byEmail: true, name: 'to', description: 'the new creator: user id or e-mail', required: true },
    {
      kind: 'choice',
      name: 'previous',
      description: 'what the old creator becomes (default admin)',
      values: ['admin', 'remove'],
      default: 'admin',
    },
  ],
  run: async (context, { company, to, previous }) => {
    const input = { companyId: company, to, previous };
    const deps = await context.deps();
    return handOverCompany(deps.db, input, deps.clock.now());
  },
});

export const companySetCommand = operatorCommand({
  name: 'company:set',
  description:
    'Change a company’s seats (never below the members it has) or its term: --lifelong (type 8) or --expires YYYY-MM-DD (type 9).',
  options: [
    companyOption,
    { kind: 'integer', name: 'seats', description: 'how many people may belong to it' },
    lifelongOption,
    expiresOption,
  ],
  run: async (context, { company, seats, lifelong, expires }) => {
    const changesTerm = lifelong || expires !== undefined;
    const input = { companyId: company, seats, term: changesTerm ? termOf(lifelong, expires) : undefined };
    const deps = await context.deps();
    return setCompanyPlan(deps.db, input, deps.clock.now());
  },
});
