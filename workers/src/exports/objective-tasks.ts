import { Account, allOf, Collection, Filter, objectiveParamsOf, TicketDocument } from '@support/domain';

/**
 * Objective parameters of the tasks present in the export's result (spec 4.4.1: "per objective
 * parameter configured on tasks in the filtered result"): one indexed existence probe per
 * configured task that has objectives, before the header is written.
 */
export const objectiveParamsInResult = async (tickets: Collection<TicketDocument>, account: Account, filter: Filter): Promise<string[]> => {
  const present = new Set<string>();
  for (const task of account.tasks ?? []) {
    if ((task.objectives ?? []).length === 0) continue;
    const found = await tickets.findOne(allOf([filter, { taskId: task.id }]), { projection: { _id: 1 } });
    if (found !== null) present.add(task.id);
  }
  return objectiveParamsOf(account, present);
};
