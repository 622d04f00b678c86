import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { documentFiles, REPO_ROOT } from './doc-examples';

/** Folders that are not the repository's own text: dependencies, build output, data, git. */
const SKIPPED = new Set(['node_modules', 'dist', '.git', 'data', '.tmp', '.generated-client']);
const TEXT = /\.(md|ts|js|json|ya?ml|conf|sh|txt)$|^(Dockerfile|\.gitignore|\.dockerignore)$/;

const repositoryFiles = (dir: string, out: string[] = []): string[] => {
  for (const name of readdirSync(dir)) {
    if (SKIPPED.has(name)) continue;
    const full = path.join(dir, name);
    const stat = statSync(full);
    if (stat.isDirectory()) repositoryFiles(full, out);
    else if (TEXT.test(name) && stat.size < 5_000_000) out.push(full);
  }
  return out;
};

/** A Markdown file without its fenced blocks. */
const prose = (file: string): string => readFileSync(file, 'utf8').replace(/^```[\s\S]*?^```/gm, '');

/** The anchors GitHub makes of a page's headings: lower case, punctuation dropped, spaces as hyphens. */
const anchors = (file: string): Set<string> =>
  new Set(
    [...prose(file).matchAll(/^#{1,6}\s+(.+?)\s*$/gm)].map((m) =>
      m[1]
        .toLowerCase()
        .replace(/[^\p{L}\p{N} _-]/gu, '')
        .replace(/ /g, '-'),
    ),
  );

/** `file:line: text` of every line of the repository's files (this test's own file aside) that matches. */
const linesMatching = (pattern: RegExp, fileFilter: (file: string) => boolean): string[] => {
  const self = path.join('test', 'src', 'docs', 'doc-links.test.ts');
  return repositoryFiles(REPO_ROOT)
    .filter((f) => fileFilter(f) && !f.endsWith(self))
    .flatMap((f) => readFileSync(f, 'utf8').split('\n').map((line, i) => ({ f, line, i })))
    .filter(({ line }) => pattern.test(line))
    .map(({ f, line, i }) => `${path.relative(REPO_ROOT, f)}:${i + 1}: ${line.trim()}`);
};

describe('Documentation stays inside the repository', () => {
  it('given every text file of the repository, then none points readers at documents outside it (../shared/spec, ../shared/contract)', () => {
    expect(linesMatching(/\.\.\/shared\/(spec|contract)\b/, () => true)).to.deep.equal([]);
  });

  it('given every TypeScript source, then none cites the spec by section number (a reader with a clone follows docs/api/ instead)', () => {
    expect(linesMatching(/\bspec \d/i, (f) => f.endsWith('.ts'))).to.deep.equal([]);
  });

  it('given README.md and docs/, then every relative link names a file of the repository, and every #anchor a heading of its page', () => {
    const broken: string[] = [];
    for (const file of documentFiles()) {
      for (const m of prose(file).matchAll(/\]\(([^)\s]+)\)/g)) {
        const target = m[1];
        if (/^[a-z]+:/i.test(target)) continue;
        const [page, anchor] = target.split('#');
        const resolved = page === '' ? file : path.resolve(path.dirname(file), page);
        if (!existsSync(resolved)) broken.push(`${path.relative(REPO_ROOT, file)}: ${target}`);
        else if (anchor !== undefined && resolved.endsWith('.md') && !anchors(resolved).has(anchor)) broken.push(`${path.relative(REPO_ROOT, file)}: ${target} (no such heading)`);
      }
    }
    expect(broken).to.deep.equal([]);
  });
});
