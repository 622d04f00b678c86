/** The subscriber name of a read model's projection (its checkpoint's name). */
export const projectionSubscriberName = (readModel: string): string => `projection:${readModel}`;

/** The read model a projection subscriber writes. */
export const readModelOfSubscriber = (subscriber: string): string => subscriber.replace(/^projection:/, '');
