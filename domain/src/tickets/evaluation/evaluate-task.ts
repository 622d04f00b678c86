import { Task } from '../../config/account-config';
import { ObjectiveResolution, TaskEvaluatedData, TaskEvaluationStep, TransitionRecord } from '../events';
import { findTaskById } from '../task-selection';
import { TaskEvaluationInput } from './context';
import { actionInputs } from './action-inputs';
import { actionRecord, DataPointResolver, SKIPPED_REASON } from './data-point-resolver';
import { TaskEvaluationPorts } from './ports';
import { asComparable } from './values';

export type TaskEvaluation = Omit<TaskEvaluatedData, 'ticketId' | 'accountId'>;

const objectiveValueFor = (values: Readonly<Record<string, string>>, param: string): string | undefined => {
  const key = Object.keys(values).find((k) => k.toLowerCase() === param.toLowerCase());
  return key === undefined ? undefined : values[key];
};

const fillObjectives = async (task: Task, input: TaskEvaluationInput, resolver: DataPointResolver): Promise<ObjectiveResolution[]> => {
  const out: ObjectiveResolution[] = [];
  for (const o of task.objectives ?? []) {
    const sent = objectiveValueFor(input.objectiveValues, o.param);
    if (sent !== undefined) {
      out.push({ param: o.param, from: o.from ?? null, value: sent, origin: 'objectiveValues' });
    } else if (o.from !== undefined) {
      const r = await resolver.resolve(o.from);
      out.push(r.status === 'resolved'
        ? { param: o.param, from: o.from, value: r.value, origin: 'dataPoint' }
        : { param: o.param, from: o.from, value: null, origin: 'absent' });
    } else {
      out.push({ param: o.param, from: null, value: null, origin: 'absent' });
    }
  }
  return out;
};

const runTaskActions = async (task: Task, input: TaskEvaluationInput, resolver: DataPointResolver, ports: TaskEvaluationPorts, objectives: readonly ObjectiveResolution[]): Promise<void> => {
  for (const key of task.actions ?? []) {
    if (input.skipExecuteAction) {
      resolver.recordAction({ actionKey: key, purpose: 'task', status: 'skipped', reason: SKIPPED_REASON });
      continue;
    }
    const action = (input.account.executeActions ?? []).find((a) => a.key === key);
    const needsOrderId = (action?.inputs ?? []).some((i) => i.name.toLowerCase() === 'orderid');
    const objectiveContext = Object.fromEntries(objectives.filter((o) => o.origin !== 'absent').map((o) => [o.param, o.value]));
    const context = { ...(await resolver.actionContext(needsOrderId)), ...objectiveContext };
    const outcome = await ports.runAction(key, actionInputs(action, context));
    resolver.recordAction(actionRecord(key, 'task', outcome));
  }
};

/** First matching transition (values compared as strings), or null. */
const findTransition = async (task: Task, resolver: DataPointResolver): Promise<TransitionRecord | null> => {
  for (const tr of task.transitions ?? []) {
    const r = await resolver.resolve(tr.when.dataPoint);
    if (r.status === 'resolved' && asComparable(r.value) === tr.when.equals) {
      return { from: task.id, to: tr.to, dataPoint: r.name, equals: tr.when.equals, value: asComparable(r.value) };
    }
  }
  return null;
};

/**
 * Evaluates the selected task for a new ticket: resolves the data points it references (with
 * overrides), fills its objectives, runs its execute actions (unless skipExecuteAction), then
 * follows the first matching transition and evaluates the next task the same way, until no
 * transition matches or a transition leads back to a task already evaluated (recorded, not followed).
 * All I/O goes through the ports; the answer is the record of the TaskEvaluated event.
 */
export const evaluateTask = async (input: TaskEvaluationInput, ports: TaskEvaluationPorts): Promise<TaskEvaluation> => {
  const resolver = new DataPointResolver(input, ports);
  const steps: TaskEvaluationStep[] = [];
  const transitions: TransitionRecord[] = [];
  const visited = new Set<string>();
  let objectives: Record<string, unknown> = {};
  let cycleStopped: TaskEvaluation['cycleStopped'] = null;
  let task: Task | undefined = input.task;

  while (task !== undefined) {
    visited.add(task.id);
    for (const name of task.dataPoints ?? []) await resolver.resolve(name);
    const taskObjectives = await fillObjectives(task, input, resolver);
    await runTaskActions(task, input, resolver, ports, taskObjectives);
    const transition = await findTransition(task, resolver);
    const { dataPoints, actions } = resolver.drain();
    steps.push({ taskId: task.id, teamId: task.teamId ?? null, dataPoints, objectives: taskObjectives, actions, transition });
    objectives = { ...objectives, ...Object.fromEntries(taskObjectives.filter((o) => o.origin !== 'absent').map((o) => [o.param, o.value])) };

    if (transition === null) break;
    if (visited.has(transition.to)) {
      cycleStopped = transition;
      steps[steps.length - 1] = { ...steps[steps.length - 1], transition: null };
      break;
    }
    transitions.push(transition);
    task = findTaskById(input.account, transition.to);
  }

  const finalTask = findTaskById(input.account, transitions.length > 0 ? transitions[transitions.length - 1].to : input.task.id) ?? input.task;
  return {
    requestedTaskId: input.task.id,
    taskId: finalTask.id,
    teamId: finalTask.teamId ?? null,
    evaluatedAt: input.evaluatedAt.toISOString(),
    steps,
    transitions,
    cycleStopped,
    overriddenDataPoints: Object.keys(input.overrides),
    skipExecuteAction: input.skipExecuteAction,
    objectives,
    values: resolver.values(),
  };
};
