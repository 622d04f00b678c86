export * from './templates-projection';
export * from './messages-projection';
