import { SimpleGrid, Stack } from '../../../client/ui/chakra';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { chooseList, contractTypesOf, parseAmount } from '../../../domain/calculation/editor';
import { PAYMENT_PLANS } from '../../../domain/calculation/billing';
import type { ConditionList } from '../../../domain/calculation/schemas';
import type { Editor } from './use-editor';
import { CheckField, SelectField, TextField } from '../../../client/ui/form-fields';
import { Tile } from './tile';
import { useFormat } from '../../../client/format/format';

/**
 * Contract: the contract type, residual value, commission and repurchase that pick the
 * condition list (residual value only for TA, commission only with a choice, repurchase only
 * where a list has it), and the payment terms and one-off amounts.
 */
export function ContractTile({
  ed,
  lists,
  readOnly,
  currency,
}: {
  ed: Editor;
  lists: ConditionList[];
  readOnly: boolean;
  currency: string;
}) {
  const { t, i18n } = useTranslation();
  const { draft, update, touch, err } = ed;
  const { list } = ed.calc;
  // What else the lists offer for the selection (the list itself is the one the draft names).
  const { productId, residualValue, commission, hasRepurchase } = draft;
  const choice = useMemo(
    () => chooseList(lists, { productId, residualValue, commission, hasRepurchase }),
    [lists, productId, residualValue, commission, hasRepurchase],
  );
  const format = useFormat();
  const money = (value: number) => format.amount(value, currency);
  const nav = draft.navBasedCalculation ? parseAmount(draft.inputValue, draft.decimalSeparator) : undefined;
  const common = { onTouch: touch, disabled: readOnly };
  return (
    <Tile id="contract" title={t('calculation.tiles.contract')}>
      <Stack gap="4">
        <SelectField
          {...common}
          name="productId"
          label={t('calculation.fields.contractType')}
          value={draft.productId}
          error={err('productId')}
          options={contractTypesOf(lists, i18n.language).map((c) => ({
            value: c.productId,
            label: c.productType,
          }))}
          onChange={(productId) => update({ productId })}
        />
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          {choice.showResidualValue && (
            <SelectField
              {...common}
              name="residualValue"
              label={t('calculation.fields.residualValue')}
              value={draft.residualValue}
              options={choice.residualValues.map((rv) => ({
                value: rv,
                label: nav !== undefined ? `${rv} % (${money(Math.round(nav * rv) / 100)})` : `${rv} %`,
              }))}
              onChange={(residualValue) => update({ residualValue })}
            />
          )}
          {choice.showCommission && (
            <SelectField
              {...common}
              name="commission"
              label={t('calculation.fields.commission')}
              value={draft.commission}
              options={choice.commissions.map((c) => ({ value: c, label: `${c} %` }))}
              onChange={(commission) => update({ commission })}
            />
          )}
        </SimpleGrid>
        {choice.showRepurchase && (
          <CheckField
            name="hasRepurchase"
            label={t('calculation.fields.repurchase')}
            checked={draft.hasRepurchase}
            disabled={readOnly}
            onChange={(hasRepurchase) => update({ hasRepurchase })}
          />
        )}
        <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
          <SelectField
            {...common}
            name="paymentFrequency"
            label={t('calculation.fields.paymentFrequency')}
            value={draft.paymentFrequency}
            error={err('paymentFrequency')}
            options={(list?.paymentFrequencies ?? []).map((f) => ({
              value: f.code as typeof draft.paymentFrequency,
              label: t(`calculation.paymentFrequencies.${f.code}`),
            }))}
            onChange={(paymentFrequency) => update({ paymentFrequency })}
          />
          <SelectField
            {...common}
            name="paymentMethod"
            label={t('calculation.fields.paymentMethod')}
            value={draft.paymentMethod}
            options={(list?.paymentMethods ?? []).map((m) => ({
              value: m.code,
              label: t(`calculation.paymentMethods.${m.code}`),
            }))}
            onChange={(paymentMethod) => update({ paymentMethod })}
          />
          <SelectField
            {...common}
            name="paymentPlan"
            label={t('calculation.fields.paymentPlan')}
            value={draft.paymentPlan}
            options={PAYMENT_PLANS.map((p) => ({
              value: p,
              label: t(`calculation.paymentPlans.${p}`),
            }))}
            onChange={(paymentPlan) => update({ paymentPlan })}
          />
          {(list?.maxRentFreeMonths ?? 0) > 0 && (
            <SelectField
              {...common}
              name="rentFreeMonths"
              label={t('calculation.fields.rentFreeMonths')}
              value={draft.rentFreeMonths}
              error={err('rentFreeMonths')}
              options={rentFreeChoices(list!.maxRentFreeMonths!, draft.paymentFrequency).map((m) => ({
                value: m,
                label:
                  m === 0 ? t('calculation.rentFree.none') : t('calculation.rentFree.months', { count: m }),
              }))}
              onChange={(rentFreeMonths) => update({ rentFreeMonths })}
            />
          )}
          <TextField
            {...common}
            name="advancePaymentAmount"
            label={t('calculation.fields.advancePayment')}
            numeric
            value={draft.advancePaymentAmount}
            error={err('advancePaymentAmount')}
            helper={
              list
                ? t('calculation.fields.advancePaymentMax', { percent: list.advancePaymentMaxPercent })
                : undefined
            }
            onChange={(advancePaymentAmount) => update({ advancePaymentAmount })}
          />
          <TextField
            {...common}
            name="securityDepositAmount"
            label={t('calculation.fields.securityDeposit')}
            numeric
            value={draft.securityDepositAmount}
            error={err('securityDepositAmount')}
            onChange={(securityDepositAmount) => update({ securityDepositAmount })}
          />
          {list?.handlingFee.allowed && (
            <TextField
              {...common}
              name="handlingFeeAmount"
              label={t('calculation.fields.handlingFee')}
              numeric
              value={draft.handlingFeeAmount}
              error={err('handlingFeeAmount')}
              helper={t('calculation.fields.handlingFeeDefault', {
                amount: money(list.handlingFee.amount),
              })}
              onChange={(handlingFeeAmount) => update({ handlingFeeAmount })}
            />
          )}
        </SimpleGrid>
        <CheckField
          name="hasRemitInterimFee"
          label={t('calculation.fields.remitInterimFee')}
          checked={draft.hasRemitInterimFee}
          disabled={readOnly}
          onChange={(hasRemitInterimFee) => update({ hasRemitInterimFee })}
        />
      </Stack>
    </Tile>
  );
}

/** Rent-free starts on offer: up to the list's longest, in whole quarters when billed quarterly. */
function rentFreeChoices(max: number, frequency: string): number[] {
  const step = frequency === 'quarterly' ? 3 : 1;
  return Array.from({ length: Math.floor(max / step) + 1 }, (_, k) => k * step);
}
