export * from './export-jobs-projection';
export * from './export-dispatcher';
