import { AccountAdminState } from './account-admin-state';
import { SETTINGS_SECTIONS, SettingsSection } from './settings-sections';

/** An account as the admin API shows it: its name, suspension, version and each settings section's version (0: the file's value). */
export interface AccountView {
  readonly id: string;
  readonly name: string;
  readonly suspended: boolean;
  readonly version: number;
  readonly sections: Readonly<Record<SettingsSection, number>>;
}

export const accountView = (id: string, name: string, state: AccountAdminState | undefined): AccountView => ({
  id,
  name,
  suspended: state?.suspended ?? false,
  version: state?.version ?? 0,
  sections: Object.fromEntries(Object.keys(SETTINGS_SECTIONS).map((s) => [s, state?.sections[s] ?? 0])) as Record<SettingsSection, number>,
});

/** A settings section as the admin API shows it: its value (null: not set) and its version. */
export interface SectionView {
  readonly accountId: string;
  readonly section: SettingsSection;
  readonly version: number;
  readonly value: unknown;
}
