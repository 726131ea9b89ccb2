import { Button, HStack, Stack, Text } from '../../../client/ui/chakra';
import { useTranslation } from 'react-i18next';
import { objectTypeNameOf } from '../../../domain/calculation/names';
import { MAX_OBJECTS } from '../../../domain/calculation/engine';
import { defaultObjectPrice, newObject, objectsTotal } from '../../../domain/calculation/editor';
import type { ObjectType } from '../../../client/calculation/types';
import { CheckField, SelectField } from '../../../client/ui/form-fields';
import { Notice, useClosed } from '../../../client/ui/notice';
import { ObjectRow, type ObjectPatch } from './object-row';
import type { Editor } from './use-editor';
import { Tile } from './tile';
import { useFormat } from '../../../client/format/format';

/**
 * Financing objects: the general object applies until a specific one is added, and again when
 * the last specific one is removed. A new object's price is the NAV minus the objects' sum.
 */
export function ObjectsTile({
  ed,
  objectTypes,
  readOnly,
  currency,
  showSerialNumbers,
  detailsNeeded,
}: {
  ed: Editor;
  objectTypes: ObjectType[];
  readOnly: boolean;
  currency: string;
  showSerialNumbers: boolean;
  /** The server would refuse a request: the objects are not described (saved state). */
  detailsNeeded: boolean;
}) {
  const { t, i18n } = useTranslation();
  const { draft, update, touch, err } = ed;
  // Closed, the notice stays away while the page is open; it comes back on the next visit.
  const [detailsNoticeClosed, closeDetailsNotice] = useClosed(detailsNeeded ? 'details' : undefined);
  const list = ed.calc.list;
  const format = useFormat();
  const money = (value: number) => format.amount(value, currency);
  const items = draft.financingObjects.reduce((n, o) => n + (Number(o.quantity) || 0), 0);
  const typeOptions = objectTypes.map((o) => ({ value: o.id, label: objectTypeNameOf(o, i18n.language) }));

  const add = () => {
    const type = objectTypes.find((o) => o.id === draft.generalObjectType) ?? objectTypes[0];
    if (!type) return;
    update((values) => ({
      financingObjects: [
        ...values.financingObjects,
        newObject(
          type.id,
          type.defaultManufacturerId ?? '',
          defaultObjectPrice(draft),
          draft.decimalSeparator,
        ),
      ],
    }));
  };
  // From the form's values: a change may not be rendered yet when the next one comes.
  const change = (key: string, patch: ObjectPatch) =>
    update((values) => ({
      financingObjects: values.financingObjects.map((o) =>
        o.key === key ? { ...o, ...(typeof patch === 'function' ? patch(o) : patch) } : o,
      ),
    }));
  const remove = (key: string) =>
    update((values) => ({ financingObjects: values.financingObjects.filter((o) => o.key !== key) }));

  return (
    <Tile id="object" title={t('calculation.tiles.object')} span>
      {draft.financingObjects.length === 0 ? (
        <Stack gap="3" data-testid="general-object">
          <SelectField
            name="generalObjectType"
            label={t('calculation.objects.generalObject')}
            value={draft.generalObjectType}
            required
            options={[{ value: '', label: t('calculation.objects.chooseType') }, ...typeOptions]}
            error={err('generalObjectType')}
            disabled={readOnly}
            onTouch={touch}
            onChange={(generalObjectType) => update({ generalObjectType })}
          />
          <CheckField
            name="isExternalObjectOverviewProvided"
            label={t('calculation.objects.externalOverview')}
            checked={draft.isExternalObjectOverviewProvided}
            disabled={readOnly}
            onChange={(isExternalObjectOverviewProvided) => update({ isExternalObjectOverviewProvided })}
          />
        </Stack>
      ) : (
        <Stack gap="3">
          {draft.financingObjects.map((o, k) => (
            <ObjectRow
              key={o.key}
              index={k}
              object={o}
              objectTypes={objectTypes}
              countedServices={list?.isCountedServicesAvailable ?? false}
              showSerialNumber={showSerialNumbers}
              readOnly={readOnly}
              err={err}
              touch={touch}
              onChange={change}
              onRemove={remove}
            />
          ))}
          <Text fontSize="sm" color="fg.muted" data-testid="objects-total">
            {t('calculation.objects.total', { total: money(objectsTotal(draft)), count: items })}
          </Text>
        </Stack>
      )}
      {detailsNeeded && !readOnly && !detailsNoticeClosed && (
        <Notice
          status="info"
          testId="object-details-needed"
          title={t('calculation.objects.detailsNeeded')}
          onClose={closeDetailsNotice}
        />
      )}
      {err('financingObjects') && (
        <Notice
          status="error"
          testId="objects-error"
          title={t(`calculation.errors.${err('financingObjects')}`)}
        />
      )}
      {!readOnly && (
        <HStack>
          <Button variant="outline" size="sm" onClick={add} disabled={items >= MAX_OBJECTS}>
            {t('calculation.objects.add')}
          </Button>
          {items >= MAX_OBJECTS && (
            <Text fontSize="sm" color="fg.muted">
              {t('calculation.objects.max', { max: MAX_OBJECTS })}
            </Text>
          )}
        </HStack>
      )}
    </Tile>
  );
}
