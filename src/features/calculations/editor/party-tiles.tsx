import { Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { discardUnsavedChanges } from '../../../client/unsaved';
import type { Address } from '../../../domain/customers/schemas';
import type { Editor } from './use-editor';
import { Tile } from './tile';

/**
 * Customer, supplier and sublessee of the set: a summary each, edited on their own routes
 * (spec 000 section 2). A calculation may be saved without them; a request needs customer and
 * supplier.
 */
export function PartyTiles({ ed, readOnly, base }: { ed: Editor; readOnly: boolean; base: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // The editor's state is kept for the form and comes back after it: nothing to ask about.
  const open = (route: string) => {
    discardUnsavedChanges();
    void ed.keep().then(() => navigate(`${base}/${route}`));
  };
  const { applicant, supplier, sublessee } = ed.parties;
  const address = (a: Address | null | undefined) => (a ? `${a.street}, ${a.zip} ${a.town}` : undefined);
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
