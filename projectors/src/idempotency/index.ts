export * from './idempotency-answers-projection';
