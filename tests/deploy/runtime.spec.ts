// One runtime everywhere (issue 38): npm start, npm test and CI run on the Node pinned in .node-version
// (scripts/lib/runtime.mjs re-executes them there), and package.json's engines admit that version and no older major.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const ROOT = new URL('../../', import.meta.url);
const pinned = readFileSync(new URL('.node-version', ROOT), 'utf8').trim();
const { engines } = JSON.parse(readFileSync(new URL('package.json', ROOT), 'utf8')) as { engines: { node: string } };
// npm's own range semantics; semver is in node_modules without type declarations
const semver = createRequire(import.meta.url)('semver') as { satisfies(version: string, range: string): boolean };

describe('the Node runtime', () => {
  it('is Node 24, pinned to one exact version', () => {
    expect(pinned).toMatch(/^24\.\d+\.\d+$/);
  });

  it('runs this Jest worker and the `node` on PATH (npx, npm, shell commands) on the pinned version', () => {
    expect(process.version).toBe(`v${pinned}`);
    expect(execFileSync('node', ['--version'], { encoding: 'utf8' }).trim()).toBe(`v${pinned}`);
  });

  it('package.json engines admit the pinned version and neither Node 20 nor Node 22', () => {
    expect(semver.satisfies(pinned, engines.node)).toBe(true);
    for (const older of ['20.19.0', '20.20.2', '22.12.0', '22.99.0', '23.11.0'])
      expect({ older, admitted: semver.satisfies(older, engines.node) }).toEqual({ older, admitted: false });
  });
});
