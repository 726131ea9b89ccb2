import { Box, Button, Heading, Spinner, Stack, Text } from '../ui/chakra';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

/** The frame of the pages shown without the main layout (sign-out, errors, not found). */
export function StaticPage({
  title,
  text,
  children,
}: {
  title: string;
  text?: ReactNode;
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Box minH="100dvh" display="grid" placeItems="center" px="4" bg="bg.subtle">
      <Stack
        as="main"
        gap="4"
        bg="bg.panel"
        p={{ base: '6', md: '10' }}
        rounded="l3"
        shadow="md"
        maxW="lg"
        w="full"
      >
        <Text fontWeight="bold" color="brand.fg">
          {t('app.name')}
        </Text>
        <Heading as="h1" size="xl">
          {title}
        </Heading>
        {text && <Text color="fg.muted">{text}</Text>}
        {children}
      </Stack>
    </Box>
  );
}

/** A whole-page message while the app starts or signs in. */
export function FullPageMessage({ title, text, busy }: { title?: string; text: string; busy?: boolean }) {
  return (
    <Box minH="100dvh" display="grid" placeItems="center" px="4" role="status" aria-live="polite">
      <Stack align="center" gap="3" textAlign="center">
        {busy && <Spinner size="lg" color="brand.solid" />}
        {title && <Heading size="lg">{title}</Heading>}
        <Text color="fg.muted">{text}</Text>
      </Stack>
    </Box>
  );
}

export function BackToStart() {
  const { t } = useTranslation();
  return (
    <Button asChild colorPalette="brand" alignSelf="flex-start">
      <Link to="/">{t('errors.backToStart')}</Link>
    </Button>
  );
}
