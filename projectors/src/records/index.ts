export * from './records-projection';
