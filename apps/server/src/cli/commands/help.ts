import { languages } from '@account-centre/contract';
import { type CliCommand, usage } from '../cli.js';

/** Said once for every option marked `localised` (docs/decisions/058). */
export const LOCALISED_OPTIONS_HELP =
  `A text readers see (an option marked localised) may be given in several languages: --<option>-<language> once per language, the languages being ${languages.join(', ')} ` +
  '(zh Simplified Chinese, tw Traditional Chinese, jp Japanese, kr Korean, id Indonesian; the others their ISO codes), ' +
  'e.g. --name-en "Flowchart basics" --name-zh 流程图入门. The untagged --<option> is shown to a reader whose language was not given, before their region’s language, ' +
  'and may be left out when languages are given (the English, else the Chinese, then stands in for it). A reader of Traditional or Simplified Chinese reads the other script before the untagged text.';

export const helpCommand: CliCommand = {
  name: 'help',
  description: 'List the commands with their options',
  options: [],
  run: async ({ commands }) => ({
    localised: LOCALISED_OPTIONS_HELP,
    commands: commands.map((command) => ({
      name: command.name,
      description: command.description,
      usage: usage(command),
      options: command.options,
    })),
  }),
};
