import { AccountAdminView } from '@support/domain';
import { CommandRouteDeps } from '../shared/command-route-deps';

/** What the admin command routes need from the composition root. */
export interface AdminCommandDeps extends CommandRouteDeps {
  /** The admin changes this process has applied: versions, and the wait for a change just appended. */
  readonly accountAdmin: AccountAdminView;
  /** OPERATOR_TOKEN: the operator's admin routes over every account. */
  readonly operatorToken?: string;
}
