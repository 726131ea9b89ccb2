import { Badge, Box, List, Stack, Text, listSlotRecipe } from '../../../client/ui/chakra';
import { useInstalmentFormat } from '../../../client/i18n/instalment';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { MissingInfo } from '../../../domain/calculation/credit-decision';
import { customerConfiguration } from '../../../domain/customers/configuration';
import type { Address, Customer, Party } from '../../../domain/customers/schemas';
import type { RequestDetail } from '../api/types';
import { useBackofficeFormat } from './format';
import { ScoreClassBadge } from './score-class';
import { Fact, Facts, Section } from '../../../client/ui/facts';

/** What the rules miss is marked where it would be, so the underwriter sees it in place. */
function Missing({ what }: { what: MissingInfo }) {
  const { t } = useTranslation();
  return (
    <Badge colorPalette="red" variant="subtle" data-missing={what}>
      {t('backoffice.missingValue')}
    </Badge>
  );
}

function Value({ value, missing }: { value: ReactNode; missing?: MissingInfo | false }) {
  if (missing) return <Missing what={missing} />;
  return <>{value || '–'}</>;
}

function AddressLines({ address }: { address: Address | null | undefined }) {
  const format = useBackofficeFormat();
  if (!address) return <>–</>;
  const town = [address.zip, address.town].filter(Boolean).join(' ');
  return (
    <Box as="address" fontStyle="normal">
      {[address.street, address.addition, town, format.country(address.country)]
        .filter(Boolean)
        .map((line, i) => (
          <Text key={i}>{line}</Text>
        ))}
    </Box>
  );
}

function legalFormLabel(c: Customer): string {
  if (!c.legalForm) return '';
  const country = c.legalFormCountryISO ?? c.countryIso ?? '';
  return customerConfiguration(country)?.legalForms.find((f) => f.code === c.legalForm)?.label ?? c.legalForm;
}

export function CustomerSection({
  applicant,
  missingNow,
}: {
  applicant: Customer | null;
  missingNow: MissingInfo[];
}) {
  const { t } = useTranslation();
  const format = useBackofficeFormat();
  if (!applicant)
    return (
      <Section title={t('backoffice.customer.title')} testId="request-customer">
        <Text>{t('backoffice.customer.none')}</Text>
      </Section>
    );
  const missing = new Set(missingNow);
  const main = applicant.addresses.find((a) => a.addressType === 'main');
  const directors = applicant.persons.filter((p) => p.position === 'director');
  const scoreClass = applicant.scoreClass;
  return (
    <Section title={t('backoffice.customer.title')} testId="request-customer">
      <Facts>
        <Fact label={t('backoffice.customer.name')}>
          <Text fontWeight="semibold">{applicant.name}</Text>
        </Fact>
        <Fact label={t('backoffice.customer.registrationNumber')}>
          <Value
            value={applicant.registrationNumber}
            missing={missing.has('registrationNumber') && 'registrationNumber'}
          />
        </Fact>
        <Fact label={t('backoffice.customer.legalForm')}>
          <Value value={legalFormLabel(applicant)} />
        </Fact>
        <Fact label={t('backoffice.customer.scoreClass')} testId="customer-score">
          <Stack gap="1" align="flex-start">
            <ScoreClassBadge scoreClass={scoreClass} />
            <Text fontSize="sm" color="fg.muted">
              {t(`backoffice.score.meaning.${scoreClass ? Math.min(scoreClass, 6) : 'unknown'}`)}
            </Text>
          </Stack>
        </Fact>
        <Fact label={t('backoffice.customer.mainAddress')}>
          {missing.has('mainAddress') ? (
            <Stack gap="1" align="flex-start">
              <Missing what="mainAddress" />
              {main && <AddressLines address={main} />}
            </Stack>
          ) : (
            <AddressLines address={main} />
          )}
        </Fact>
        {applicant.email && <Fact label={t('backoffice.customer.email')}>{applicant.email}</Fact>}
        <Fact label={t('backoffice.customer.directors')}>
          {directors.length === 0 ? (
            <Value
              value={t('backoffice.customer.noDirector')}
              missing={missing.has('director') && 'director'}
            />
          ) : (
            <List.Root recipe={listSlotRecipe} variant="plain" gap="1">
              {directors.map((p, i) => (
                <List.Item key={i} display="block">
                  <Text as="span" fontWeight="medium">
                    {[p.title, p.firstName, p.lastName].filter(Boolean).join(' ')}
                  </Text>
                  <Text as="span" color="fg.muted">
                    {' · '}
                    {p.dateOfBirth
                      ? t('backoffice.customer.born', { date: format.date(p.dateOfBirth) })
                      : t('backoffice.customer.noDateOfBirth')}
                  </Text>
                  {!p.dateOfBirth && missing.has('directorDateOfBirth') && (
                    <>
                      {' '}
                      <Missing what="directorDateOfBirth" />
                    </>
                  )}
                </List.Item>
              ))}
            </List.Root>
          )}
        </Fact>
      </Facts>
    </Section>
  );
}

export function SupplierSection({ supplier }: { supplier: Party | null }) {
  const { t } = useTranslation();
  return (
    <Section title={t('backoffice.supplier.title')} testId="request-supplier">
      {supplier ? (
        <Facts>
          <Fact label={t('backoffice.supplier.name')}>{supplier.name}</Fact>
          <Fact label={t('backoffice.supplier.address')}>
            <AddressLines address={supplier.address} />
          </Fact>
        </Facts>
      ) : (
        <Text>{t('backoffice.supplier.none')}</Text>
      )}
    </Section>
  );
}

export function FinancingSection({ request }: { request: RequestDetail }) {
  const { t } = useTranslation();
  const format = useBackofficeFormat();
  const instalment = useInstalmentFormat();
  const v = request.calculationVariant;
  const currency = request.currencyCode;
  const aboveLimit = request.nav > request.instantDecisionLimit;
  return (
    <Section title={t('backoffice.financing.title')} testId="request-financing">
      <Facts>
        <Fact label={t('backoffice.financing.nav')} testId="request-nav">
          <Text fontWeight="semibold" fontVariantNumeric="tabular-nums">
            {format.amount(request.nav, currency)}
          </Text>
          <Text fontSize="sm" color={aboveLimit ? 'fg.warning' : 'fg.muted'}>
            {t(aboveLimit ? 'backoffice.financing.aboveLimit' : 'backoffice.financing.withinLimit', {
              limit: format.amount(request.instantDecisionLimit, currency),
            })}
          </Text>
        </Fact>
        <Fact label={t('backoffice.financing.period')}>
          {t('backoffice.financing.months', { count: request.periodInMonths })}
        </Fact>
        <Fact label={t('backoffice.financing.instalment')}>
          {request.result ? (
            <Text fontVariantNumeric="tabular-nums">
              {instalment.instalment(
                request.result.totalInstallmentAmount,
                request.result,
                currency,
                request.result.monthlyTotalInstallmentAmount,
              )}
            </Text>
          ) : (
            '–'
          )}
        </Fact>
        <Fact label={t('backoffice.financing.objects')}>
          {v.financingObjects.length > 0 ? (
            <List.Root recipe={listSlotRecipe} variant="plain" gap="1" data-testid="request-objects">
              {v.financingObjects.map((o, i) => (
                <List.Item key={i} display="block">
                  <Text as="span">
                    {t('backoffice.financing.object', {
                      quantity: o.quantity,
                      name: o.details || (request.objectTypeNames[o.objectId] ?? o.objectId),
                    })}
                  </Text>
                  <Text as="span" color="fg.muted" fontVariantNumeric="tabular-nums">
                    {' · '}
                    {t('backoffice.financing.pricePerItem', {
                      price: format.amount(o.netPricePerItemAmount, currency),
                    })}
                  </Text>
                </List.Item>
              ))}
            </List.Root>
          ) : v.generalObject ? (
            <Text data-testid="request-objects">
              {t('backoffice.financing.generalObject', {
                type: request.objectTypeNames[v.generalObject.objectType] ?? v.generalObject.objectType,
              })}
            </Text>
          ) : (
            '–'
          )}
        </Fact>
      </Facts>
    </Section>
  );
}

export function QuoteNoteSection({ note }: { note: string }) {
  const { t } = useTranslation();
  return (
    <Section title={t('backoffice.quoteNote.title')} testId="request-quote-note">
      {note ? (
        <Text whiteSpace="pre-wrap" wordBreak="break-word">
          {note}
        </Text>
      ) : (
        <Text color="fg.muted">{t('backoffice.quoteNote.none')}</Text>
      )}
    </Section>
  );
}

const PROPOSAL_PALETTE: Record<string, string> = {
  approve: 'green',
  approveWithGuarantee: 'orange',
  needInformation: 'yellow',
  decline: 'red',
  underwriter: 'blue',
};

/** What the rules would decide now and what they miss: the underwriter's starting point. */
export function RulesSection({ request }: { request: RequestDetail }) {
  const { t } = useTranslation();
  const { proposal, missingNow } = request;
  return (
    <Section title={t('backoffice.rules.title')} testId="request-rules">
      <Facts>
        <Fact label={t('backoffice.rules.proposal')} testId="rules-proposal">
          {proposal ? (
            <Stack gap="1" align="flex-start">
              <Badge colorPalette={PROPOSAL_PALETTE[proposal] ?? 'gray'} variant="subtle">
                {t(`backoffice.proposal.${proposal}`)}
              </Badge>
              <Text fontSize="sm" color="fg.muted">
                {t(`backoffice.proposalText.${proposal}`)}
              </Text>
            </Stack>
          ) : (
            '–'
          )}
        </Fact>
        <Fact label={t('backoffice.rules.missingNow')} testId="rules-missing">
          {missingNow.length === 0 ? (
            t('backoffice.rules.nothingMissing')
          ) : (
            <List.Root recipe={listSlotRecipe} ps="4" gap="1">
              {missingNow.map((m) => (
                <List.Item key={m}>{t(`backoffice.missingInfo.${m}`)}</List.Item>
              ))}
            </List.Root>
          )}
        </Fact>
      </Facts>
    </Section>
  );
}
