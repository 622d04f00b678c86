import { readFileSync } from 'node:fs';
import { documentFiles, parseDocument } from './doc-examples';
import { DocumentSession } from './doc-session';

/**
 * Every request example of README.md and docs/ runs against the app started with the demo
 * configuration, and its answer must be the one the document shows (the format, the placeholders
 * and the markers are described at the top of ./doc-examples.ts). One document, one fresh service.
 */
describe('Documentation examples (README.md and docs/)', function () {
  this.timeout(60_000);
  for (const file of documentFiles()) {
    const doc = parseDocument(readFileSync(file, 'utf8'), file);
    if (doc.examples.length === 0) continue;
    describe(doc.file, () => {
      let session: DocumentSession | undefined;
      before(async function () {
        if (doc.examples.every((e) => e.skip !== null)) return;
        session = await DocumentSession.start(doc);
      });
      after(async () => {
        await session?.stop();
      });
      for (const example of doc.examples) {
        const title = `${doc.file}:${example.line} ${example.source.split('\n').find((l) => l.trim().startsWith('curl'))?.trim().slice(0, 90) ?? ''}`;
        if (example.skip !== null) it.skip(`${title} (not run: ${example.skip})`);
        else it(title, async () => session!.run(example));
      }
    });
  }
});
