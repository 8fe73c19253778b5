import fs from 'node:fs';
import { type RedeemCodeKind, redeemCodeKinds, subscriptionProducts } from '@account-centre/contract';
import { type CliCommand, UsageError } from '../../cli/cli.js';
import { intFlag, listFlag, timeFlag } from '../../cli/order-flags.js';
import { createBatch, disableCodes, lookUpCode } from './batches.service.js';

/** What a batch gives, from the command's flags (checked by the service's `parseBenefit`). */
function benefitFromFlags(kind: RedeemCodeKind, flags: Record<string, string | undefined>): unknown {
  if (kind !== 'gift') {
    return {
      product: flags.product,
      type: intFlag('type', flags.type),
      platforms: flags.platforms === undefined ? undefined : listFlag(flags.platforms),
      version: flags.version,
    };
  }
  const days = intFlag('days', flags.days);
  const gifts: unknown[] = [];
  const points = intFlag('ai-points', flags['ai-points']);
  if (points !== undefined) gifts.push({ kind: 'ai_points', amount: points, days });
  const credit = intFlag('template-credit', flags['template-credit']);
  if (credit !== undefined) gifts.push({ kind: 'template_credit', amount: credit, days });
  for (const membership of listFlag(flags.membership)) {
    const [product, length] = membership.split(':');
    gifts.push({ kind: 'membership', product, days: intFlag('membership', length) });
  }
  const coupon = intFlag('coupon', flags.coupon);
  if (coupon !== undefined) gifts.push({ kind: 'coupon', coupon });
  if (flags.course !== undefined) gifts.push({ kind: 'course', course: flags.course });
  if (flags['team-plan'] !== undefined) {
    const [product, type, seats] = flags['team-plan'].split(':');
    gifts.push({ kind: 'team_plan', product, type: intFlag('team-plan', type), seats: intFlag('team-plan', seats) });
  }
  if (flags.company !== undefined) {
    const [seats, type, length] = flags.company.split(':');
    gifts.push({ kind: 'company', seats: intFlag('company', seats), type: intFlag('company', type), length });
  }
  return { gifts };
}

export const codeBatchCommand: CliCommand = {
  name: 'code:batch',
  description:
    'Make a batch of redeemable codes and print them — or write them to a new CSV file — this once: only their digests are kept. Activation and project codes give the licence an order of --product and --type would; replacement codes move a held licence onto --platforms (in place of the held ones of their kind: desktop, web, mobile, slides) or to --version, keeping every date and every other platform; gift codes give --ai-points, --template-credit (lasting --days), --membership days, a --coupon, a --course and a --team-plan for the team of the product the person redeeming owns; company codes (--kind gift --company) create a mind-map company.',
  options: [
    { name: 'kind', description: 'what the codes are', required: true, values: redeemCodeKinds },
    { name: 'label', description: 'what the batch is for (shown to operators)', required: true },
    { name: 'count', description: 'how many codes (default 1, at most 10000)' },
    { name: 'limit', description: 'accounts each code may serve, once each: 1 single-use (default), N a campaign' },
    { name: 'valid-from', description: 'first moment of use: unix seconds or YYYY-MM-DD (default now)' },
    { name: 'valid-until', description: 'end of use, after which a code answers expired (default never)' },
    {
      name: 'product',
      description: 'activation/project: order product code (max, mindmaster, project…); replacement: licence product',
    },
    { name: 'type', description: 'activation/project: numeric order type (spec 01 §9), e.g. 209 one year' },
    { name: 'platforms', description: 'comma-separated platforms (win,mac,linux,web,ios,android,…)' },
    { name: 'version', description: 'a perpetual version to give, or to replace with' },
    { name: 'ai-points', description: 'gift: AI points' },
    { name: 'template-credit', description: 'gift: template credit' },
    { name: 'days', description: 'gift: days the points or credit last (default for ever)' },
    { name: 'membership', description: `gift: <product>:<days>, comma-separated (${subscriptionProducts.join(', ')})` },
    { name: 'coupon', description: 'gift: a coupon defined by coupon:define (such codes are also bound on /coupon)' },
    { name: 'course', description: 'gift: a course of the academy, by its lesson id, held for good' },
    {
      name: 'team-plan',
      description:
        "gift: <product>:<type>:<seats>, a plan of the team of max or proj the person redeeming owns (the type's term from then)",
    },
    {
      name: 'company',
      description:
        'gift: <seats>:8 (lifelong) or <seats>:9:<oneYear|twoYears|threeYears>, a company code: its first use creates a mind-map company (POST coop/create), later ones add admins to it; single-use, alone in its batch',
    },
    { name: 'csv', description: 'write the codes to this new file (never overwritten) instead of printing them' },
  ],
  run: async (context, flags) => {
    const deps = await context.deps();
    const kind = flags.kind as RedeemCodeKind;
    if (flags.csv !== undefined && fs.existsSync(flags.csv))
      throw new UsageError(`${flags.csv} exists: codes are written once, to a new file`);
    const made = await createBatch(
      deps.db,
      deps.config.secretKey,
      {
        kind,
        label: flags.label as string,
        benefit: benefitFromFlags(kind, flags),
        count: intFlag('count', flags.count) ?? 1,
        usageLimit: intFlag('limit', flags.limit) ?? 1,
        validFrom: timeFlag('valid-from', flags['valid-from']) ?? null,
        validUntil: timeFlag('valid-until', flags['valid-until']) ?? null,
      },
      deps.clock.now(),
    );
    if (flags.csv === undefined) return made;
    // Exclusive creation: a file that appeared meanwhile is not overwritten either.
    fs.writeFileSync(flags.csv, `code\n${made.codes.join('\n')}\n`, { flag: 'wx', mode: 0o600 });
    return { batch: made.batch, written: flags.csv, count: made.codes.length };
  },
};

export const codeLookupCommand: CliCommand = {
  name: 'code:lookup',
  description:
    'A code’s state (redeemable, used up, expired, disabled), its batch, who redeemed it and when, and every try of it.',
  options: [{ name: 'code', description: 'the code as printed', required: true }],
  run: async (context, flags) => {
    const deps = await context.deps();
    return lookUpCode(deps.db, deps.config.secretKey, flags.code as string);
  },
};

export const codeDisableCommand: CliCommand = {
  name: 'code:disable',
  description: 'Disable one code (--code) or a whole batch (--batch): they answer "not exists" from then on.',
  options: [
    { name: 'code', description: 'the code as printed' },
    { name: 'batch', description: 'a batch id' },
  ],
  run: async (context, flags) => {
    const deps = await context.deps();
    if ((flags.code === undefined) === (flags.batch === undefined)) throw new UsageError('name --code or --batch');
    const target =
      flags.batch !== undefined ? { batchId: intFlag('batch', flags.batch) as number } : { code: flags.code as string };
    return disableCodes(deps.db, deps.config.secretKey, target, deps.clock.now());
  },
};
