import { AccountDirectory, ReadModels } from '@support/domain';

/** What the message status routes need from the composition root. */
export interface MessageQueryDeps {
  readonly directory: () => AccountDirectory;
  readonly readModels: ReadModels;
}
