import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The byte sequences a personal value may be stored as: as written, lower-cased (search texts), JSON-escaped. */
export const storedForms = (value: string): string[] => [value, value.toLowerCase(), JSON.stringify(value).slice(1, -1)];

/** Every file under a directory (its folders' too), its path and bytes. */
export const filesUnder = (dir: string): { path: string; bytes: Buffer }[] =>
  readdirSync(dir).flatMap((name) => {
    const at = join(dir, name);
    return statSync(at).isDirectory() ? filesUnder(at) : [{ path: at, bytes: readFileSync(at) }];
  });

/** Which of these byte sequences which file under `dir` holds (`<value> in <path below dir>`), of the files `chosen` keeps. */
export const valuesHeld = (dir: string, values: readonly string[], chosen: (path: string) => boolean = () => true): string[] =>
  filesUnder(dir).filter((f) => chosen(f.path.slice(dir.length + 1))).flatMap((f) =>
    values.filter((v) => f.bytes.includes(Buffer.from(v))).map((v) => `${v} in ${f.path.slice(dir.length + 1)}`));
