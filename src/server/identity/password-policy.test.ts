import { describe, expect, it } from 'vitest';
import { passwordProblem } from './password-policy';

describe('password rules (NIST SP 800-63B-4, password as the only factor)', () => {
  const email = 'maja.holm@nordic-office.example';
  it.each([
    ['aaaaaaaaaa', 'password.tooShort'],
    ['aaaaaaaaaaaaaaa', 'password.repetitive'],
    ['abababababababab', 'password.repetitive'],
    ['123456789987654321', 'password.common'],
    ['QAZWSXEDCRFVTGB', 'password.common'],
    ['maja.holm-secret-2026', 'password.containsEmail'],
    ['x'.repeat(60) + 'yz'.repeat(35), 'password.tooLong'],
  ])('refuses %s', (password, problem) => {
    expect(passwordProblem(password, email)).toBe(problem);
  });

  it.each(['Leasing-Demo-2026', 'correct horse battery staple', 'Fjällräven-2026', '🙂🙂🙂 blå skåp gård'])(
    'accepts %s without composition rules',
    (password) => {
      expect(passwordProblem(password, email)).toBeUndefined();
    },
  );
});
