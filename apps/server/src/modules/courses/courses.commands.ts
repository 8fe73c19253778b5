import { AuthErrors, type CourseProduct, courseProducts, type CourseSaleWay } from '@account-centre/contract';
import type { CliCommand } from '../../cli/cli.js';
import { localisedFlag } from '../../cli/localised-flags.js';
import { intFlag } from '../../cli/order-flags.js';
import { userRefFlag } from '../../cli/ref-flags.js';
import { lockNamedUser } from '../user/user.service.js';
import { defineCourse, giveCourse } from './courses.service.js';

const nameOf = ({ text, translations }: ReturnType<typeof localisedFlag>) => ({
  name: text,
  nameTranslations: translations,
});

export const courseDefineCommand: CliCommand = {
  name: 'course:define',
  description:
    'Add a course to the academy, or change one by its id: what it teaches, how it is offered, where it is watched.',
  options: [
    { name: 'id', description: 'the lesson id (letters, digits, - and _)', required: true },
    { name: 'name', description: 'its name', required: true, localised: true },
    {
      name: 'product',
      description: 'what it teaches: max (diagram) or mind (mind map)',
      required: true,
      values: courseProducts,
    },
    {
      name: 'sale-way',
      description: '1 free, 2 limited-time free, 3 free for members, 4 paid',
      required: true,
      values: ['1', '2', '3', '4'],
    },
    { name: 'price', description: 'fen; only a paid course has one (default 0)' },
    { name: 'link', description: 'where it is watched: an https address', required: true },
    { name: 'cover', description: 'its picture: an https address' },
  ],
  run: async (context, flags) => {
    const deps = await context.deps();
    return defineCourse(
      deps.db,
      {
        id: flags.id as string,
        ...nameOf(localisedFlag(flags, 'name')),
        product: flags.product as CourseProduct,
        saleWay: Number(flags['sale-way']) as CourseSaleWay,
        price: intFlag('price', flags.price) ?? 0,
        link: flags.link as string,
        cover: flags.cover ?? null,
      },
      deps.clock.now(),
    );
  },
};

export const courseGrantCommand: CliCommand = {
  name: 'course:grant',
  description: 'Give a person a course for good (once: giving it again changes nothing).',
  options: [
    { name: 'user', description: 'user id or e-mail', required: true },
    { name: 'course', description: 'the lesson id', required: true },
    { name: 'reason', description: 'why, for the audit trail', required: true },
  ],
  run: async (context, flags) => {
    const user = userRefFlag('user', flags.user);
    const deps = await context.deps();
    const now = deps.clock.now();
    return deps.db.transaction().execute(async (trx) => {
      const userId = await lockNamedUser(trx, user, AuthErrors.accountNotFound);
      const given = await giveCourse(trx, userId, flags.course as string, flags.reason as string, now);
      return { user_id: userId, course: flags.course, grant: given.grant.id, created: given.created };
    });
  },
};
