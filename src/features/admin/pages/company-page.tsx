import {
  Alert,
  Box,
  Button,
  Card,
  Flex,
  Heading,
  Image,
  Skeleton,
  Stack,
  Text,
} from '../../../client/ui/chakra';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../client/http';
import { notify } from '../../../client/ui/notify';
import { isJpeg, LOGO_MAX_BYTES } from '../../../domain/users';
import { useSaveLogo } from '../api/mutations';
import { logoQuery } from '../api/queries';

/** Reads a file as base64 without its data-URL prefix. */
function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/**
 * /mygrenke/company-management: upload, replace or delete the company logo (JPG, at most
 * 200 kB). The file is checked here for a quick answer; the server checks the same rules.
 */
export function CompanyPage() {
  const { t } = useTranslation();
  const logo = useQuery(logoQuery());
  const save = useSaveLogo();
  const input = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string>();

  const upload = async (file: File | undefined) => {
    setProblem(undefined);
    if (!file) return;
    const bytes = new Uint8Array(await file.arrayBuffer());
    const local =
      bytes.length === 0
        ? 'emptyFile'
        : bytes.length > LOGO_MAX_BYTES
          ? 'logoTooLarge'
          : !isJpeg(bytes)
            ? 'logoNotJpg'
            : undefined;
    if (local) return setProblem(local);
    save.mutate(
      { name: file.name, content: toBase64(bytes) },
      {
        onSuccess: () => notify({ type: 'success', title: t('admin.company.saved') }),
        onError: (error) => {
          const reason =
            error instanceof ApiError ? error.problem?.['invalid-params']?.[0]?.reason : undefined;
          if (reason) setProblem(reason);
          else
            notify({
              type: 'error',
              title: t('admin.company.saveLogoErrorMessage'),
              correlationId: error instanceof ApiError ? error.correlationId : undefined,
            });
        },
      },
    );
    if (input.current) input.current.value = '';
  };

  const remove = () =>
    save.mutate(null, {
      onSuccess: () => notify({ type: 'success', title: t('admin.company.deleted') }),
      onError: (error) =>
        notify({
          type: 'error',
          title: t('admin.company.deleteLogoErrorMessage'),
          correlationId: error instanceof ApiError ? error.correlationId : undefined,
        }),
    });

  return (
    <Stack gap="6" maxW="3xl">
      <Heading as="h1" size="2xl">
        {t('admin.company.title')}
      </Heading>
      {logo.data === null && (
        <Alert.Root status="warning">
          <Alert.Indicator />
          <Alert.Title>{t('admin.company.noLogo')}</Alert.Title>
        </Alert.Root>
      )}
      <Card.Root variant="outline">
        <Card.Body gap="4">
          <Heading as="h2" size="md">
            {t('admin.company.logo')}
          </Heading>
          {logo.isPending ? (
            <Skeleton h="32" w="64" />
          ) : logo.data ? (
            <Box>
              <Image
                src={`data:image/jpeg;base64,${logo.data.content}`}
                alt={t('admin.company.logoAlt')}
                maxH="32"
                maxW="full"
                objectFit="contain"
                data-testid="company-logo"
              />
              <Text fontSize="sm" color="fg.muted" mt="2">
                {logo.data.name} · {(logo.data.size / 1024).toFixed(1)} kB
              </Text>
            </Box>
          ) : null}
          <Text fontSize="sm" color="fg.muted">
            {t('admin.company.rules')}
          </Text>
          {problem && (
            <Alert.Root status="error" role="alert">
              <Alert.Indicator />
              <Alert.Title>{t(`validation.${problem}`)}</Alert.Title>
            </Alert.Root>
          )}
          <input
            ref={input}
            type="file"
            accept=".jpg,.jpeg,image/jpeg"
            hidden
            aria-label={t('admin.company.choose')}
            onChange={(e) => void upload(e.currentTarget.files?.[0])}
            data-testid="logo-input"
          />
          <Flex gap="3" wrap="wrap">
            <Button colorPalette="brand" loading={save.isPending} onClick={() => input.current?.click()}>
              {logo.data ? t('admin.company.replace') : t('admin.company.upload')}
            </Button>
            {logo.data && (
              <Button variant="outline" colorPalette="red" onClick={remove}>
                {t('admin.company.delete')}
              </Button>
            )}
          </Flex>
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}

export const Component = CompanyPage;
