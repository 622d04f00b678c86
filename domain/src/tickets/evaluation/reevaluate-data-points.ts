import { DataPointResolution, DataPointsReevaluatedData, TaskEvaluatedData } from '../events';
import { TaskEvaluationInput } from './context';
import { DataPointResolver } from './data-point-resolver';
import { TaskEvaluationPorts } from './ports';

/** A re-evaluation's outcome, before it is recorded on the ticket. */
type DataPointReevaluation = Omit<DataPointsReevaluatedData, 'ticketId' | 'accountId' | 'attempt'>;

/** Every resolution the ticket has now: the evaluation's, each replaced by a later re-evaluation's. */
export const currentResolutions = (evaluation: TaskEvaluatedData, later: readonly DataPointsReevaluatedData[]): readonly DataPointResolution[] => {
  const byName = new Map<string, DataPointResolution>();
  for (const r of evaluation.steps.flatMap((s) => s.dataPoints)) byName.set(r.name.toLowerCase(), r);
  for (const r of later.flatMap((e) => e.dataPoints)) byName.set(r.name.toLowerCase(), r);
  return [...byName.values()];
};

/**
 * Asks the sources of `names` again (data points whose source did not answer at evaluation),
 * every other data point keeping the value or absence it has. Execute actions are never run again
 * (`input.skipExecuteAction` must be true). The objectives of the ticket's task (`input.task`) still
 * without a value are filled from the values found. Pure but for the ports.
 */
export const reevaluateDataPoints = async (
  input: TaskEvaluationInput,
  known: readonly DataPointResolution[],
  names: readonly string[],
  filledObjectives: Readonly<Record<string, unknown>>,
  ports: TaskEvaluationPorts,
): Promise<DataPointReevaluation> => {
  const asked = new Set(names.map((n) => n.toLowerCase()));
  const resolver = new DataPointResolver(input, ports, known.filter((r) => !asked.has(r.name.toLowerCase())));
  const dataPoints: DataPointResolution[] = [];
  for (const name of names) dataPoints.push(await resolver.resolve(name));
  const values = Object.fromEntries(dataPoints.flatMap((r) => (r.status === 'resolved' ? [[r.name, r.value] as const] : [])));
  const found = new Map(Object.entries(values).map(([name, value]) => [name.toLowerCase(), value]));
  const objectives: Record<string, unknown> = {};
  for (const o of input.task.objectives ?? []) {
    if (o.from === undefined || o.param in filledObjectives) continue;
    const value = found.get(o.from.toLowerCase());
    if (value !== undefined) objectives[o.param] = value;
  }
  return { reevaluatedAt: input.evaluatedAt.toISOString(), dataPoints, values, objectives };
};
