import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { findWorkspaceRoot } from './shared';
import {
  SHARED_WORKSPACE_LIBS,
  currentVersions,
  readRecord,
  versionProblems,
  type VersionRecord,
} from './shared-lib-versions';

describe('the recorded versions of the shared workspace libs', () => {
  it('match the libs: no shared lib changed without a version bump', () => {
    const root = findWorkspaceRoot(__dirname);
    expect(SHARED_WORKSPACE_LIBS).toEqual(['@portal/ui', '@portal/store']);
    expect(
      versionProblems(currentVersions(root), readRecord(root)).map((problem) => problem.message),
    ).toEqual([]);
  });
});

describe('versionProblems', () => {
  const roots: string[] = [];
  afterAll(() => roots.forEach((root) => fs.rmSync(root, { recursive: true, force: true })));

  /** A workspace with one lib, `@portal/ui`, at `version`, whose only source is `code`. */
  function workspace(version: string, code: string): string {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'shared-lib-versions-'));
    roots.push(root);
    fs.mkdirSync(path.join(root, 'libs', 'ui', 'src'), { recursive: true });
    fs.writeFileSync(path.join(root, 'libs', 'ui', 'package.json'), JSON.stringify({ version }));
    fs.writeFileSync(path.join(root, 'libs', 'ui', 'src', 'index.ts'), code);
    fs.writeFileSync(path.join(root, 'libs', 'ui', 'src', 'index.test.ts'), 'it.todo("anything");');
    return root;
  }
  const versionsOf = (root: string) => currentVersions(root, ['@portal/ui']);
  const kinds = (current: VersionRecord, recorded: VersionRecord) =>
    versionProblems(current, recorded).map((problem) => problem.kind);
  const recorded = versionsOf(workspace('1.2.0', 'export const a = 1;'));

  it('finds none when neither code nor version changed, whatever the tests do', () => {
    const root = workspace('1.2.0', 'export const a = 1;');
    fs.writeFileSync(path.join(root, 'libs', 'ui', 'src', 'index.test.ts'), 'it.todo("something else");');
    expect(kinds(versionsOf(root), recorded)).toEqual([]);
  });

  it('names a lib whose code changed while its version did not', () => {
    const [problem] = versionProblems(versionsOf(workspace('1.2.0', 'export const a = 2;')), recorded);
    expect(problem).toMatchObject({ name: '@portal/ui', kind: 'unbumped' });
    expect(problem!.message).toContain('bump "version" in libs/ui/package.json');
  });

  it('asks for the record once the version was bumped, and refuses a version that went back', () => {
    expect(kinds(versionsOf(workspace('1.3.0', 'export const a = 2;')), recorded)).toEqual(['unrecorded']);
    expect(kinds(versionsOf(workspace('1.10.0', 'export const a = 2;')), recorded)).toEqual(['unrecorded']);
    expect(kinds(versionsOf(workspace('1.1.9', 'export const a = 2;')), recorded)).toEqual(['backwards']);
    expect(kinds(versionsOf(workspace('1.2.0', 'export const a = 1;')), {})).toEqual(['unrecorded']);
  });
});
