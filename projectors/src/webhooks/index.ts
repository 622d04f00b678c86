export * from './webhooks-projection';
