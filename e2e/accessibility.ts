import fs from 'node:fs';
import { createRequire } from 'node:module';
import { type Page, expect } from '@playwright/test';

const require = createRequire(import.meta.url);
/** axe-core's browser build, evaluated in the page (the app's CSP allows no injected script tag). */
const axeSource = fs.readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/**
 * Runs axe-core on the page as it is now and fails on any serious or critical violation (colour
 * contrast included), naming each rule and the elements it found. Every screen's e2e spec calls
 * it on its key states (docs/architecture.md#accessibility).
 */
export async function expectAccessible(page: Page, where: string): Promise<void> {
  await settleAnimations(page);
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (
      window as unknown as { axe: { run(context: Document, options: object): Promise<{ violations: AxeViolation[] }> } }
    ).axe;
    const result = await axe.run(document, { resultTypes: ['violations'] });
    return result.violations.map(({ id, impact, help, nodes }) => ({
      id,
      impact,
      help,
      nodes: nodes.map((n) => ({ target: n.target })),
    }));
  });
  const serious = violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) =>
        `${violation.id} (${violation.impact}): ${violation.help} — ${violation.nodes
          .slice(0, 6)
          .map((node) => node.target.join(' '))
          .join(' | ')}${violation.nodes.length > 6 ? ` … and ${violation.nodes.length - 6} more` : ''}`,
    );
  expect(serious, `axe-core on ${where}`).toEqual([]);
}

/**
 * Waits until no CSS transition or animation has run for three frames in a row, so colours are
 * measured at rest: a dialog that is fading in would otherwise be measured at part of its opacity
 * and its text found too faint. Three frames, because Mantine starts a transition two frames after
 * the element appears (one frame in its "pre" state, then the transition itself).
 */
async function settleAnimations(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      new Promise<boolean>((resolve) => {
        let quietFrames = 0;
        const look = () => {
          // A loader's or a skeleton's endless animation never ends and changes no colour at rest.
          const moving = document
            .getAnimations()
            .some(
              (animation) => animation.playState === 'running' && animation.effect?.getTiming().iterations !== Infinity,
            );
          quietFrames = moving ? 0 : quietFrames + 1;
          if (quietFrames >= 3) resolve(true);
          else requestAnimationFrame(look);
        };
        requestAnimationFrame(look);
      }),
  );
}
