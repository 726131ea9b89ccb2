import { extractIBAN } from 'ibantools';
import type { BankgiroCheck, IbanCheck } from '../../../domain/api/customers';
import { isBankgiro, isIban, normalizeIban } from '../../../domain/customers/validation';
import { bankgiroInstitution, bankName, splitBban } from '../../integrations/bank-directory/banks';

/**
 * The IBAN and bank giro checks of the portal specification, “The calls it makes”. The rules are the domain's (the form runs
 * them too); the server adds what only a bank directory knows: the bank behind the number.
 */
export type { BankgiroCheck, IbanCheck } from '../../../domain/api/customers';

export function checkIban(raw: string): IbanCheck {
  const ibanCode = normalizeIban(raw);
  const answer: IbanCheck = {
    isValidIban: isIban(raw),
    ibanCode,
    bicDetails: { institutionName: null },
    accountNumber: '',
    bankCode: '',
  };
  if (!ibanCode || !answer.isValidIban) return answer;
  const country = ibanCode.slice(0, 2);
  const bban = ibanCode.slice(4);
  const extracted = extractIBAN(ibanCode);
  const { bankCode, accountNumber } = splitBban(country, bban) ?? {
    bankCode: extracted.bankIdentifier ?? '',
    accountNumber: extracted.accountNumber ?? '',
  };
  return {
    ...answer,
    bankCode,
    accountNumber,
    bicDetails: { institutionName: bankName(country, bankCode) ?? null },
  };
}

export function checkBankgiro(raw: string): BankgiroCheck {
  const number = raw.replace(/\s/g, '');
  const valid = isBankgiro(number);
  return { isValidBankgironumber: valid, bankgiroInstitution: valid ? bankgiroInstitution(number) : null };
}
