import { type CliCommand, commandsWith, userIdOrEmailOption, type UserRef } from '../lib/cli/index.js';
import type { AuthDeps } from './auth/deps.js';

/** What every operator command runs in: the configuration, the clock, and the database on first use. */
export interface OperatorContext {
  config: AuthDeps['config'];
  clock: AuthDeps['clock'];
  /** Opens the database (migrated to the latest schema) on first use; `help` never does. */
  deps(): Promise<AuthDeps>;
}

export type OperatorCommand = CliCommand<OperatorContext>;

/** Declares an operator command whose `run` receives its options typed (lib/cli). */
export const operatorCommand = commandsWith<OperatorContext>();

/** A group people belong to with a role (a team, a company), as its member commands reach it. */
export interface MemberCommandsOf<Group extends string> {
  /** The group's option (`--team`, `--company`), and the first word of the commands' names. */
  group: Group;
  addDescription: string;
  removeDescription: string;
  add(deps: AuthDeps, member: { groupId: number; user: UserRef; role: 'admin' | 'member' }): Promise<unknown>;
  remove(deps: AuthDeps, member: { groupId: number; user: UserRef }): Promise<unknown>;
}

/**
 * `<group>:add-member` and `<group>:remove-member`: a group's members are added and removed by
 * the same options (the group's id, the person, the role added as) whatever the group is.
 */
export function memberCommands<Group extends string>(of: MemberCommandsOf<Group>): [OperatorCommand, OperatorCommand] {
  const groupOption = { kind: 'id', name: of.group, description: `${of.group} id`, required: true } as const;
  // A required id option: the runner has put a number under the group's name (the option's
  // name being a type parameter, the values' type cannot name it).
  const groupId = (values: object) => (values as Record<Group, number>)[of.group];
  return [
    operatorCommand({
      name: `${of.group}:add-member`,
      description: of.addDescription,
      options: [
        groupOption,
        userIdOrEmailOption,
        { kind: 'choice', name: 'role', description: 'default member', values: ['admin', 'member'], default: 'member' },
      ],
      run: async (context, values) =>
        of.add(await context.deps(), { groupId: groupId(values), user: values.user, role: values.role }),
    }),
    operatorCommand({
      name: `${of.group}:remove-member`,
      description: of.removeDescription,
      options: [groupOption, userIdOrEmailOption],
      run: async (context, values) => of.remove(await context.deps(), { groupId: groupId(values), user: values.user }),
    }),
  ];
}
