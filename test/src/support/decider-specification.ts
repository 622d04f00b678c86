import { expect } from 'chai';
import * as E from 'fp-ts/Either';
import { Decider, DomainEvent } from '@support/domain';

/**
 * Decider tests as Emmett's DeciderSpecification writes them:
 * `given(...events).when(command).then(events)`, `.thenNothing()` or `.thenFails(error)`. The
 * state is the events folded by the decider's own evolve, so a test states history, not state.
 */
export const deciderSpecification = <Command, Event extends DomainEvent, State, Err>(decider: Decider<Command, Event, State, Err>) =>
  (...history: readonly Event[]) => {
    const state = history.reduce(decider.evolve, decider.initialState());
    return {
      /** The state the history folds into. */
      state,
      when: (command: Command) => {
        const decided = decider.decide(command, state);
        const events = (): readonly Event[] => {
          if (E.isLeft(decided)) expect.fail(`the decision failed: ${JSON.stringify(decided.left)}`);
          return decided.right;
        };
        return {
          /** The decision as the decider returned it. */
          decided,
          /** The events decided, exactly these. */
          then: (expected: readonly Event[]): void => {
            expect(events()).to.deep.equal(expected);
          },
          /** The events decided, for checks of their own (answers them). */
          thenEvents: (): readonly Event[] => events(),
          /** Nothing decided: the command changes nothing. */
          thenNothing: (): void => {
            expect(events()).to.deep.equal([]);
          },
          /** The decision failed with an error that has these fields. */
          thenFails: (expected: Partial<Err>): void => {
            if (E.isRight(decided)) expect.fail(`the decision did not fail: ${JSON.stringify(decided.right)}`);
            expect(decided.left).to.deep.include(expected);
          },
          /** The state after the events decided. */
          thenState: (): State => events().reduce(decider.evolve, state),
        };
      },
    };
  };
