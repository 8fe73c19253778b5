import fs from 'node:fs';
import { redeemCodeKinds, subscriptionProducts } from '@account-centre/contract';
import { type OptionValues, UsageError } from '../../lib/cli/index.js';
import { operatorCommand } from '../operator-command.js';
import { createBatch, disableCodes, lookUpCode } from './batches.service.js';

/** What a batch gives, from the command's values (checked by the service's `parseBenefit`). */
function benefitOf(values: OptionValues<typeof batchOptions>): unknown {
  if (values.kind !== 'gift') {
    return {
      product: values.product,
      type: values.type,
      platforms: values.platforms.length === 0 ? undefined : values.platforms,
      version: values.version,
    };
  }
  const days = values.days;
  const gifts: unknown[] = [];
  if (values['ai-points'] !== undefined) gifts.push({ kind: 'ai_points', amount: values['ai-points'], days });
  if (values['template-credit'] !== undefined)
    gifts.push({ kind: 'template_credit', amount: values['template-credit'], days });
  for (const membership of values.membership) {
    const [product, length] = membership.split(':');
    gifts.push({ kind: 'membership', product, days: Number(length) });
  }
  if (values.coupon !== undefined) gifts.push({ kind: 'coupon', coupon: values.coupon });
  if (values.course !== undefined) gifts.push({ kind: 'course', course: values.course });
  if (values['team-plan'] !== undefined) {
    const [product, type, seats] = values['team-plan'].split(':');
    gifts.push({ kind: 'team_plan', product, type: Number(type), seats: Number(seats) });
  }
  if (values.company !== undefined) {
    const [seats, type, length] = values.company.split(':');
    gifts.push({ kind: 'company', seats: Number(seats), type: Number(type), length });
  }
  return { gifts };
}

const batchOptions = [
  { kind: 'choice', name: 'kind', description: 'what the codes are', required: true, values: redeemCodeKinds },
  { kind: 'text', name: 'label', description: 'what the batch is for (shown to operators)', required: true },
  { kind: 'integer', name: 'count', description: 'how many codes (default 1, at most 10000)', default: 1 },
  {
    kind: 'integer',
    name: 'limit',
    description: 'accounts each code may serve, once each: 1 single-use (default), N a campaign',
    default: 1,
  },
  {
    kind: 'time',
    name: 'valid-from',
    description: 'first moment of use: unix seconds or YYYY-MM-DD (default now)',
    forever: 'stored',
  },
  {
    kind: 'time',
    name: 'valid-until',
    description: 'end of use, after which a code answers expired (default never)',
    forever: 'stored',
  },
  {
    kind: 'text',
    name: 'product',
    description: 'activation/project: order product code (max, mindmaster, project…); replacement: licence product',
  },
  {
    kind: 'integer',
    name: 'type',
    description: 'activation/project: numeric order type (spec 01 §9), e.g. 209 one year',
  },
  { kind: 'list', name: 'platforms', description: 'comma-separated platforms (win,mac,linux,web,ios,android,…)' },
  { kind: 'text', name: 'version', description: 'a perpetual version to give, or to replace with' },
  { kind: 'integer', name: 'ai-points', description: 'gift: AI points' },
  { kind: 'integer', name: 'template-credit', description: 'gift: template credit' },
  { kind: 'integer', name: 'days', description: 'gift: days the points or credit last (default for ever)' },
  {
    kind: 'list',
    name: 'membership',
    description: `gift: <product>:<days>, comma-separated (${subscriptionProducts.join(', ')})`,
    pattern: /^[^:]+:-?\d+$/,
    expects: '<product>:<days>, comma-separated',
  },
  {
    kind: 'integer',
    name: 'coupon',
    description: 'gift: a coupon defined by coupon:define (such codes are also bound on /coupon)',
  },
  { kind: 'text', name: 'course', description: 'gift: a course of the academy, by its lesson id, held for good' },
  {
    kind: 'text',
    name: 'team-plan',
    description:
      "gift: <product>:<type>:<seats>, a plan of the team of max or proj the person redeeming owns (the type's term from then)",
    pattern: /^[^:]+:-?\d+:-?\d+$/,
    expects: '<product>:<type>:<seats>',
  },
  {
    kind: 'text',
    name: 'company',
    description:
      'gift: <seats>:8 (lifelong) or <seats>:9:<oneYear|twoYears|threeYears>, a company code: its first use creates a mind-map company (POST coop/create), later ones add admins to it; single-use, alone in its batch',
    pattern: /^-?\d+:-?\d+(:[^:]*)?$/,
    expects: '<seats>:8 or <seats>:9:<oneYear|twoYears|threeYears>',
  },
  {
    kind: 'text',
    name: 'csv',
    description: 'write the codes to this new file (never overwritten) instead of printing them',
  },
] as const;

export const codeBatchCommand = operatorCommand({
  name: 'code:batch',
  description:
    'Make a batch of redeemable codes and print them — or write them to a new CSV file — this once: only their digests are kept. Activation and project codes give the licence an order of --product and --type would; replacement codes move a held licence onto --platforms (in place of the held ones of their kind: desktop, web, mobile, slides) or to --version, keeping every date and every other platform; gift codes give --ai-points, --template-credit (lasting --days), --membership days, a --coupon, a --course and a --team-plan for the team of the product the person redeeming owns; company codes (--kind gift --company) create a mind-map company.',
  options: batchOptions,
  run: async (context, values) => {
    const deps = await context.deps();
    const { kind, csv } = values;
    if (csv !== undefined && fs.existsSync(csv))
      throw new UsageError(`${csv} exists: codes are written once, to a new file`);
    const made = await createBatch(
      deps.db,
      deps.config.secretKey,
      {
        kind,
        label: values.label,
        benefit: benefitOf(values),
        count: values.count,
        usageLimit: values.limit,
        validFrom: values['valid-from'] ?? null,
        validUntil: values['valid-until'] ?? null,
      },
      deps.clock.now(),
    );
    if (csv === undefined) return made;
    // Exclusive creation: a file that appeared meanwhile is not overwritten either.
    fs.writeFileSync(csv, `code\n${made.codes.join('\n')}\n`, { flag: 'wx', mode: 0o600 });
    return { batch: made.batch, written: csv, count: made.codes.length };
  },
});

export const codeLookupCommand = operatorCommand({
  name: 'code:lookup',
  description:
    'A code’s state (redeemable, used up, expired, disabled), its batch, who redeemed it and when, and every try of it.',
  options: [{ kind: 'text', name: 'code', description: 'the code as printed', required: true }],
  run: async (context, { code }) => {
    const deps = await context.deps();
    return lookUpCode(deps.db, deps.config.secretKey, code);
  },
});

export const codeDisableCommand = operatorCommand({
  name: 'code:disable',
  description: 'Disable one code (--code) or a whole batch (--batch): they answer "not exists" from then on.',
  options: [
    { kind: 'text', name: 'code', description: 'the code as printed' },
    { kind: 'id', name: 'batch', description: 'a batch id' },
  ],
  run: async (context, { code, batch }) => {
    const deps = await context.deps();
    if ((code === undefined) === (batch === undefined)) throw new UsageError('name --code or --batch');
    const target = batch !== undefined ? { batchId: batch } : { code: code as string };
    return disableCodes(deps.db, deps.config.secretKey, target, deps.clock.now());
  },
});
