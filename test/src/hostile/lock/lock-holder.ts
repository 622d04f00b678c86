/**
 * Child process of the lock tests: opens the embedded event log on a folder (taking its lock),
 * prints `ready <pid>` and stays until it is killed. A refused open prints the error and exits 3.
 * Usage: node lock-holder.js <dir>
 */
// The embedded engine alone: the whole adapters package (database clients) takes a second to load.
import { EmbeddedEventStore } from '@support/adapters/dist/event-store/embedded';

EmbeddedEventStore.open({ dir: process.argv[2] }).then(
  () => {
    process.stdout.write(`ready ${process.pid}\n`);
    setInterval(() => undefined, 60_000);
  },
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(3);
  },
);
