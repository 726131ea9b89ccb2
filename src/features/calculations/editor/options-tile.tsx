import { Stack } from '../../../client/ui/chakra';
import { useTranslation } from 'react-i18next';
import { ADDITIONAL_INFO_MAX } from '../../../domain/calculation/variant';
import type { Editor } from './use-editor';
import { TextAreaField, TextField } from '../../../client/ui/form-fields';
import { Tile } from './tile';

/** Options: the recurring service fee (percent or amount by the list's maintenance fee type), SLA, notes. */
export function OptionsTile({ ed, readOnly, currency }: { ed: Editor; readOnly: boolean; currency: string }) {
  const { t } = useTranslation();
  const { draft, update, touch, err } = ed;
  const list = ed.calc.list;
  const allIn = list?.isCountedServicesAvailable ?? false;
  const common = { onTouch: touch, disabled: readOnly };
  return (
    <Tile id="options" title={t('calculation.tiles.options')}>
      <Stack gap="4">
        {list?.hasRecurringServiceFee && (
          <TextField
            {...common}
            name="recurringServiceAmount"
            label={t(
              list.maintenanceFeeType === 'percent'
                ? 'calculation.fields.recurringServicePercent'
                : 'calculation.fields.recurringServiceAmount',
            )}
            helper={list.maintenanceFeeType === 'percent' ? '%' : currency}
            numeric
            required={allIn}
            value={draft.recurringServiceAmount}
            error={err('recurringServiceAmount')}
            onChange={(recurringServiceAmount) => update({ recurringServiceAmount })}
          />
        )}
        <TextField
          {...common}
          name="customServiceLevelAgreement"
          label={t('calculation.fields.sla')}
          required={allIn}
          maxLength={200}
          value={draft.customServiceLevelAgreement}
          error={err('customServiceLevelAgreement')}
          onChange={(customServiceLevelAgreement) => update({ customServiceLevelAgreement })}
        />
        <TextAreaField
          {...common}
          name="additionalOfferInfo"
          label={t('calculation.fields.additionalOfferInfo')}
          maxLength={ADDITIONAL_INFO_MAX}
          value={draft.additionalOfferInfo}
          onChange={(additionalOfferInfo) => update({ additionalOfferInfo })}
        />
        <TextAreaField
          {...common}
          name="additionalRequestInfo"
          label={t('calculation.fields.additionalRequestInfo')}
          maxLength={ADDITIONAL_INFO_MAX}
          value={draft.additionalRequestInfo}
          onChange={(additionalRequestInfo) => update({ additionalRequestInfo })}
        />
      </Stack>
    </Tile>
  );
}
