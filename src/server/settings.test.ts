import { readFileSync } from 'node:fs';
import { format, resolveConfig } from 'prettier';
import { describe, expect, it } from 'vitest';
import { SETTINGS_PAGE, settingsPage } from '../../scripts/settings-doc';
import { Settings } from './settings';

describe('the settings page', () => {
  it('is what the settings schema makes (run `npm run docs:settings` after changing a setting)', async () => {
    const made = await format(settingsPage(), {
      ...(await resolveConfig(SETTINGS_PAGE)),
      filepath: SETTINGS_PAGE,
    });
    expect(readFileSync(SETTINGS_PAGE, 'utf8')).toBe(made);
  });

  it('explains every setting', () => {
    const unexplained = Object.entries(Settings.shape).filter(([, schema]) => !schema.description);
    expect(unexplained.map(([name]) => name)).toEqual([]);
  });
});
