/**
 * Child process of the lock tests: takes the data directory lock on a folder (lockDir, as the
 * projectors take it), prints `ready <pid>` and stays until
 * it is killed. A refused lock prints the error and exits 3.
 * Usage: node lock-holder.js <dir>
 */
// The lock module alone: the whole adapters package (database clients) takes a second to load.
import { lockDir } from '@support/adapters/dist/files/lock/dir-lock';
import { thrownMessage } from '@support/domain/dist/shared/thrown-message';

lockDir(process.argv[2]).then(
  () => {
    process.stdout.write(`ready ${process.pid}\n`);
    setInterval(() => undefined, 60_000);
  },
  (error: unknown) => {
    process.stderr.write(`${thrownMessage(error)}\n`);
    process.exit(3);
  },
);
