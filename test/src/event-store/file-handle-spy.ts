import { FileHandle, open, unlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

interface FileHandleSpy {
  /** 'write' when a FileHandle write completes, 'sync' when a datasync completes, plus whatever the test adds. */
  readonly log: string[];
  /** Makes the next datasync fail with this error. */
  failNextSync(error: Error): void;
  restore(): void;
}

/** Watches every FileHandle's write and datasync (by wrapping the prototype) to see what the log does on disk. */
export async function spyOnFileHandles(): Promise<FileHandleSpy> {
  const probePath = join(tmpdir(), `file-handle-spy-${process.pid}`);
  const probe = await open(probePath, 'w');
  const prototype = Object.getPrototypeOf(probe) as FileHandle;
  await probe.close();
  await unlink(probePath);
  const originalWrite = prototype.write;
  const originalDatasync = prototype.datasync;
  const log: string[] = [];
  let nextSyncFailure: Error | null = null;

  prototype.write = async function (this: FileHandle, ...args: unknown[]) {
    const result = await (originalWrite as (...a: unknown[]) => Promise<unknown>).apply(this, args);
    log.push('write');
    return result;
  } as FileHandle['write'];
  prototype.datasync = async function (this: FileHandle) {
    const failure = nextSyncFailure;
    nextSyncFailure = null;
    if (failure) throw failure;
    await originalDatasync.apply(this);
    log.push('sync');
  };

  return {
    log,
    failNextSync: (error) => (nextSyncFailure = error),
    restore: () => {
      prototype.write = originalWrite;
      prototype.datasync = originalDatasync;
    },
  };
}
