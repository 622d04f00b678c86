import { boundedMemo } from './bounded-memo';
import { additionalData, cellText, payloadObject } from './payload-data';

/** What the cells of a row need from the ticket's payload: parsed once per distinct payload text. */
export interface PayloadCells {
  /** The Additional Data cell. */
  readonly additionalData: string;
  /** The payload's emailClient as a cell ('' when absent). */
  readonly emailClient: string;
  /** Per Objective column (in column order): the payload's value of that key as a cell ('' when absent). */
  readonly objectives: readonly string[];
}

const NO_PAYLOAD = (objectiveCount: number): PayloadCells => ({ additionalData: '', emailClient: '', objectives: new Array<string>(objectiveCount).fill('') });

/** Distinct payload texts remembered per export (payloads repeat across tickets of a task). */
const MEMO_CAPACITY = 4_096;

/**
 * The payload cells of one export's columns, remembered per payload text: JSON.parse and the
 * Additional Data JSON run once per distinct payload rather than once per row.
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
  const remembered = boundedMemo(compute, MEMO_CAPACITY);
  return (payload) => (typeof payload === 'string' && payload !== '' ? remembered(payload) : none);
};
