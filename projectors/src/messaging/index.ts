export * from './templates-projection';
export * from './messages-projection';
export * from './delivery-dispatcher';
