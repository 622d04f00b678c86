export * from './bulk-updates-projection';
