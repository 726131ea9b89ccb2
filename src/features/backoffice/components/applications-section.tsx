import { Badge, Box, Button, Checkbox, Flex, Heading, Input, Stack, Text } from '@chakra-ui/react';
import { checkboxSlotRecipe } from '@chakra-ui/react/theme/recipes/checkbox';
import { inputRecipe } from '@chakra-ui/react/theme/recipes/input';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, followAction } from '../../../client/http';
import { notify } from '../../../client/ui/notify';
import type {
  ApplicationCheckedEntity,
  ApplicationItem,
  ApplicationsEntity,
} from '../../../domain/api/backoffice';
import type { Action } from '../../../domain/hypermedia';

/** The papers the provider may find missing in an application. */
const PAPERS = ['agreement', 'delivery', 'identity', 'other'] as const;

type Application = Pick<
  ApplicationItem,
  'id' | 'calculationSetId' | 'sentAt' | 'customerName' | 'partnerName'
>;

/**
 * Contract starts waiting for the provider's check (docs/domain.md section 4): complete makes the
 * contract, otherwise the partner is told which papers are missing.
 */
export function ApplicationsSection() {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const { data } = useQuery({
    queryKey: ['backoffice', 'applications'],
    queryFn: () => api<ApplicationsEntity>('backoffice/applications'),
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
          when={new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
            new Date(e.properties.sentAt),
          )}
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
  const [missing, setMissing] = useState<string[]>([]);
  const [note, setNote] = useState('');
  const send = useMutation({
    meta: { disableErrorPage: true },
    mutationFn: (complete: boolean) =>
      followAction<ApplicationCheckedEntity>(
        check,
        complete ? { complete } : { complete, missingDocuments: missing, infoText: note || undefined },
      ),
    onSuccess: (answer, complete) => {
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
          {PAPERS.map((p) => (
            <Checkbox.Root
              key={p}
              recipe={checkboxSlotRecipe}
              size="sm"
              checked={missing.includes(p)}
              onCheckedChange={(e) =>
                setMissing((all) => (e.checked === true ? [...all, p] : all.filter((x) => x !== p)))
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
          value={note}
          maxLength={500}
          placeholder={t('backoffice.applications.note')}
          aria-label={t('backoffice.applications.note')}
          onChange={(e) => setNote(e.currentTarget.value)}
        />
        <Flex gap="2" wrap="wrap">
          <Button
            colorPalette="brand"
            size="sm"
            loading={send.isPending && send.variables}
            onClick={() => send.mutate(true)}
          >
            {t('backoffice.applications.complete')}
          </Button>
          <Button
            variant="outline"
            size="sm"
            disabled={missing.length === 0 && !note}
            loading={send.isPending && !send.variables}
            onClick={() => send.mutate(false)}
          >
            {t('backoffice.applications.incomplete')}
          </Button>
        </Flex>
      </Stack>
    </Box>
  );
}
