/**
 * The request examples of README.md and docs/**.md, read from the Markdown, run against the app
 * started with the demo configuration (app/config/demo-accounts.json, unmodified), and their
 * answers checked against what the document shows. A document is its own session: its examples run
 * in order against one fresh service (an empty data directory), so ticket numbers start at 1 and a
 * later example can use a value an earlier answer gave.
 *
 * AN EXAMPLE is what a reader copies and what they then see:
 *
 *   ```sh                  one curl command (lines may continue with a backslash). Beside it only
 *   curl -s ...            `# comments` and shell variables (`NAME=value`, `export NAME=value`),
 *   ```                    which later commands of the document may use as $NAME.
 *
 *   followed, with nothing but blank lines between, by its answer:
 *
 *   ```json                the body that `curl -s` prints; the status must be 2xx.
 *   ```text / ```csv       a body that is not JSON (`curl -s`); the status must be 2xx.
 *   ```ndjson              JSON lines; the expected values may be spread over several lines.
 *   ```http                what `curl -si` prints (or `curl -s -D - -o <file>`: no body): the status
 *                          line (`HTTP/1.1 202 Accepted`, its code is checked), the headers that
 *                          matter (each must be there with that value), a blank line, the body.
 *
 *   curl options understood: -s -S -i -N (and their combinations such as -si), -X/--request,
 *   -H/--header, -d/--data/--data-raw/--data-binary (as curl does, a body without a Content-Type
 *   header is sent as application/x-www-form-urlencoded, and it makes the method POST), -D -
 *   (print the headers), -o/--output <file> (the body goes to the file, not to the screen).
 *   Quoting as in sh: '...', "..." (with $NAME), backslash escapes. Pipes, redirections, command
 *   substitution and any other option are refused, so every example stays a plain request.
 *   http://127.0.0.1:8080 (and http://localhost:8080) is the service under test, in commands and
 *   answers; http://127.0.0.1:4040 is the reference store system when the document asks for it.
 *
 * PLACEHOLDERS in answers stand for what changes from run to run:
 *
 *   "<time>"           an ISO 8601 date-time (each occurrence on its own).
 *   "<any>"            any value.
 *   "<name>"           any value, remembered as `name` (a lower-case letter, then letters, digits or
 *                      _; so <ACCESS_TOKEN> is plain text): a later "<name>" in the document must be
 *                      the same value, and later commands use it as $name (the reader sets
 *                      `name=...` from their own answer).
 *   "…": "…"           in an object: it may have keys the document does not show. Without it the
 *                      keys must be exactly those shown.
 *   "…"                as an array element: any number of elements there; as a value: anything.
 *   inside a string    `…` is any text, `<time>`/`<any>`/`<name>` as above ("/apis/x/<jobId>").
 *   in text bodies     the same, `…` spanning lines; line ends are compared without CR.
 *   in headers         the same as inside a string.
 *
 * MARKERS, HTML comments (GitHub does not show them) on the line right before the ```sh fence:
 *
 *   <!-- example: poll -->            sends the request again (every 100 ms, up to 20 s) until the
 *                                     answer is the one shown: a job's status that moves on.
 *   <!-- example: skip: <reason> -->  not run (mocha lists it as pending, with the reason); only for
 *                                     what the demo configuration cannot answer here.
 *
 * and anywhere in a document, for the whole document (its text says so to the reader):
 *
 *   <!-- examples: store-reference --> the reference store system (store-reference/, with the demo
 *                                     catalog) runs beside the service, as `npm run
 *                                     start:store-reference` does; the demo configuration's store
 *                                     URL, http://127.0.0.1:4040, is pointed at it.
 *   <!-- examples: chat-app-platform --> a stand-in of the WhatsApp Cloud API (the messaging tests'
 *                                     fake, listing their four templates) takes the place of the
 *                                     demo configuration's platform, http://127.0.0.1:4020.
 *   <!-- examples: webhook-receiver --> a receiver that answers 200 to every request listens at
 *                                     http://127.0.0.1:4050, and the service runs with
 *                                     WEBHOOK_ALLOWED_HOSTS=127.0.0.1:4050 (plain http to that
 *                                     receiver's port only; the test allows the real receiver's).
 *
 * Any other fenced block holding a line that starts with `curl ` is an error, so no request example
 * goes unchecked by accident.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';

export const REPO_ROOT = path.resolve(__dirname, '..', '..', '..');
const DOC_BASE_URL = 'http://127.0.0.1:8080';
const DOC_BASE_URLS = [DOC_BASE_URL, 'http://localhost:8080'];
export const DOC_STORE_URL = 'http://127.0.0.1:4040';
const DOC_RECEIVER_URL = 'http://127.0.0.1:4050';

/** README.md and every Markdown file under docs/, in a stable order. */
export const documentFiles = (): string[] => {
  const out = [path.join(REPO_ROOT, 'README.md')];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const full = path.join(dir, name.name);
      if (name.isDirectory()) walk(full);
      else if (name.name.endsWith('.md')) out.push(full);
    }
  };
  walk(path.join(REPO_ROOT, 'docs'));
  return out;
};

// ---------------------------------------------------------------------------------------------
// Markdown

interface Fence {
  readonly lang: string;
  readonly body: string;
  /** 1-based line of the opening fence. */
  readonly line: number;
  /** Index of the opening fence's line and of the closing fence's line (0-based). */
  readonly start: number;
  readonly end: number;
}

const fences = (markdown: string): Fence[] => {
  const lines = markdown.split('\n');
  const out: Fence[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^(\s*)(```+|~~~+)\s*([^\s`]*)/.exec(lines[i]);
    if (!open) continue;
    const marker = open[2];
    let j = i + 1;
    while (j < lines.length && !lines[j].trim().startsWith(marker)) j++;
    out.push({ lang: open[3].toLowerCase(), body: lines.slice(i + 1, j).join('\n'), line: i + 1, start: i, end: j });
    i = j;
  }
  return out;
};

type ExpectedKind = 'json' | 'text' | 'ndjson' | 'http';

interface ExpectedAnswer {
  readonly kind: ExpectedKind;
  /** The status code an http answer shows; body-only answers expect 2xx. */
  readonly status: number | null;
  readonly headers: readonly (readonly [string, string])[];
  /** The body as the document shows it ('' for none). */
  readonly body: string;
  readonly line: number;
}

export interface Example {
  readonly file: string;
  /** 1-based line of the ```sh fence. */
  readonly line: number;
  /** The block as written. */
  readonly source: string;
  readonly poll: boolean;
  readonly skip: string | null;
  readonly answer: ExpectedAnswer | null;
}

/** What runs beside the service for a document's examples. */
type DocumentSetup = 'store-reference' | 'chat-app-platform' | 'webhook-receiver';
const SETUPS: readonly DocumentSetup[] = ['store-reference', 'chat-app-platform', 'webhook-receiver'];

export interface DocumentExamples {
  readonly file: string;
  readonly setup: readonly DocumentSetup[];
  readonly examples: readonly Example[];
}

const SHELL = new Set(['sh', 'bash', 'shell', 'console', 'zsh']);
const ANSWERS: Record<string, ExpectedKind> = { json: 'json', text: 'text', csv: 'text', ndjson: 'ndjson', http: 'http', '': 'text' };
const CURL_LINE = /^\s*curl\s/m;

const parseAnswer = (fence: Fence, where: string): ExpectedAnswer => {
  const kind = ANSWERS[fence.lang];
  if (kind !== 'http') return { kind, status: null, headers: [], body: fence.body, line: fence.line };
  const lines = fence.body.split('\n');
  const statusLine = /^HTTP\/[\d.]+\s+(\d{3})\b/.exec(lines[0] ?? '');
  if (!statusLine) throw new Error(`${where}: an http answer starts with its status line (HTTP/1.1 200 OK), got "${lines[0]}"`);
  const headers: [string, string][] = [];
  let i = 1;
  for (; i < lines.length && lines[i].trim() !== ''; i++) {
    const h = /^([A-Za-z0-9-]+):\s?(.*)$/.exec(lines[i]);
    if (!h) throw new Error(`${where}: "${lines[i]}" is not a header line (Name: value)`);
    headers.push([h[1], h[2].trimEnd()]);
  }
  return { kind, status: Number(statusLine[1]), headers, body: lines.slice(i + 1).join('\n'), line: fence.line };
};

/** The examples of one document, in order; a malformed example is an error naming its line. */
export const parseDocument = (markdown: string, file: string): DocumentExamples => {
  const lines = markdown.split('\n');
  const all = fences(markdown);
  const examples: Example[] = [];
  const rel = path.relative(REPO_ROOT, file) || file;
  for (let k = 0; k < all.length; k++) {
    const f = all[k];
    const where = `${rel}:${f.line}`;
    if (!CURL_LINE.test(f.body)) continue;
    if (!SHELL.has(f.lang)) throw new Error(`${where}: a curl command in a \`\`\`${f.lang || '(no language)'} block; requests are \`\`\`sh blocks followed by their answer`);
    let before = f.start - 1;
    while (before >= 0 && lines[before].trim() === '') before--;
    const marker = before >= 0 ? /^<!--\s*example:\s*(poll|skip)\s*:?\s*(.*?)\s*-->$/.exec(lines[before].trim()) : null;
    const poll = marker?.[1] === 'poll';
    const skip = marker?.[1] === 'skip' ? marker[2] || 'no reason given' : null;
    if (marker?.[1] === 'skip' && !marker[2]) throw new Error(`${where}: a skipped example says why (<!-- example: skip: <reason> -->)`);
    // Its answer: the next fence, with only blank lines between.
    const next = all[k + 1];
    let answer: ExpectedAnswer | null = null;
    if (next && lines.slice(f.end + 1, next.start).every((l) => l.trim() === '') && next.lang in ANSWERS && !CURL_LINE.test(next.body)) {
      answer = parseAnswer(next, `${rel}:${next.line}`);
      k++;
    }
    if (answer === null && skip === null) throw new Error(`${where}: a request example is followed directly by its answer (a \`\`\`json, \`\`\`http, \`\`\`text or \`\`\`ndjson block)`);
    examples.push({ file: rel, line: f.line, source: f.body, poll, skip, answer });
  }
  const setup = [...markdown.matchAll(/^<!--\s*examples:\s*(\S+)\s*-->\s*$/gm)].map((m) => {
    if (!SETUPS.includes(m[1] as DocumentSetup)) throw new Error(`${rel}: unknown <!-- examples: ${m[1]} --> (known: ${SETUPS.join(', ')})`);
    return m[1] as DocumentSetup;
  });
  return { file: rel, setup, examples };
};

// ---------------------------------------------------------------------------------------------
// Shell and curl

export interface CurlRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string | undefined;
  /** -i: the status line and headers are printed before the body. */
  readonly include: boolean;
  /** -D -: the headers are printed. */
  readonly dumpHeaders: boolean;
  /** -o <file>: the body is written to a file. */
  readonly output: string | null;
}

export type Variables = Map<string, string>;

/**
 * Reads one command from `src` at `start` as sh does for the quoting the examples use: words split
 * at unquoted blanks, '...' and "..." (with $NAME, ${NAME} and backslash escapes), a backslash before
 * a newline continues the line, `#` at the start of a word comments out the rest of the line. The
 * command ends at an unquoted newline (when `lines`) or at the end.
 */
const readCommand = (src: string, start: number, vars: Variables, lines: boolean): { words: string[]; next: number } => {
  const words: string[] = [];
  let word: string | null = null;
  const add = (s: string) => {
    word = (word ?? '') + s;
  };
  const expand = (i: number): [string, number] => {
    // src[i] === '$'
    if (src[i + 1] === '(') throw new Error('command substitution ($(...)) is not a plain request');
    let name: string;
    let end: number;
    if (src[i + 1] === '{') {
      end = src.indexOf('}', i + 2);
      if (end < 0) throw new Error('unclosed ${');
      name = src.slice(i + 2, end);
      end += 1;
    } else {
      const m = /^[A-Za-z_][A-Za-z0-9_]*/.exec(src.slice(i + 1));
      if (!m) return ['$', i + 1];
      name = m[0];
      end = i + 1 + name.length;
    }
    const value = vars.get(name);
    if (value === undefined) throw new Error(`$${name} is not set by an earlier example or variable line of this document`);
    return [value, end];
  };
  let i = start;
  while (i < src.length) {
    const c = src[i];
    if (c === '\n' && lines) {
      i++;
      break;
    }
    if (c === ' ' || c === '\t' || c === '\n') {
      if (word !== null) words.push(word);
      word = null;
      i++;
    } else if (c === '#' && word === null) {
      while (i < src.length && src[i] !== '\n') i++;
    } else if (c === "'") {
      const end = src.indexOf("'", i + 1);
      if (end < 0) throw new Error('unclosed single quote');
      add(src.slice(i + 1, end));
      i = end + 1;
    } else if (c === '"') {
      let s = '';
      i++;
      while (i < src.length && src[i] !== '"') {
        if (src[i] === '\\' && '"\\$`\n'.includes(src[i + 1])) {
          if (src[i + 1] !== '\n') s += src[i + 1];
          i += 2;
        } else if (src[i] === '$') {
          const [v, next] = expand(i);
          s += v;
          i = next;
        } else if (src[i] === '`') {
          throw new Error('command substitution (`...`) is not a plain request');
        } else s += src[i++];
      }
      if (i >= src.length) throw new Error('unclosed double quote');
      add(s);
      i++;
    } else if (c === '\\') {
      if (src[i + 1] !== '\n') add(src[i + 1] ?? '');
      i += 2;
    } else if (c === '$') {
      const [v, next] = expand(i);
      add(v);
      i = next;
    } else if ('|;&<>`()'.includes(c)) {
      throw new Error(`"${c}" (a pipe, redirection, list or subshell) is not a plain request`);
    } else {
      add(c);
      i++;
    }
  }
  if (word !== null) words.push(word);
  return { words, next: i };
};

/** The words of one command (newlines are blanks). */
export const shellWords = (command: string, vars: Variables): string[] => readCommand(command, 0, vars, false).words;

export const parseCurl = (words: readonly string[]): CurlRequest => {
  if (words[0] !== 'curl') throw new Error(`not a curl command: ${words[0]}`);
  let method: string | null = null;
  const headers: Record<string, string> = {};
  let body: string | undefined;
  let url: string | null = null;
  let include = false;
  let dumpHeaders = false;
  let output: string | null = null;
  for (let i = 1; i < words.length; i++) {
    const w = words[i];
    const value = () => {
      if (i + 1 >= words.length) throw new Error(`${w} needs a value`);
      return words[++i];
    };
    if (/^-[sSiN]+$/.test(w)) {
      if (w.includes('i')) include = true;
    } else if (['--silent', '--show-error', '--no-buffer'].includes(w)) {
      // what is printed, not what is sent
    } else if (w === '--include') include = true;
    else if (w === '-X' || w === '--request') method = value().toUpperCase();
    else if (w === '-H' || w === '--header') {
      const h = /^([^:]+):\s*(.*)$/.exec(value());
      if (!h) throw new Error(`-H "${words[i]}" is not Name: value`);
      headers[h[1].trim()] = h[2];
    } else if (['-d', '--data', '--data-raw', '--data-binary'].includes(w)) {
      const v = value();
      if (v.startsWith('@') && w !== '--data-raw') throw new Error(`${w} @file reads a file: write the body in the example`);
      body = body === undefined ? v : `${body}&${v}`;
    } else if (w === '-D' || w === '--dump-header') {
      if (value() !== '-') throw new Error('-D only as "-D -" (the headers printed)');
      dumpHeaders = true;
    } else if (w === '-o' || w === '--output') output = value();
    else if (w.startsWith('-')) throw new Error(`curl option ${w} is not one the example runner knows (see test/src/docs/doc-examples.ts)`);
    else if (url === null) url = w;
    else throw new Error(`a second URL (${w}): one request per example`);
  }
  if (url === null) throw new Error('curl without a URL');
  if (body !== undefined && !Object.keys(headers).some((h) => h.toLowerCase() === 'content-type')) headers['Content-Type'] = 'application/x-www-form-urlencoded';
  return { method: method ?? (body !== undefined ? 'POST' : 'GET'), url, headers, body, include, dumpHeaders, output };
};

/** Runs the variable lines of a block (into `vars`, in order) and returns its one curl request. */
export const readBlock = (block: string, vars: Variables): CurlRequest => {
  let request: CurlRequest | null = null;
  for (let i = 0; i < block.length; ) {
    const lineStart = i;
    const { words, next } = readCommand(block, i, vars, true);
    i = next;
    if (words.length === 0) continue;
    const assignment = words[0] === 'export' ? words.slice(1) : words;
    const eq = assignment.length === 1 ? /^([A-Za-z_][A-Za-z0-9_]*)=([\s\S]*)$/.exec(assignment[0]) : null;
    if (eq) {
      vars.set(eq[1], eq[2]);
      continue;
    }
    const text = block.slice(lineStart, next).trim();
    if (words[0] !== 'curl') throw new Error(`"${text}" is neither curl nor a variable: keep other commands out of request examples`);
    if (request !== null) throw new Error('one curl command per example (split the block)');
    request = parseCurl(words);
  }
  if (request === null) throw new Error('no curl command');
  return request;
};

// ---------------------------------------------------------------------------------------------
// Answers

export interface ActualAnswer {
  readonly status: number;
  readonly headers: Headers;
  readonly text: string;
}

export type Captures = Map<string, unknown>;

const ELLIPSIS = '…';
const WHOLE_PLACEHOLDER = /^<([a-z][A-Za-z0-9_]*)>$/;
const ISO_TIME = '\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(?:\\.\\d+)?(?:Z|[+-]\\d{2}:\\d{2})';
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

const show = (v: unknown): string => {
  const s = v === undefined ? 'nothing' : JSON.stringify(v);
  return s.length > 600 ? `${s.slice(0, 600)}…` : s;
};

/** A string of the document with placeholders (…, <time>, <any>, <name>) matched against a real one. */
const matchPattern = (pattern: string, actual: string, captures: Captures): boolean => {
  if (!pattern.includes(ELLIPSIS) && !/<[a-z][A-Za-z0-9_]*>/.test(pattern)) return pattern === actual;
  const newNames: string[] = [];
  let re = '';
  let last = 0;
  const token = /…|<([a-z][A-Za-z0-9_]*)>/g;
  for (const m of pattern.matchAll(token)) {
    re += escapeRe(pattern.slice(last, m.index));
    last = m.index + m[0].length;
    const name = m[1];
    if (m[0] === ELLIPSIS || name === 'any') re += '[\\s\\S]*?';
    else if (name === 'time') re += ISO_TIME;
    else if (captures.has(name)) re += escapeRe(String(captures.get(name)));
    else if (newNames.includes(name)) re += `\\k<${name}>`;
    else {
      newNames.push(name);
      re += `(?<${name}>[\\s\\S]+?)`;
    }
  }
  re += escapeRe(pattern.slice(last));
  const m = new RegExp(`^${re}$`).exec(actual);
  if (!m) return false;
  for (const n of newNames) captures.set(n, m.groups![n]);
  return true;
};

/** Compares a value the document shows with the real one; returns the problems (empty: it matches), capturing names on success. */
export const matchValue = (expected: unknown, actual: unknown, at: string, captures: Captures): string[] => {
  if (typeof expected === 'string') {
    if (expected === ELLIPSIS) return actual === undefined ? [`${at}: expected a value, got nothing`] : [];
    const whole = WHOLE_PLACEHOLDER.exec(expected);
    if (whole) {
      const name = whole[1];
      if (actual === undefined) return [`${at}: expected ${expected}, got nothing`];
      if (name === 'any') return [];
      if (name === 'time') return typeof actual === 'string' && new RegExp(`^${ISO_TIME}$`).test(actual) ? [] : [`${at}: expected an ISO 8601 date-time, got ${show(actual)}`];
      if (captures.has(name)) return isDeepStrictEqual(captures.get(name), actual) ? [] : [`${at}: expected <${name}> = ${show(captures.get(name))} (as earlier in the document), got ${show(actual)}`];
      captures.set(name, actual);
      return [];
    }
    if (typeof actual !== 'string') return [`${at}: expected ${show(expected)}, got ${show(actual)}`];
    return matchPattern(expected, actual, captures) ? [] : [`${at}: expected ${show(expected)}, got ${show(actual)}`];
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return [`${at}: expected an array, got ${show(actual)}`];
    if (!expected.includes(ELLIPSIS)) {
      if (expected.length !== actual.length) return [`${at}: expected ${expected.length} elements, got ${actual.length}: ${show(actual)}`];
      return expected.flatMap((e, i) => matchValue(e, actual[i], `${at}[${i}]`, captures));
    }
    const trial = new Map(captures);
    if (!alignArray(expected, 0, actual, 0, trial)) return [`${at}: expected ${show(expected)}, got ${show(actual)}`];
    for (const [k, v] of trial) captures.set(k, v);
    return [];
  }
  if (typeof expected === 'object' && expected !== null) {
    if (typeof actual !== 'object' || actual === null || Array.isArray(actual)) return [`${at}: expected an object, got ${show(actual)}`];
    const exp = expected as Record<string, unknown>;
    const act = actual as Record<string, unknown>;
    const problems: string[] = [];
    for (const [k, v] of Object.entries(exp)) {
      if (k === ELLIPSIS) continue;
      const key = /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(k) ? `${at}.${k}` : `${at}[${JSON.stringify(k)}]`;
      if (!(k in act)) problems.push(`${key}: expected ${show(v)}, the answer has no such key`);
      else problems.push(...matchValue(v, act[k], key, captures));
    }
    if (!(ELLIPSIS in exp)) {
      const extra = Object.keys(act).filter((k) => !(k in exp));
      if (extra.length > 0) problems.push(`${at}: keys the document does not show: ${extra.join(', ')} (show them, or add "…": "…")`);
    }
    return problems;
  }
  return isDeepStrictEqual(expected, actual) ? [] : [`${at}: expected ${show(expected)}, got ${show(actual)}`];
};

/** Arrays with "…" elements: a backtracking alignment (the arrays of the documents are short). */
const alignArray = (exp: readonly unknown[], i: number, act: readonly unknown[], j: number, captures: Captures): boolean => {
  if (i === exp.length) return j === act.length;
  if (exp[i] === ELLIPSIS) {
    for (let skip = j; skip <= act.length; skip++) {
      const trial = new Map(captures);
      if (alignArray(exp, i + 1, act, skip, trial)) {
        for (const [k, v] of trial) captures.set(k, v);
        return true;
      }
    }
    return false;
  }
  if (j >= act.length) return false;
  const trial = new Map(captures);
  if (matchValue(exp[i], act[j], '', trial).length > 0) return false;
  if (!alignArray(exp, i + 1, act, j + 1, trial)) return false;
  for (const [k, v] of trial) captures.set(k, v);
  return true;
};

/** Top-level JSON values of a text (NDJSON, or values spread over lines); a bare … line is "…". */
const jsonValues = (text: string): unknown[] => {
  const out: unknown[] = [];
  let depth = 0;
  let inString = false;
  let start = -1;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
      continue;
    }
    if (depth === 0 && c === ELLIPSIS) {
      out.push(ELLIPSIS);
      continue;
    }
    if (c === '"') {
      inString = true;
      if (depth === 0 && start < 0) start = i;
    } else if (c === '{' || c === '[') {
      if (depth === 0) start = i;
      depth++;
    } else if (c === '}' || c === ']') {
      depth--;
      if (depth === 0) {
        out.push(JSON.parse(text.slice(start, i + 1)));
        start = -1;
      }
    } else if (depth === 0 && /\S/.test(c)) {
      throw new Error(`unexpected "${c}" between JSON values`);
    }
  }
  return out;
};

/** Where a text body differs: the first line that does not match, when the lines pair up; else both texts. */
const textDifference = (shown: string, got: string): string => {
  const a = shown.split('\n');
  const b = got.split('\n');
  if (a.length === b.length) {
    const trial: Captures = new Map();
    const i = a.findIndex((line, k) => !matchPattern(line, b[k], trial));
    if (i >= 0) return `body line ${i + 1}: expected ${show(a[i])}, got ${show(b[i])}`;
  }
  return `body: expected text ${show(shown)}, got ${show(got)}`;
};

const rewrite = (text: string, endpoints: Endpoints): string => {
  let out = text;
  for (const b of DOC_BASE_URLS) out = out.split(b).join(endpoints.base);
  if (endpoints.store !== null) out = out.split(DOC_STORE_URL).join(endpoints.store);
  if (endpoints.receiver) out = out.split(DOC_RECEIVER_URL).join(endpoints.receiver);
  return out;
};

export interface Endpoints {
  /** The service under test, for http://127.0.0.1:8080. */
  readonly base: string;
  /** The reference store system, for http://127.0.0.1:4040 (when the document asks for it). */
  readonly store: string | null;
  /** A webhook receiver, for http://127.0.0.1:4050 (when the document asks for it). */
  readonly receiver?: string | null;
}

/** Every difference between the answer the document shows and the real one; captures are kept only when there is none. */
export const compareAnswer = (expected: ExpectedAnswer, request: CurlRequest, actual: ActualAnswer, captures: Captures, endpoints: Endpoints): string[] => {
  const trial = new Map(captures);
  const problems: string[] = [];
  const printsHeaders = request.include || request.dumpHeaders;
  const printsBody = request.output === null;
  if (printsHeaders !== (expected.kind === 'http')) {
    problems.push(printsHeaders ? 'curl -i / -D - prints the status line and headers: show the answer as an ```http block' : 'curl without -i prints only the body: show it as ```json or ```text, or add -i');
    return problems;
  }
  if (expected.kind === 'http') {
    if (actual.status !== expected.status) problems.push(`status: expected ${expected.status}, got ${actual.status}`);
    for (const [name, value] of expected.headers) {
      const got = actual.headers.get(name);
      if (got === null) problems.push(`header ${name}: expected "${value}", the answer has none`);
      else if (!matchPattern(rewrite(value, endpoints), got, trial)) problems.push(`header ${name}: expected "${value}", got "${got}"`);
    }
  } else if (actual.status < 200 || actual.status > 299) {
    problems.push(`status: the document shows a body of a successful answer, got ${actual.status} (show failures with curl -i and an \`\`\`http block)`);
  }
  const shownBody = rewrite(expected.body, endpoints).trim();
  if (!printsBody) {
    if (shownBody !== '') problems.push('with -o the body goes to the file: the answer shows no body');
  } else {
    const type = actual.headers.get('content-type') ?? '';
    if (/[/+]json\b/.test(type) || expected.kind === 'json') {
      let body: unknown;
      try {
        body = JSON.parse(actual.text);
      } catch {
        problems.push(`body: expected JSON, got ${show(actual.text)}`);
      }
      if (problems.length === 0) {
        let shown: unknown;
        try {
          shown = JSON.parse(shownBody);
        } catch (e) {
          throw new Error(`the answer shown is not JSON: ${(e as Error).message}`);
        }
        problems.push(...matchValue(shown, body, '$', trial));
      }
    } else if (/ndjson/.test(type) || expected.kind === 'ndjson') {
      const lines = actual.text.split('\n').filter((l) => l.trim() !== '').map((l) => JSON.parse(l));
      problems.push(...matchValue(jsonValues(shownBody), lines, '$lines', trial));
    } else {
      const got = actual.text.replace(/\r\n/g, '\n').replace(/\n+$/, '');
      if (!matchPattern(shownBody, got, trial)) problems.push(textDifference(shownBody, got));
    }
  }
  if (problems.length === 0) for (const [k, v] of trial) captures.set(k, v);
  return problems;
};

/** The variables a later command sees: the captures (as text) and the variable lines. */
export const variablesOf = (captures: Captures, assigned: Variables): Variables => {
  const vars = new Map(assigned);
  for (const [k, v] of captures) vars.set(k, typeof v === 'string' ? v : JSON.stringify(v));
  return vars;
};

export const rewriteUrl = (url: string, endpoints: Endpoints): string => rewrite(url, endpoints);
