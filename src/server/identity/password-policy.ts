import { dictionary } from '@zxcvbn-ts/language-common';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../../domain/users';

/**
 * The password rules of NIST SP 800-63B-4 for a password that is the only factor
 * (docs/security.md, "Passwords"): at least 15 characters, up to 128 of any kind, no
 * composition rules, and refused when it is a known one: in the shipped list of about 49,000
 * common and breached passwords (@zxcvbn-ts/language-common), the user's e-mail or its name
 * part, or one character repeated in all but name ('aaaaaaaaaaaaaaa', 'abababab…').
 */
const COMMON = new Set(dictionary['passwords-common'].map((p) => p.toLowerCase()));

export type PasswordProblem =
  | 'password.tooShort'
  | 'password.tooLong'
  | 'password.common'
  | 'password.repetitive'
  | 'password.containsEmail';

export function passwordProblem(password: string, email: string): PasswordProblem | undefined {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return 'password.tooShort';
  if (length > PASSWORD_MAX_LENGTH) return 'password.tooLong';
  const lower = password.toLowerCase();
  if (COMMON.has(lower)) return 'password.common';
  if (new Set(lower).size < 4) return 'password.repetitive';
  const name = email.toLowerCase().split('@')[0] ?? '';
  if (lower.includes(email.toLowerCase()) || (name.length >= 4 && lower.includes(name)))
    return 'password.containsEmail';
  return undefined;
}
