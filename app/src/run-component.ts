import { processLogger } from '@support/adapters';
import { ConfigurationError } from './load-config';
import { Component, startService } from './service';
import { readSettings } from './settings';
import { keepDataDirPrivate } from './private-data-dir';

/** Process entry: start the components, stop them gracefully on SIGTERM/SIGINT, exit non-zero on a bad start. */
export const runComponents = (components: readonly Component[]): void => {
  const start = async () => {
    const settings = readSettings();
    const logger = processLogger();
    const notPrivate = keepDataDirPrivate(settings.dataDir);
    if (notPrivate.length > 0) logger.warn('DATA_DIR holds files others may read, whose permissions this user cannot change', { count: notPrivate.length, first: notPrivate[0] });
    const service = await startService({ settings, components, logger });
    let stopping = false;
    const shutdown = (signal: string) => {
      if (stopping) return;
      stopping = true;
      logger.info('stopping', { signal });
      service.stop().then(
        () => process.exit(0),
        (e) => {
          logger.error('stop failed', { errorMessage: (e as Error).message });
          process.exit(1);
        },
      );
    };
    process.on('SIGTERM', () => shutdown('SIGTERM'));
    process.on('SIGINT', () => shutdown('SIGINT'));
  };
  start().catch((e) => {
    if (e instanceof ConfigurationError) {
      process.stderr.write(`${e.message}\n`);
    } else {
      process.stderr.write(`Startup failed: ${(e as Error).message}\n`);
      try {
        processLogger().error('startup failed', { errorName: (e as Error).name, errorMessage: (e as Error).message, stack: (e as Error).stack });
      } catch {
        // LOG_LEVEL itself was the problem: stderr has said so.
      }
    }
    process.exit(1);
  });
};
