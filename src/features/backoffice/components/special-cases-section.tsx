import * as endpoints from '../../../domain/api/endpoints/backoffice';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  Badge,
  Box,
  Button,
  Flex,
  Heading,
  Stack,
  Text,
  Textarea,
  textareaRecipe,
} from '../../../client/ui/chakra';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useController, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { call, followAction } from '../../../client/http';
import { notify } from '../../../client/ui/notify';
import { SPECIAL_CASE_TEXT_MAX, SpecialCaseAnswer } from '../../../domain/calculation/requests';
import type { Action } from '../../../domain/hypermedia';
import { useBackofficeFormat } from './format';
import type { SpecialCaseItem } from '../../../domain/api/backoffice';

/**
 * Partners' requests for special-case conditions, oldest first: an underwriter grants one with
 * its terms, or refuses it with the reason; the partner hears of it at once and by mail.
 */
export function SpecialCasesSection() {
  const { t } = useTranslation();
  const titleId = useId();
  const { data } = useQuery({
    queryKey: ['backoffice', 'special-cases'],
    queryFn: () => call(endpoints.specialCases, {}),
    refetchInterval: 15_000,
    refetchOnMount: 'always',
    meta: { ignore403: true, disableErrorPage: true },
  });
  const items = data?.entities ?? [];
  return (
    <Stack as="section" gap="3" aria-labelledby={titleId} data-testid="special-cases">
      <Flex align="center" gap="3">
        <Heading as="h2" size="lg" id={titleId}>
          {t('backoffice.specialCases.title')}
        </Heading>
        <Badge colorPalette="gray" variant="subtle">
          {items.length}
        </Badge>
      </Flex>
      {items.length === 0 && <Text>{t('backoffice.specialCases.empty')}</Text>}
      {items.map((e) => (
        <SpecialCaseRow key={e.properties.id} item={e.properties} answer={e.actions![0]!} />
      ))}
    </Stack>
  );
}

/** The underwriter's answer; grant or refuse is the button's choice. */
const AnswerForm = SpecialCaseAnswer.pick({ answer: true });

function SpecialCaseRow({ item, answer }: { item: SpecialCaseItem; answer: Action }) {
  const { t } = useTranslation();
  const format = useBackofficeFormat();
  const queryClient = useQueryClient();
  // The missing answer shows after a first grant or refuse, then follows the typing.
  const { control, handleSubmit, formState } = useForm({
    resolver: zodResolver(AnswerForm),
    defaultValues: { answer: '' },
  });
  const { field: text } = useController({ control, name: 'answer' });
  const missing = !!formState.errors.answer;
  const send = useMutation({
    meta: { disableErrorPage: true },
    mutationFn: (body: z.output<typeof SpecialCaseAnswer>) =>
      followAction(answer, endpoints.answerSpecialCase, body),
    onSuccess: (_answer, { granted }) => {
      notify({
        type: 'success',
        title: t(granted ? 'backoffice.specialCases.granted' : 'backoffice.specialCases.refused'),
        duration: 6000,
      });
      void queryClient.invalidateQueries({ queryKey: ['backoffice', 'special-cases'] });
    },
    onError: () => notify({ type: 'error', title: t('errors.generic') }),
  });
  const decide = (granted: boolean) => handleSubmit((body) => send.mutate({ ...body, granted }))();
  return (
    <Box borderWidth="1px" rounded="l2" p="4" bg="bg.panel" data-testid="special-case-row">
      <Stack gap="3">
        <Flex justify="space-between" wrap="wrap" gap="2">
          <Text fontWeight="semibold">{item.customerName}</Text>
          <Text fontSize="sm" color="fg.muted">
            {item.partnerName} · {item.brandName} · {format.dateTime(item.requestedAt)}
            {item.nav !== null && ` · ${format.amount(item.nav, item.currencyCode)}`}
          </Text>
        </Flex>
        <Text whiteSpace="pre-line" borderStartWidth="3px" borderColor="border.emphasized" ps="3">
          {item.text}
        </Text>
        <Textarea
          recipe={textareaRecipe}
          size="sm"
          rows={3}
          {...text}
          maxLength={SPECIAL_CASE_TEXT_MAX}
          placeholder={t('backoffice.specialCases.answer')}
          aria-label={t('backoffice.specialCases.answer')}
          aria-invalid={missing}
        />
        {missing && (
          <Text fontSize="sm" color="fg.error">
            {t('backoffice.specialCases.answerRequired')}
          </Text>
        )}
        <Flex gap="2" wrap="wrap">
          <Button
            colorPalette="brand"
            size="sm"
            loading={send.isPending && send.variables.granted}
            onClick={() => void decide(true)}
          >
            {t('backoffice.specialCases.grant')}
          </Button>
          <Button
            variant="outline"
            size="sm"
            loading={send.isPending && !send.variables.granted}
            onClick={() => void decide(false)}
          >
            {t('backoffice.specialCases.refuse')}
          </Button>
        </Flex>
      </Stack>
    </Box>
  );
}
