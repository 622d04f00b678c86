import { performance } from 'node:perf_hooks';
import { processLogger } from '@support/adapters';
import { boundProjections, projectionGroup, readModelShapes } from '@support/projectors';
import { openEventStore, openReadModels } from './engines';
import { features } from './features';
import { loadAccountConfig } from './load-config';
import { followAdminChanges } from './admin/live-directory';
import { readSettings } from './settings';

/**
 * `npm run read-models:rebuild`: empties every read model and applies the whole log again, in large
 * transactions, then exits. Run it with the service stopped (a running service's projections would
 * write beside it); a service that starts on emptied read models rebuilds them the same way.
 */
const rebuild = async (): Promise<void> => {
  const settings = readSettings();
  const logger = processLogger();
  const { readModels, closeLimiters, dataKeys } = await openReadModels(settings, logger);
  const { eventStore } = await openEventStore(settings, logger, dataKeys);
  try {
    // The accounts as the service has them: the file's with the admin changes of the log (nothing is recorded as used here).
    const directory = await followAdminChanges(loadAccountConfig(settings.configFile), eventStore, { logger, used: () => undefined });
    const definitions = boundProjections(features.flatMap((f) => f.projections ?? []), { directory: directory.current });
    await readModels.declare(readModelShapes(definitions));
    await readModels.dropAll();
    const started = performance.now();
    const { runners, group } = projectionGroup(definitions, eventStore, readModels, logger);
    await group.start();
    await Promise.all(runners.map((r) => r.ready));
    await group.stop();
    const seconds = (performance.now() - started) / 1000;
    const head = await eventStore.headPosition();
    process.stdout.write(`read models rebuilt from the log up to ${head === null ? 'its start' : `${head.commit}/${head.prepare}`} in ${seconds.toFixed(1)} s: ${runners.map((r) => r.name.replace(/^projection:/, '')).join(', ')}\n`);
    await directory.stop();
  } finally {
    closeLimiters();
    await readModels.close();
    await eventStore.close();
  }
};

rebuild().catch((e) => {
  process.stderr.write(`Rebuild failed: ${(e as Error).message}\n`);
  process.exit(1);
});
