import { RateLimiterMongo } from 'rate-limiter-flexible';
import { LimiterFactory } from '@support/http-edge';

/** Counters in MongoDB, shared by every gateway process (distributed mode). */
export const mongoLimiters = (storeClient: unknown, dbName: string): LimiterFactory => (spec) =>
  new RateLimiterMongo({
    storeClient,
    dbName,
    tableName: 'rate_limits',
    keyPrefix: spec.keyPrefix,
    points: spec.points,
    duration: spec.durationSeconds,
  });
