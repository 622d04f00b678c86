import { readFileSync } from 'node:fs';
import * as E from 'fp-ts/Either';
import { parse as parseYaml } from 'yaml';
import { AccountDirectory, decodeAccountConfig } from '@support/domain';

/** Startup stops with this: it names the file, and for each problem the account, path and reason. */
export class ConfigurationError extends Error {
  override readonly name = 'ConfigurationError';
}

const parseDocument = (file: string, text: string): unknown => {
  if (/\.ya?ml$/i.test(file)) return parseYaml(text);
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new ConfigurationError(`Invalid configuration in ${file}: not valid JSON (${(e as Error).message})`);
  }
};

export const loadAccountConfig = (file: string): AccountDirectory => {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new ConfigurationError(`Cannot read the configuration file ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  const decoded = decodeAccountConfig(parseDocument(file, text));
  if (E.isLeft(decoded)) {
    throw new ConfigurationError(`Invalid configuration in ${file}:\n${decoded.left.map((p) => `  - ${p.message}`).join('\n')}`);
  }
  return decoded.right;
};
