import { BrokenCircuitError, CircuitBreakerPolicy, CircuitState, ConsecutiveBreaker, circuitBreaker, handleWhenResult } from 'cockatiel';

/** An answer that counts as a failure of the dependency (it is still what the caller gets). */
class FailedAnswer {
  constructor(readonly answer: unknown) {}
}

/** Which external system, for which account, at which address (origin: scheme, host and port). */
export interface BreakerKey {
  readonly dependency: 'store' | 'integration' | 'action' | 'chat-app';
  readonly accountId: string;
  readonly target: string;
}

export type BreakerState = 'closed' | 'open' | 'half-open';

interface BreakerSettings {
  /** Calls that fail in a row (timeouts, connection errors, 5xx) before the breaker opens. */
  readonly failuresToOpen: number;
  /** How long an open breaker fails calls at once before it lets one through (half-open). */
  readonly coolDownMs: number;
}

export const DEFAULT_BREAKER_SETTINGS: BreakerSettings = { failuresToOpen: 5, coolDownMs: 10_000 };

const stateName = (s: CircuitState): BreakerState =>
  (s === CircuitState.Open || s === CircuitState.Isolated ? 'open' : s === CircuitState.HalfOpen ? 'half-open' : 'closed');

/** The origin of a URL (no path, query or credentials), or the text itself when it is not a URL. */
export const originOf = (url: string): string => {
  try {
    return new URL(url).origin;
  } catch {
    return url;
  }
};

/**
 * A circuit breaker per external system, account and address (cockatiel): after
 * `failuresToOpen` calls in a row that time out, cannot connect or answer 5xx, calls fail at once
 * for `coolDownMs`; then one call is let through (half-open), and its outcome closes the breaker or
 * opens it again. Every change of state is told (`onStateChange`: a log line and a metric), never silent.
 */
export class DependencyBreakers {
  private readonly breakers = new Map<string, CircuitBreakerPolicy>();

  constructor(
    private readonly onStateChange: (key: BreakerKey, state: BreakerState) => void,
    private readonly settings: BreakerSettings = DEFAULT_BREAKER_SETTINGS,
  ) {}

  /**
   * Runs `work` through the key's breaker: its answer counts as a failure when `isFailure` says so
   * (a thrown error always does); while the breaker is open, `whenOpen()` answers at once.
   */
  async run<T>(key: BreakerKey, work: () => Promise<T>, isFailure: (answer: T) => boolean, whenOpen: () => T): Promise<T> {
    try {
      const outcome = await this.breakerOf(key).execute(async () => {
        const answer = await work();
        return isFailure(answer) ? new FailedAnswer(answer) : answer;
      });
      return outcome instanceof FailedAnswer ? (outcome.answer as T) : outcome;
    } catch (e) {
      if (e instanceof BrokenCircuitError) return whenOpen();
      throw e;
    }
  }

  private breakerOf(key: BreakerKey): CircuitBreakerPolicy {
    const name = `${key.dependency}\u0000${key.accountId}\u0000${key.target}`;
    let breaker = this.breakers.get(name);
    if (breaker === undefined) {
      breaker = circuitBreaker(handleWhenResult((answer) => answer instanceof FailedAnswer).orType(Error), {
        halfOpenAfter: this.settings.coolDownMs,
        breaker: new ConsecutiveBreaker(this.settings.failuresToOpen),
      });
      breaker.onStateChange((s) => this.onStateChange(key, stateName(s)));
      this.breakers.set(name, breaker);
    }
    return breaker;
  }
}
