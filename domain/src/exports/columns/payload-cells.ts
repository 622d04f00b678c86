import { additionalData, cellText, payloadObject } from './payload-data';

/** What the cells of a row need from the ticket's payload, parsed once per row. */
export interface PayloadCells {
  /** The Additional Data cell. */
  readonly additionalData: string;
  /** The payload's emailClient as a cell ('' when absent). */
  readonly emailClient: string;
  /** Per Objective column (in column order): the payload's value of that key as a cell ('' when absent). */
  readonly objectives: readonly string[];
}

const NO_PAYLOAD = (objectiveCount: number): PayloadCells => ({ additionalData: '', emailClient: '', objectives: new Array<string>(objectiveCount).fill('') });

/**
 * The payload cells of one export's columns: the payload is parsed once per row for Additional
 * Data, Email Client and the Objective columns. (Not remembered across rows: payloads are mostly
 * distinct per ticket, and a memo of them would only hold garbage past young collections.)
 */
export const payloadCellsOf = (objectiveParams: readonly string[]): ((payload: unknown) => PayloadCells) => {
  const objectiveSet = new Set(objectiveParams);
  const none = NO_PAYLOAD(objectiveParams.length);
  const compute = (text: string): PayloadCells => {
    const payload = payloadObject(text);
    if (payload === null) return none;
    return {
      additionalData: additionalData(payload, objectiveSet),
      emailClient: cellText(payload.emailClient),
      objectives: objectiveParams.map((param) => cellText(payload[param])),
    };
  };
  return (payload) => (typeof payload === 'string' && payload !== '' ? compute(payload) : none);
};
