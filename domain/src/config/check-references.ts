import jsonata from 'jsonata';
import { Account } from './account-config';
import { PathError } from './report-errors';

/** Rules the codecs cannot express: unique ids and references between parts of one account. */
export const checkAccountReferences = (account: Account, at: number): PathError[] => {
  const errors: PathError[] = [];
  const fail = (path: (string | number)[], reason: string) => errors.push({ path: ['accounts', at, ...path], reason });

  const uniqueBy = <T>(items: readonly T[] | undefined, key: (x: T) => string, list: string, field: string) => {
    const seen = new Set<string>();
    (items ?? []).forEach((item, i) => {
      const k = key(item);
      if (seen.has(k)) fail([list, i, field], `duplicates ${field} "${k}" within the account`);
      seen.add(k);
    });
  };

  uniqueBy(account.users, (u) => u.id, 'users', 'id');
  uniqueBy(account.teams, (x) => x.id, 'teams', 'id');
  uniqueBy(account.tasks, (x) => x.id, 'tasks', 'id');
  uniqueBy(account.tasks, (x) => x.name.toLowerCase(), 'tasks', 'name');
  uniqueBy(account.dataPoints, (x) => x.name.toLowerCase(), 'dataPoints', 'name');
  uniqueBy(account.resources, (x) => x.id, 'resources', 'id');
  uniqueBy(account.executeActions, (x) => x.id, 'executeActions', 'id');
  uniqueBy(account.executeActions, (x) => x.key, 'executeActions', 'key');

  const userIds = new Set((account.users ?? []).map((u) => u.id));
  (account.accessTokens ?? []).forEach((tok, i) => {
    if (!userIds.has(tok.userId)) fail(['accessTokens', i, 'userId'], `names no user of this account ("${tok.userId}")`);
    if ((tok.token === undefined) === (tok.sha256 === undefined)) fail(['accessTokens', i], 'must have exactly one of "token" or "sha256"');
  });

  const dataPoints = new Map((account.dataPoints ?? []).map((d) => [d.name.toLowerCase(), d]));
  const actionKeys = new Set((account.executeActions ?? []).map((a) => a.key));
  const taskIds = new Set((account.tasks ?? []).map((x) => x.id));
  const teamIds = new Set((account.teams ?? []).map((x) => x.id));

  const checkExpression = (path: (string | number)[], expression: string) => {
    try {
      jsonata(expression);
    } catch (e) {
      fail(path, `is not a valid JSONata expression (${(e as { message?: string }).message ?? 'syntax error'})`);
    }
  };

  (account.dataPoints ?? []).forEach((dp, i) => {
    if (dp.source === 'computed') checkExpression(['dataPoints', i, 'expression'], dp.expression);
    if (dp.source === 'integration') checkExpression(['dataPoints', i, 'output'], dp.output);
    if (dp.source === 'executeAction' && !actionKeys.has(dp.actionKey)) fail(['dataPoints', i, 'actionKey'], `names no execute action of this account ("${dp.actionKey}")`);
  });

  (account.tasks ?? []).forEach((task, i) => {
    if (task.teamId !== undefined && !teamIds.has(task.teamId)) fail(['tasks', i, 'teamId'], `names no team of this account ("${task.teamId}")`);
    (task.dataPoints ?? []).forEach((name, j) => {
      if (!dataPoints.has(name.toLowerCase())) fail(['tasks', i, 'dataPoints', j], `names no data point of this account ("${name}")`);
    });
    (task.objectives ?? []).forEach((o, j) => {
      if (o.from !== undefined && !dataPoints.has(o.from.toLowerCase())) fail(['tasks', i, 'objectives', j, 'from'], `names no data point of this account ("${o.from}")`);
    });
    (task.actions ?? []).forEach((key, j) => {
      if (!actionKeys.has(key)) fail(['tasks', i, 'actions', j], `names no execute action of this account ("${key}")`);
    });
    (task.transitions ?? []).forEach((tr, j) => {
      if (!dataPoints.has(tr.when.dataPoint.toLowerCase())) fail(['tasks', i, 'transitions', j, 'when', 'dataPoint'], `names no data point of this account ("${tr.when.dataPoint}")`);
      if (!taskIds.has(tr.to)) fail(['tasks', i, 'transitions', j, 'to'], `names no task of this account ("${tr.to}")`);
    });
  });

  (account.resources ?? []).forEach((resource, i) => {
    uniqueBy(resource.fields, (f) => f.key, 'resources', 'fields');
    if (resource.customerIdFrom !== undefined) {
      const field = resource.fields.find((f) => f.key === resource.customerIdFrom);
      if (!field) fail(['resources', i, 'customerIdFrom'], `names no field of this resource ("${resource.customerIdFrom}")`);
      else if (field.type !== 'phone' && field.type !== 'email') fail(['resources', i, 'customerIdFrom'], `must name a phone or email field ("${field.key}" is ${field.type})`);
    }
  });

  (account.executeActions ?? []).forEach((action, i) => {
    checkExpression(['executeActions', i, 'output'], action.output);
    uniqueBy(action.inputs, (x) => x.name, 'executeActions', 'inputs');
  });

  return errors;
};
