/**
 * Runs an operator command (`npm run admin -- …`) against the e2e server's database, as an
 * operator would, and returns its JSON answer. The command runs in the operator process that
 * global-setup.ts started (operator-process.ts); a command that fails (exit code other than 0)
 * throws with what it printed on stderr.
 */
export async function runAdmin(args: string[]): Promise<unknown> {
  const url = process.env.E2E_OPERATOR_URL;
  if (!url) throw new Error('E2E_OPERATOR_URL is not set: the operator process runs only under global-setup.ts');
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ args }),
  });
  if (!response.ok) throw new Error(`the operator process failed on ${args.join(' ')}: ${await response.text()}`);
  const { exitCode, out, err } = (await response.json()) as { exitCode: number; out: string; err: string };
  if (exitCode !== 0) throw new Error(`npm run admin -- ${args.join(' ')} exited with ${exitCode}: ${err}`);
  return JSON.parse(out) as unknown;
}
