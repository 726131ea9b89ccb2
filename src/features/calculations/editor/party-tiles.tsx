import { Text } from '@chakra-ui/react';
import { useTranslation } from 'react-i18next';
import { TextField } from './fields';
import type { Editor } from './use-editor';
import { Tile } from './tile';

/** Customer and supplier of the set; a calculation may be saved without them. */
export function PartyTiles({ ed, readOnly }: { ed: Editor; readOnly: boolean }) {
  const { t } = useTranslation();
  const { parties, setParties, touch } = ed;
  return (
    <>
      {(['applicant', 'supplier'] as const).map((party) => (
        <Tile
          key={party}
          id={party === 'applicant' ? 'customer' : 'supplier'}
          title={t(`calculation.tiles.${party}`)}
        >
          <TextField
            name={`${party}.name`}
            label={t(`calculation.parties.${party}Name`)}
            value={parties[party]}
            maxLength={50}
            disabled={readOnly}
            onTouch={touch}
            onChange={(name) => setParties((p) => ({ ...p, [party]: name }))}
          />
          <Text fontSize="sm" color="fg.muted">
            {t(`calculation.parties.${party}Hint`)}
          </Text>
        </Tile>
      ))}
    </>
  );
}
