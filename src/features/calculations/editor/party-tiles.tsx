import { Button, HStack, List, Stack, Text } from '../../../client/ui/chakra';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { discardUnsavedChanges } from '../../../client/unsaved';
import { isReportRequired } from '../../../domain/calculation/requests';
import type { Address, CreditReport } from '../../../domain/customers/schemas';
import type { Editor } from './use-editor';
import { Tile } from './tile';
import { useFormat } from '../../../client/format/format';

/**
 * Customer, supplier and sublessee of the set: a summary each, edited on their own routes
 * (portal specification, “Screens and routes”). A calculation may be saved without them; a request needs customer and
 * supplier.
 */
export function PartyTiles({
  ed,
  readOnly,
  base,
  saved,
  currency,
}: {
  ed: Editor;
  readOnly: boolean;
  base: string;
  /** The calculation's currency: the report threshold is counted in it. */
  currency: string;
  /** The customer as saved and the reports recorded for its company. */
  saved?: { agencyId: string | undefined; reports: CreditReport[] };
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // The editor's state is kept for the form and comes back after it: nothing to ask about.
  const open = (route: string) => {
    discardUnsavedChanges();
    void ed.keep().then(() => navigate(`${base}/${route}`));
  };
  const { applicant, supplier, sublessee } = ed.parties;
  const address = (a: Address | null | undefined) => (a ? `${a.street}, ${a.zip} ${a.town}` : undefined);
  const nav = ed.calc.upToDate ? ed.calc.results[0]?.netAcquisitionValueAmount : undefined;
  // The reports of the company as saved; another company chosen since has its own.
  const reports = applicant && saved && applicant.agencyId === saved.agencyId ? saved.reports : [];
  const tiles = [
    {
      id: 'customer',
      title: t('calculation.tiles.applicant'),
      name: applicant?.name,
      lines: [
        address(applicant?.addresses?.find((a) => a.addressType === 'main')),
        applicant?.registrationNumber,
      ],
      route: 'edit-customer',
      error: ed.err('applicant'),
      empty: t('calculation.parties.applicantHint'),
    },
    {
      id: 'supplier',
      title: t('calculation.tiles.supplier'),
      name: supplier?.name,
      lines: [address(supplier?.address), supplier?.registrationNumber],
      route: 'edit-supplier',
      error: ed.err('supplier'),
      empty: t('calculation.parties.supplierHint'),
    },
    {
      id: 'sublessee',
      title: t('calculation.tiles.sublessee'),
      name: sublessee?.name,
      lines: [address(sublessee?.address)],
      route: 'edit-sublessee',
      error: ed.err('sublessee'),
      empty: t('calculation.parties.sublesseeHint'),
    },
  ];
  return (
    <>
      {tiles.map((tile) => (
        <Tile key={tile.id} id={tile.id} title={tile.title}>
          <Stack gap="1" data-testid={`${tile.id}-summary`}>
            {tile.name ? (
              <>
                <Text fontWeight="semibold">{tile.name}</Text>
                {tile.lines.filter(Boolean).map((line) => (
                  <Text key={line} fontSize="sm" color="fg.muted">
                    {line}
                  </Text>
                ))}
              </>
            ) : (
              <Text fontSize="sm" color="fg.muted">
                {tile.empty}
              </Text>
            )}
          </Stack>
          {tile.id === 'customer' && applicant && (
            <CreditReports
              reports={reports}
              required={nav !== undefined && isReportRequired(nav, ed.calc.list, currency)}
            />
          )}
          {tile.error && (
            <Text color="fg.error" fontSize="sm" role="alert">
              {t(`customer.errors.${tile.error}`)} {t('calculation.parties.fix')}
            </Text>
          )}
          {!readOnly && (
            <HStack>
              <Button size="sm" variant="outline" onClick={() => open(tile.route)}>
                {t(tile.name ? `calculation.parties.edit` : `calculation.parties.add`, { party: tile.title })}
              </Button>
            </HStack>
          )}
        </Tile>
      ))}
    </>
  );
}

/** The credit-agency reports recorded for the customer's company, and whether the amount needs one. */
function CreditReports({ reports, required }: { reports: CreditReport[]; required: boolean }) {
  const { t } = useTranslation();
  const date = useFormat().dayOf;
  if (!reports.length && !required) return null;
  return (
    <Stack gap="1" data-testid="credit-reports">
      <Text fontSize="sm" fontWeight="semibold">
        {t('calculation.reports.title')}
      </Text>
      {required && (
        <Text fontSize="sm" color="fg.muted">
          {t('calculation.reports.required')}
        </Text>
      )}
      {reports.length ? (
        <List.Root fontSize="sm" ps="4">
          {reports.map((r) => (
            <List.Item key={r.id}>
              {t('calculation.reports.row', {
                date: date(r.createdAt),
                agency: r.agency,
                scoreClass: r.scoreClass,
              })}
            </List.Item>
          ))}
        </List.Root>
      ) : (
        <Text fontSize="sm" color="fg.muted">
          {t('calculation.reports.none')}
        </Text>
      )}
    </Stack>
  );
}
