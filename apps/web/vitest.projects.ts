import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProjectInlineConfiguration } from 'vitest/config';

const root = path.dirname(fileURLToPath(import.meta.url));
const testFilePattern = /\.test\.tsx?$/;

/**
 * Test files that need modules of their own. A file that replaces a module (`vi.mock`,
 * `vi.doMock`) needs it fresh, or an earlier file's real copy is the one the app holds; a file
 * that tests state the app keeps once per page load (i18next's loaded languages, a launch
 * parameter acted on once) says so with the marker below.
 */
const freshModulesMarker = '@vitest-fresh-modules';
const needsFreshModules = /\bvi\.(?:mock|doMock)\(/;

function testFiles(folder: string): string[] {
  return readdirSync(path.join(root, folder), { recursive: true, encoding: 'utf8' })
    .filter((file) => testFilePattern.test(file))
    .map((file) => path.posix.join(folder, file.split(path.sep).join('/')));
}

const allTestFiles = [...testFiles('src'), ...testFiles('scripts')];
const isolatedFiles = allTestFiles.filter((file) => {
  const source = readFileSync(path.join(root, file), 'utf8');
  return source.includes(freshModulesMarker) || needsFreshModules.test(source);
});

const eachProject = {
  root,
  environment: 'happy-dom',
  setupFiles: ['./vitest.setup.ts'],
} satisfies TestProjectInlineConfiguration['test'];

/**
 * Most files share their worker's loaded modules: importing React, Mantine and the app afresh
 * for every file was most of the web tests' time. Each file still gets a page of its own
 * (happy-dom), and the setup and each file's hooks undo what a test leaves behind (the session,
 * toasts, stubbed calls). The files in `isolatedFiles` keep loading their modules afresh.
 * `--project 'web*'` runs both.
 */
export const webProjects: TestProjectInlineConfiguration[] = [
  {
    test: {
      ...eachProject,
      name: 'web',
      include: allTestFiles.filter((file) => !isolatedFiles.includes(file)),
      isolate: false,
    },
  },
  { test: { ...eachProject, name: 'web-isolated', include: isolatedFiles } },
];
