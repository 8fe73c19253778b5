import { AuthErrors, courseProducts, type CourseSaleWay } from '@account-centre/contract';
import { userIdOrEmailOption } from '../../lib/cli/index.js';
import { operatorCommand } from '../operator-command.js';
import { lockNamedUser } from '../user/index.js';
import { defineCourse, giveCourse } from './courses.service.js';

export const courseDefineCommand = operatorCommand({
  name: 'course:define',
  description:
    'Add a course to the academy, or change one by its id: what it teaches, how it is offered, where it is watched.',
  options: [
    { kind: 'text', name: 'id', description: 'the lesson id (letters, digits, - and _)', required: true },
    { kind: 'localised', name: 'name', description: 'its name', required: true },
    {
      kind: 'choice',
      name: 'product',
      description: 'what it teaches: max (diagram) or mind (mind map)',
      required: true,
      values: courseProducts,
    },
    {
      kind: 'choice',
      name: 'sale-way',
      description: '1 free, 2 limited-time free, 3 free for members, 4 paid',
      required: true,
      values: ['1', '2', '3', '4'],
    },
    { kind: 'integer', name: 'price', description: 'fen; only a paid course has one (default 0)', default: 0 },
    { kind: 'text', name: 'link', description: 'where it is watched: an https address', required: true },
    { kind: 'text', name: 'cover', description: 'its picture: an https address' },
  ],
  run: async (context, flags) => {
    const deps = await context.deps();
    return defineCourse(
      deps.db,
      {
        id: flags.id,
        name: flags.name.text,
        nameTranslations: flags.name.translations,
        product: flags.product,
        saleWay: Number(flags['sale-way']) as CourseSaleWay,
        price: flags.price,
        link: flags.link,
        cover: flags.cover ?? null,
      },
      deps.clock.now(),
    );
  },
});

export const courseGrantCommand = operatorCommand({
  name: 'course:grant',
  description: 'Give a person a course for good (once: giving it again changes nothing).',
  options: [
    userIdOrEmailOption,
    { kind: 'text', name: 'course', description: 'the lesson id', required: true },
    { kind: 'text', name: 'reason', description: 'why, for the audit trail', required: true },
  ],
  run: async (context, flags) => {
    const user = flags.user;
    const deps = await context.deps();
    const now = deps.clock.now();
    return deps.db.transaction().execute(async (trx) => {
      const userId = await lockNamedUser(trx, user, AuthErrors.accountNotFound);
      const given = await giveCourse(trx, userId, flags.course, flags.reason, now);
      return { user_id: userId, course: flags.course, grant: given.grant.id, created: given.created };
    });
  },
});
