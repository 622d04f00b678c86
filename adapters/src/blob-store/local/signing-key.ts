import { randomBytes } from 'node:crypto';
import { link, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fsyncFile, fsyncFolder, hasCode } from './durable-file';

/**
 * A signing key of the service: the configured value (an environment variable), else one generated
 * once and kept in DATA_DIR. The download URLs of the local engine are signed with URL_SIGNING_KEY
 * (url-signing.key); webhook secrets are derived from WEBHOOK_SIGNING_KEY (webhook-signing.key).
 */

export const SIGNING_KEY_FILE = 'url-signing.key';
export const WEBHOOK_SIGNING_KEY_FILE = 'webhook-signing.key';
const GENERATED_KEY_BYTES = 32;
const MIN_CONFIGURED_KEY_LENGTH = 32;

interface SigningKeyPlace {
  /** The file under DATA_DIR. */
  readonly file: string;
  /** The environment variable that configures it (named in errors). */
  readonly variable: string;
}

const URL_SIGNING_KEY: SigningKeyPlace = { file: SIGNING_KEY_FILE, variable: 'URL_SIGNING_KEY' };

export async function loadOrCreateSigningKey(dataDir: string, envValue?: string, place: SigningKeyPlace = URL_SIGNING_KEY): Promise<Buffer> {
  if (envValue !== undefined && envValue !== '') return configuredKey(envValue, place.variable);
  const path = join(dataDir, place.file);
  return (await readKeyFile(path)) ?? (await createKeyFile(dataDir, path));
}

function configuredKey(envValue: string, variable: string): Buffer {
  if (envValue.length < MIN_CONFIGURED_KEY_LENGTH) {
    throw new Error(`${variable} must be at least ${MIN_CONFIGURED_KEY_LENGTH} characters long`);
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
  if (key.length < GENERATED_KEY_BYTES) throw new Error(`${path} does not hold a signing key; remove it to generate a new one`);
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
