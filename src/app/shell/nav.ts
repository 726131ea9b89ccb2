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
  /** Shown only when this holds; the server enforces the same rule on every call. */
  visible?: (profile: AccountProfile) => boolean;
}

/**
 * A flyout submenu (administration specification, “Screens and routes”): calculations and the
 * administration open their pages beside the sidebar.
 */
export interface NavGroup {
  group: 'calculations' | 'admin';
  labelKey: string;
  icon: ComponentType;
  /** Its pages; the group is marked while one of them (or a page below one) is shown. */
  entries: NavEntry[];
}

const logoManaged = (p: AccountProfile) =>
  p.isAdmin && p.enabledFeatures.includes('ShowCompanyLogo') && p.isLogoUploadPermitted;

export const NAV: (NavEntry | NavGroup)[] = [
  { to: '/', labelKey: 'shell.nav.start', icon: HomeIcon },
  {
    group: 'calculations',
    labelKey: 'shell.nav.calculations',
    icon: CalculatorIcon,
    entries: [
      { to: '/calculations/new-calculation', labelKey: 'start.makeCalculation', icon: CalculatorIcon },
      { to: '/calculations', labelKey: 'shell.nav.allCalculations', icon: CalculatorIcon },
      { to: '/calculations?states=readyToSign', labelKey: 'states.readyToSign', icon: ContractIcon },
      { to: '/sync', labelKey: 'sync.title', icon: ContractIcon },
    ],
  },
  { to: '/contracts', labelKey: 'shell.nav.contracts', icon: ContractIcon },
  {
    to: '/backoffice',
    labelKey: 'shell.nav.backoffice',
    icon: ContractIcon,
    visible: (p) => p.isUnderwriter,
  },
  { to: '/help-center', labelKey: 'shell.nav.help', icon: HelpIcon },
  {
    group: 'admin',
    labelKey: 'shell.nav.admin',
    icon: UsersIcon,
    entries: [
      { to: '/mygrenke/users', labelKey: 'shell.nav.users', icon: UsersIcon, visible: (p) => p.isAdmin },
      {
        to: '/mygrenke/company-management',
        labelKey: 'shell.nav.company',
        icon: BuildingIcon,
        visible: logoManaged,
      },
    ],
  },
];

export const isGroup = (e: NavEntry | NavGroup): e is NavGroup => 'group' in e;

/** The navigation this profile may use: hidden entries and empty groups left out. */
export function navFor(profile: AccountProfile | undefined): (NavEntry | NavGroup)[] {
  const may = (e: NavEntry) => !e.visible || (profile !== undefined && e.visible(profile));
  return NAV.flatMap((e): (NavEntry | NavGroup)[] => {
    if (!isGroup(e)) return may(e) ? [e] : [];
    const entries = e.entries.filter(may);
    return entries.length > 0 ? [{ ...e, entries }] : [];
  });
}
