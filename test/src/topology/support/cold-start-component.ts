import { processLogger } from '@support/adapters';
import { readSettings, startService, Component } from '@support/app';

/**
 * A component's cold starts, as its process makes them (the engines opened, the read models
 * declared, the component started), each followed by a clean stop. Forked with IPC as
 * `cold-start-component.js <component>`: for each message `{ dataDir }` it starts on that
 * directory (PORT 0), stops, and answers `{ ok: true }` or `{ ok: false, error }` with what stopped
 * the start. The process itself is started once, so that a round costs the start, not node's.
 */
const component = process.argv[2] as Component;
const logger = processLogger();

const coldStart = async (dataDir: string): Promise<void> => {
  const service = await startService({ settings: { ...readSettings(), dataDir, port: 0 }, components: [component], logger });
  await service.stop();
};

process.on('message', (m: { dataDir: string }) => {
  coldStart(m.dataDir).then(
    () => process.send!({ ok: true }),
    (e) => process.send!({ ok: false, error: `${component}: Startup failed: ${(e as Error).stack ?? (e as Error).message}` }),
  );
});
process.on('disconnect', () => process.exit(0));
