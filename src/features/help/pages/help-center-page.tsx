import {
  Image,
  Box,
  Card,
  Heading,
  Link as ChakraLink,
  List,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  listSlotRecipe,
} from '../../../client/ui/chakra';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { FAQ_CATEGORIES, faqOf, useHelpContent } from '../api/queries';
import { Disclosure } from '../components/disclosure';
import { ProcessVideo } from '../components/process-video';
import { screenshotOf } from '../screenshots';
import { PROCESS_VIDEOS } from '../videos';
import { resolveLocale } from '../../../domain/locales';

/**
 * /help-center: process guides (step by step, with a captioned video where there is one), the
 * glossary, the FAQ and the user manual, in the chosen language.
 */
export function HelpCenterPage() {
  const { t, i18n } = useTranslation();
  const { data, isError } = useHelpContent();
  const sections = [
    ['processes', t('help.processes')],
    ['glossary', t('help.glossary')],
    ['faq', t('help.faq')],
    ['manual', t('help.manual')],
  ] as const;
  return (
    <Stack gap="10" maxW="5xl">
      <Stack gap="3">
        <Heading as="h1" size="2xl">
          {t('help.title')}
        </Heading>
        <Text color="fg.muted">{t('help.intro')}</Text>
        <Box as="nav" aria-label={t('help.title')} display="flex" gap="4" flexWrap="wrap">
          {sections.map(([id, label]) => (
            <ChakraLink key={id} href={`#${id}`} color="brand.fg" fontWeight="medium">
              {label}
            </ChakraLink>
          ))}
        </Box>
      </Stack>
      {isError && <Text color="fg.error">{t('help.loadFailed')}</Text>}
      {!data && !isError && <Skeleton h="96" />}
      {data && (
        <>
          <Stack as="section" id="processes" gap="4">
            <Heading as="h2" size="xl">
              {t('help.processes')}
            </Heading>
            <SimpleGrid columns={{ base: 1, '2xl': 2 }} gap="4">
              {Object.entries(data.processes).map(([key, p]) => {
                const steps = p.steps.split('\n').filter(Boolean);
                const video = PROCESS_VIDEOS[key];
                return (
                  <Card.Root key={key} variant="outline">
                    <Card.Body gap="2">
                      <Card.Title>{p.title}</Card.Title>
                      <Text color="fg.muted" fontSize="sm">
                        {p.summary}
                      </Text>
                      {video && <ProcessVideo title={p.title} steps={steps} video={video} />}
                      <List.Root recipe={listSlotRecipe} as="ol" ps="5" gap="1" fontSize="sm">
                        {steps.map((s) => (
                          <List.Item key={s}>{s}</List.Item>
                        ))}
                      </List.Root>
                    </Card.Body>
                  </Card.Root>
                );
              })}
            </SimpleGrid>
          </Stack>
          <Stack as="section" id="glossary" gap="2">
            <Heading as="h2" size="xl">
              {t('help.glossary')}
            </Heading>
            <Box as="dl">
              {Object.entries(data.glossary).map(([key, g]) => (
                <Box key={key} py="2" borderBottomWidth="1px">
                  <Text as="dt" fontWeight="semibold">
                    {g.term}
                  </Text>
                  <Text as="dd" color="fg.muted">
                    {g.definition}
                  </Text>
                </Box>
              ))}
            </Box>
          </Stack>
          <Stack as="section" id="faq" gap="2">
            <Heading as="h2" size="xl">
              {t('help.faq')}
            </Heading>
            {FAQ_CATEGORIES.map((n) => faqOf(data, n)).map((c) => (
              <Disclosure key={c.title} summary={c.title}>
                {c.items.map((i) => `• ${i.question}`).join('\n')}
              </Disclosure>
            ))}
            <ChakraLink asChild color="brand.fg" fontWeight="medium">
              <Link to="/faq-center">{t('help.allAnswers')}</Link>
            </ChakraLink>
          </Stack>
          <Stack as="section" id="manual" gap="2">
            <Heading as="h2" size="xl">
              {t('help.manual')}
            </Heading>
            {Object.entries(data.manual).map(([key, m]) => {
              const screenshot = screenshotOf(key, resolveLocale(i18n.language));
              return (
                <Disclosure
                  key={key}
                  summary={m.title}
                  media={
                    screenshot && (
                      <Image
                        src={screenshot}
                        alt={t('help.screenshot', { title: m.title })}
                        loading="lazy"
                        width="1280"
                        height="800"
                        maxW="full"
                        h="auto"
                        borderWidth="1px"
                        rounded="md"
                      />
                    )
                  }
                >
                  {m.text}
                </Disclosure>
              );
            })}
          </Stack>
        </>
      )}
    </Stack>
  );
}

export const Component = HelpCenterPage;
