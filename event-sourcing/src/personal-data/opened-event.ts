import { EventMetadata, joinPersonal, Position, RecordedEvent, SealedEnvelope } from '@support/domain';
import { openValues } from './values-cipher';

/**
 * A stored event whose personal values are opened when its data is first read: most subscribers
 * look at an event's type or stream and never at its data (the dispatchers, the lag metrics), and
 * they pay nothing for the sealed values. The key was looked up when the event was read (`key`:
 * undefined when it is erased), so opening needs no I/O.
 */
export class OpenedEvent implements RecordedEvent {
  private opened: unknown;
  private isOpened = false;
  readonly id: string;
  readonly type: string;
  readonly metadata: EventMetadata;
  readonly streamName: string;
  readonly revision: bigint;
  readonly position: Position;
  readonly created: Date;

  /** `remember`: told the data once opened with its key (the store keeps it for the next read of the event). */
  constructor(
    private readonly stored: RecordedEvent, private readonly envelope: SealedEnvelope, private readonly key: Buffer | undefined,
    private readonly remember: (id: string, data: unknown) => void,
  ) {
    this.id = stored.id;
    this.type = stored.type;
    this.metadata = stored.metadata;
    this.streamName = stored.streamName;
    this.revision = stored.revision;
    this.position = stored.position;
    this.created = stored.created;
  }

  get data(): unknown {
    if (!this.isOpened) {
      const values = this.key === undefined ? null : openValues(this.key, this.id, this.envelope.c);
      const complete = values !== null && values.length === this.envelope.f.length;
      this.opened = joinPersonal(this.stored.data as Record<string, unknown>, this.envelope, complete ? values : null);
      this.isOpened = true;
      if (complete) this.remember(this.id, this.opened);
    }
    return this.opened;
  }
}
