import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fsyncFile, fsyncFolder, hasCode } from './durable-file';

/** The key that signs download URLs of the local engine: URL_SIGNING_KEY, else one generated once and kept in DATA_DIR. */

export const SIGNING_KEY_FILE = 'url-signing.key';
const GENERATED_KEY_BYTES = 32;
const MIN_CONFIGURED_KEY_LENGTH = 32;

export async function loadOrCreateSigningKey(dataDir: string, envValue?: string): Promise<Buffer> {
  if (envValue !== undefined && envValue !== '') return configuredKey(envValue);
  const path = join(dataDir, SIGNING_KEY_FILE);
  return (await readKeyFile(path)) ?? (await createKeyFile(dataDir, path));
}

function configuredKey(envValue: string): Buffer {
  if (envValue.length < MIN_CONFIGURED_KEY_LENGTH) {
    throw new Error(`URL_SIGNING_KEY must be at least ${MIN_CONFIGURED_KEY_LENGTH} characters long`);
  }
  return Buffer.from(envValue, 'utf8');
}

async function readKeyFile(path: string): Promise<Buffer | null> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if (hasCode(error, 'ENOENT')) return null;
    throw error;
  }
  const key = Buffer.from(text.trim(), 'base64url');
  if (key.length < GENERATED_KEY_BYTES) throw new Error(`${path} does not hold a URL signing key; remove it to generate a new one`);
  return key;
}

/**
 * Writes a fresh key to a private temp file, then links it into place: the link fails if another
 * process got there first, and then that process's key is the one everyone uses.
 */
async function createKeyFile(dataDir: string, path: string): Promise<Buffer> {
  await mkdir(dataDir, { recursive: true });
  const key = randomBytes(GENERATED_KEY_BYTES);
  const temp = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    await writeFile(temp, key.toString('base64url') + '\n', { mode: 0o600, flag: 'wx' });
    await fsyncFile(temp);
    await link(temp, path);
    await fsyncFolder(dataDir);
    return key;
  } catch (error) {
    if (!hasCode(error, 'EEXIST')) throw error;
    const existing = await readKeyFile(path);
    if (existing === null) throw error;
    return existing;
  } finally {
    await rm(temp, { force: true });
  }
}
