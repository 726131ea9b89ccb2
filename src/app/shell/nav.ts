import type { ComponentType } from 'react';
import { HomeIcon } from '../../client/ui/icons';

/** Entries of the main navigation; each feature adds its own as it lands. */
export interface NavEntry {
  to: string;
  labelKey: string;
  icon: ComponentType;
  /** Shown only to admins (the server enforces it too). */
  adminOnly?: boolean;
}

export const NAV_ENTRIES: NavEntry[] = [{ to: '/', labelKey: 'shell.nav.start', icon: HomeIcon }];
