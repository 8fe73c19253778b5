import { type CliCommand, usage } from '../cli.js';

export const helpCommand: CliCommand = {
  name: 'help',
  description: 'List the commands with their options',
  options: [],
  run: async ({ commands }) => ({
    commands: commands.map((command) => ({
      name: command.name,
      description: command.description,
      usage: usage(command),
      options: command.options,
    })),
  }),
};
