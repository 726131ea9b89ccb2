// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../../client/http';
import { renderWithApp } from '../../../client/test/render';
import type { ParentProfile } from '../api/types';
import { UserForm } from './user-form';

const brands: ParentProfile[] = [
  { id: 'pp-north', name: 'North Leasing', branding: 'north', status: 'active' },
  { id: 'pp-south', name: 'South Leasing', branding: 'south', status: 'active' },
];

function renderForm(onSave = vi.fn((_body: unknown) => Promise.resolve())) {
  renderWithApp(<UserForm brands={brands} onSave={onSave} saving={false} />);
  return { onSave, user: userEvent.setup() };
}

const field = (name: RegExp) => screen.getByRole('textbox', { name });
const save = () => screen.getByRole('button', { name: 'Save' });

async function addProfile(user: ReturnType<typeof userEvent.setup>, brand: string) {
  await user.selectOptions(screen.getByRole('combobox', { name: 'Add profile' }), brand);
  await user.click(screen.getByRole('button', { name: 'Add profile' }));
}

async function fillPerson(user: ReturnType<typeof userEvent.setup>) {
  await user.type(field(/^First name/), 'Ada');
  await user.type(field(/^Last name/), 'Lovelace');
  await user.type(field(/^E-mail/), 'ada@example.com');
}

describe('UserForm: what it asks for', () => {
  // The admin sees the person's fields, the permissions and the profiles of a new user.
  it('labels its fields and starts as an active user without profiles', () => {
    renderForm();
    for (const name of [/^Title/, /^First name/, /^Last name/, /^E-mail/, /^Telephone number/])
      expect(field(name)).toHaveProperty('value', '');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveProperty('value', 'active');
    expect(screen.getByText('No profile yet. Add at least one; the first becomes the default.')).toBeTruthy();
    expect(screen.getByText('The e-mail address is also the sign-in name.')).toBeTruthy();
  });
});

describe('UserForm: validation', () => {
  // An incomplete or wrong entry is not sent, and the fields say why.
  it('names every missing field after a save try, and sends nothing', async () => {
    const { onSave, user } = renderForm();
    await user.click(save());
    await waitFor(() => expect(screen.getAllByText('This field is required.')).toHaveLength(3));
    expect(screen.getByText('Add at least one profile of your company.')).toBeTruthy();
    expect(field(/^First name/).getAttribute('aria-invalid')).toBe('true');
    expect(onSave).not.toHaveBeenCalled();
  });

  it('refuses an invalid e-mail address and telephone number', async () => {
    const { onSave, user } = renderForm();
    await user.type(field(/^E-mail/), 'ada@example');
    await user.type(field(/^Telephone number/), '12ab');
    await user.click(save());
    expect(await screen.findByText('Please enter a valid e-mail address.')).toBeTruthy();
    expect(screen.getByText('Please enter a valid telephone number.')).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('shows a missing field once the user tabs out of it', async () => {
    const { user } = renderForm();
    await user.click(field(/^First name/));
    await user.tab();
    expect(document.activeElement).toBe(field(/^Last name/));
    expect(await screen.findByText('This field is required.')).toBeTruthy();
    expect(field(/^First name/).getAttribute('aria-invalid')).toBe('true');
    expect(field(/^Last name/).getAttribute('aria-invalid')).toBeNull();
  });
});

describe('UserForm: saving', () => {
  // A complete entry is saved with what was typed; the server's refusal shows on the form.
  it('sends the values typed, the first profile added being the default', async () => {
    const { onSave, user } = renderForm();
    await fillPerson(user);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Country code' }), '+353');
    await user.type(field(/^Telephone number/), '01 234 5678');
    await addProfile(user, 'South Leasing');
    await addProfile(user, 'North Leasing');
    // The screen shows the default it will send, and a read-only choice stays chosen.
    expect(screen.getByRole('radio', { name: 'Make South Leasing the default profile' })).toHaveProperty(
      'checked',
      true,
    );
    const statuses = screen.getAllByRole('combobox', { name: 'Profile status' });
    await user.selectOptions(statuses[1]!, 'readOnly');
    expect(statuses[1]).toHaveProperty('value', 'readOnly');
    await user.selectOptions(statuses[1]!, 'active');
    await user.click(screen.getByRole('checkbox', { name: 'May export lists to a spreadsheet' }));
    await user.click(save());
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0]![0]).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      title: '',
      eMail: 'ada@example.com',
      telephone: { countryCode: '+353', number: '01 234 5678' },
      status: 'active',
      isAdmin: false,
      hasGlobalAccess: false,
      isExcelDownloadPermitted: true,
      isMoveCalculationsPermitted: false,
      defaultParentProfileId: 'pp-south',
      parentProfiles: [
        { id: 'pp-south', active: true },
        { id: 'pp-north', active: true },
      ],
    });
  });

  it('saves with Enter from a field', async () => {
    const { onSave, user } = renderForm();
    await addProfile(user, 'North Leasing');
    await fillPerson(user);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(onSave.mock.calls[0]![0]).toMatchObject({
      eMail: 'ada@example.com',
      defaultParentProfileId: 'pp-north',
    });
  });

  it("puts the server's refusal of the e-mail address on its field", async () => {
    const onSave = vi.fn(() =>
      Promise.reject(
        new ApiError(400, 'corr-1', {
          type: '/problems/validation',
          title: 'Validation failed',
          status: 400,
          'invalid-params': [{ name: 'eMail', reason: 'userAlreadyExists' }],
          validationKeys: ['userAlreadyExists: ada@example.com'],
        }),
      ),
    );
    const { user } = renderForm(onSave);
    await addProfile(user, 'North Leasing');
    await fillPerson(user);
    await user.click(save());
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('The user could not be saved.')).toBeTruthy();
    expect(screen.getAllByText('A user with this e-mail address already exists.').length).toBeGreaterThan(0);
    expect(field(/^E-mail/).getAttribute('aria-invalid')).toBe('true');
  });
});
