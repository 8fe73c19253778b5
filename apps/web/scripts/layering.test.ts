// @vitest-environment node
import fs from 'node:fs';
import path from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The web app's layers are enforced by the repository's lint configuration (docs/architecture.md#web-layers). These
 * tests lint sample files with that configuration, so a rule that stops catching what it is meant
 * to catch fails here rather than letting the layers erode unnoticed.
 */
const repoRoot = path.resolve(import.meta.dirname, '../../..');
const src = path.join(repoRoot, 'apps/web/src');
const eslint = new ESLint({ cwd: repoRoot });

async function layeringErrors(file: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: path.join(src, file) });
  return result!.messages
    .filter((message) => message.ruleId?.startsWith('layers/'))
    .map((message) => `${message.ruleId}: ${message.message}`);
}

describe('web layering lint', () => {
  it('refuses a feature importing another feature, by a relative path', async () => {
    const errors = await layeringErrors(
      'features/devices/sample.ts',
      "import { orderKeys } from '../order/api/keys';\nexport const sample = orderKeys;\n",
    );
    expect(errors).toEqual([expect.stringMatching(/zones: .*features never import each other/)]);
  });

  it('lets a feature import its own files, lib/ and components/', async () => {
    const errors = await layeringErrors(
      'features/devices/sample.ts',
      [
        "import { deviceListOptions } from './api/devices';",
        "import { useCurrentUser } from '../../lib/user/current-user';",
        "import { LoadFailed } from '../../components/LoadFailed';",
        'export const sample = [deviceListOptions, useCurrentUser, LoadFailed];',
      ].join('\n'),
    );
    expect(errors).toEqual([]);
  });

  it('refuses a feature importing app/', async () => {
    const errors = await layeringErrors(
      'features/order/sample.ts',
      "import { menuEntries } from '../../app/shell/menu';\nexport const sample = menuEntries;\n",
    );
    expect(errors).toEqual([expect.stringMatching(/zones: .*only app\/ imports app\//)]);
  });

  it('refuses lib/ importing a feature or a component', async () => {
    const errors = await layeringErrors(
      'lib/sample.ts',
      [
        "import { orderKeys } from '../features/order/api/keys';",
        "import { LoadFailed } from '../components/LoadFailed';",
        'export const sample = [orderKeys, LoadFailed];',
      ].join('\n'),
    );
    expect(errors).toEqual([
      expect.stringMatching(/lib\/ and components\/ never import a feature/),
      expect.stringMatching(/lib\/ holds no components/),
    ]);
  });

  it('keeps test support out of the shipped code, and lets tests use it', async () => {
    const code = "import { testUser } from '../../testing/test-user';\nexport const sample = testUser;\n";
    expect(await layeringErrors('features/account/sample.ts', code)).toEqual([
      expect.stringMatching(/src\/testing\/ is for tests only/),
    ]);
    expect(await layeringErrors('features/account/sample.test.ts', code)).toEqual([]);
  });

  describe('cycles', () => {
    // no-cycle follows imports on disk, so the circle is made of real files for this test.
    const folder = path.join(src, 'lib', `layering-fixture-${process.pid}`);
    const firstFile = "import { second } from './second';\nexport const first = 1;\nexport const again = second;\n";
    beforeAll(() => {
      fs.mkdirSync(folder, { recursive: true });
      fs.writeFileSync(path.join(folder, 'first.ts'), firstFile);
      fs.writeFileSync(
        path.join(folder, 'second.ts'),
        "import { first } from './first';\nexport const second = first;\n",
      );
    });
    afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));

    it('refuses files importing each other in a circle', async () => {
      const errors = await layeringErrors(`lib/layering-fixture-${process.pid}/first.ts`, firstFile);
      expect(errors).toEqual([expect.stringMatching(/no-cycle/)]);
    });
  });
});
