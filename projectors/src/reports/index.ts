export * from './reports-projection';
