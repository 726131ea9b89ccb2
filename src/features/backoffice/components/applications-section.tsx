import * as endpoints from '../../../domain/api/endpoints/backoffice';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Badge,
  Box,
  Button,
  Checkbox,
  Flex,
  Heading,
  Input,
  Stack,
  Text,
  checkboxSlotRecipe,
  inputRecipe,
} from '../../../client/ui/chakra';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useController, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { call, followAction } from '../../../client/http';
import { notify } from '../../../client/ui/notify';
import type { ApplicationItem } from '../../../domain/api/backoffice';
import type { Action } from '../../../domain/hypermedia';
import { APPLICATION_PAPERS, ApplicationCheck } from '../../../domain/signing';
import { useFormat } from '../../../client/format/format';

/** What the underwriter marks missing; complete or not is the button's choice. */
const MissingForm = ApplicationCheck.pick({ missingDocuments: true, infoText: true }).required();

type Application = Pick<
  ApplicationItem,
  'id' | 'calculationSetId' | 'sentAt' | 'customerName' | 'partnerName'
>;

/**
 * Contract starts waiting for the provider's check (docs/domain.md section 4): complete makes the
 * contract, otherwise the partner is told which papers are missing.
 */
export function ApplicationsSection() {
  const { t } = useTranslation();
  const format = useFormat();
  const titleId = useId();
  const { data } = useQuery({
    queryKey: ['backoffice', 'applications'],
    queryFn: () => call(endpoints.applications, {}),
    refetchInterval: 15_000,
    refetchOnMount: 'always',
    meta: { ignore403: true, disableErrorPage: true },
  });
  const items = data?.entities ?? [];
  return (
    <Stack as="section" gap="3" aria-labelledby={titleId} data-testid="applications">
      <Flex align="center" gap="3">
        <Heading as="h2" size="lg" id={titleId}>
          {t('backoffice.applications.title')}
        </Heading>
        <Badge colorPalette="gray" variant="subtle">
          {items.length}
        </Badge>
      </Flex>
      {items.length === 0 && <Text>{t('backoffice.applications.empty')}</Text>}
      {items.map((e) => (
        <ApplicationRow
          key={e.properties.id}
          application={e.properties}
          check={e.actions![0]!}
          when={format.dateTime(e.properties.sentAt)}
        />
      ))}
    </Stack>
  );
}

function ApplicationRow({
  application,
  check,
  when,
}: {
  application: Application;
  check: Action;
  when: string;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { control, handleSubmit } = useForm({
    resolver: zodResolver(MissingForm),
    defaultValues: { missingDocuments: [], infoText: '' },
  });
  const { field: missingField } = useController({ control, name: 'missingDocuments' });
  const { field: noteField } = useController({ control, name: 'infoText' });
  const missing = missingField.value;
  const note = noteField.value;
  const send = useMutation({
    meta: { disableErrorPage: true },
    mutationFn: (body: ApplicationCheck) => followAction(check, endpoints.checkApplication, body),
    onSuccess: (answer, { complete }) => {
      notify({
        type: 'success',
        title: complete
          ? t('backoffice.applications.completed', { code: answer.properties.referenceCode })
          : t('backoffice.applications.returned'),
        duration: 6000,
      });
      void queryClient.invalidateQueries({ queryKey: ['backoffice', 'applications'] });
    },
    onError: () => notify({ type: 'error', title: t('errors.generic') }),
  });
  const decide = (complete: boolean) =>
    handleSubmit(({ missingDocuments, infoText }) =>
      send.mutate(complete ? { complete } : { complete, missingDocuments, infoText: infoText || undefined }),
    )();
  return (
    <Box borderWidth="1px" rounded="l2" p="4" bg="bg.panel" data-testid="application-row">
      <Stack gap="3">
        <Flex justify="space-between" wrap="wrap" gap="2">
          <Text fontWeight="semibold">{application.customerName}</Text>
          <Text fontSize="sm" color="fg.muted">
            {application.partnerName} · {when}
          </Text>
        </Flex>
        <Flex gap="4" wrap="wrap">
          {APPLICATION_PAPERS.map((p) => (
            <Checkbox.Root
              key={p}
              recipe={checkboxSlotRecipe}
              size="sm"
              checked={missing.includes(p)}
              onCheckedChange={(e) =>
                missingField.onChange(e.checked === true ? [...missing, p] : missing.filter((x) => x !== p))
              }
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{t(`documents.categories.${p}`)}</Checkbox.Label>
            </Checkbox.Root>
          ))}
        </Flex>
        <Input
          recipe={inputRecipe}
          size="sm"
          {...noteField}
          value={note}
          maxLength={500}
          placeholder={t('backoffice.applications.note')}
          aria-label={t('backoffice.applications.note')}
        />
        <Flex gap="2" wrap="wrap">
          <Button
            colorPalette="brand"
            size="sm"
            loading={send.isPending && send.variables.complete}
            onClick={() => void decide(true)}
          >
            {t('backoffice.applications.complete')}
          </Button>
          <Button
            variant="outline"
            size="sm"
            disabled={missing.length === 0 && !note}
            loading={send.isPending && !send.variables.complete}
            onClick={() => void decide(false)}
          >
            {t('backoffice.applications.incomplete')}
          </Button>
        </Flex>
      </Stack>
    </Box>
  );
}
