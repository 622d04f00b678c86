export * from './export-jobs-projection';
