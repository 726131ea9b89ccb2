import type { ComponentType } from 'react';
import {
  BuildingIcon,
  CalculatorIcon,
  ContractIcon,
  HelpIcon,
  HomeIcon,
  UsersIcon,
} from '../../client/ui/icons';
import type { AccountProfile } from '../../domain/session';

/** Entries of the main navigation; each feature adds its own as it lands. */
export interface NavEntry {
  to: string;
  labelKey: string;
  icon: ComponentType;
  /** The administration (MyGRENKE) group. */
  group?: 'admin';
  /** Shown only when this holds; the server enforces the same rule on every call. */
  visible?: (profile: AccountProfile) => boolean;
}

const logoManaged = (p: AccountProfile) =>
  p.isAdmin && p.enabledFeatures.includes('ShowCompanyLogo') && p.isLogoUploadPermitted;

export const NAV_ENTRIES: NavEntry[] = [
  { to: '/', labelKey: 'shell.nav.start', icon: HomeIcon },
  { to: '/calculations', labelKey: 'shell.nav.calculations', icon: CalculatorIcon },
  { to: '/contracts', labelKey: 'shell.nav.contracts', icon: ContractIcon },
  {
    to: '/backoffice',
    labelKey: 'shell.nav.backoffice',
    icon: ContractIcon,
    visible: (p) => p.isUnderwriter,
  },
  { to: '/help-center', labelKey: 'shell.nav.help', icon: HelpIcon },
  {
    to: '/mygrenke/users',
    labelKey: 'shell.nav.users',
    icon: UsersIcon,
    group: 'admin',
    visible: (p) => p.isAdmin,
  },
  {
    to: '/mygrenke/company-management',
    labelKey: 'shell.nav.company',
    icon: BuildingIcon,
    group: 'admin',
    visible: logoManaged,
  },
];
