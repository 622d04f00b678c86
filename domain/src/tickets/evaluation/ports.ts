import { Either } from 'fp-ts/Either';
import { HttpRequestConfig } from '../../config/account-config';
import { ActionRunOutcome } from '../../ports/action-runner';
import { HttpCallFailure, HttpCallResponse } from '../../ports/configured-http';
import { CustomerIdentifier, OrderDetails, OrderLookupError } from '../../ports/order-lookup';

/**
 * The I/O task evaluation needs, passed in as functions (the command side binds them to the
 * account's store system, the configured HTTP client and the execute-action runner).
 */
export interface TaskEvaluationPorts {
  /** The order the ticket's `order` data points read (docs/api/orders.md orderForTicket). */
  readonly orderForTicket: (who: CustomerIdentifier, orderName: string | null) => Promise<Either<OrderLookupError, OrderDetails | null>>;
  /** A configured HTTP request (integration data points) with `{{path}}` placeholders. */
  readonly callHttp: (request: HttpRequestConfig, placeholders: unknown) => Promise<Either<HttpCallFailure, HttpCallResponse>>;
  /** One execute action by key with its inputs. */
  readonly runAction: (actionKey: string, inputs: Readonly<Record<string, unknown>>) => Promise<ActionRunOutcome>;
}
