import { Feature, features } from '@support/app';

/** The service's features with the export feature's workers left out: a test starts its own (gated) worker. */
export const featuresWithoutExportWorkers = (): Feature[] =>
  features.map((f) => (f.name === 'tickets-export' ? { ...f, workers: [] } : f));
