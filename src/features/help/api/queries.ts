import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { resolveLocale } from '../../../domain/locales';

/**
 * The help centre's content per language, from /locales/help.{locale}.json (kept by the
 * service worker, so it reads offline). FAQ entries follow the spec's keys
 * FAQ_CATEGORY_n.FAQ_n_Q and FAQ_CATEGORY_n.FAQ_n_A.
 */
type Group<T> = Record<string, T>;
export interface HelpContent {
  [category: `FAQ_CATEGORY_${number}`]: Group<string>;
  glossary: Group<{ term: string; definition: string }>;
  manual: Group<{ title: string; text: string }>;
  processes: Group<{ title: string; summary: string; steps: string }>;
}

export interface FaqItem {
  category: string;
  question: string;
  answer: string;
}

export const FAQ_CATEGORIES = [1, 2, 3, 4] as const;

/** The FAQ of one category, in key order, built from the Q and A keys. */
export function faqOf(content: HelpContent, n: number): { title: string; items: FaqItem[] } {
  const group = content[`FAQ_CATEGORY_${n}`] ?? {};
  const items: FaqItem[] = [];
  for (let i = 1; group[`FAQ_${i}_Q`]; i++) {
    items.push({
      category: group.title ?? '',
      question: group[`FAQ_${i}_Q`]!,
      answer: group[`FAQ_${i}_A`] ?? '',
    });
  }
  return { title: group.title ?? '', items };
}

const helpQuery = (locale: string) =>
  queryOptions({
    queryKey: ['help', locale],
    staleTime: Infinity,
    queryFn: async () => {
      const response = await fetch(`/locales/help.${locale}.json`);
      if (!response.ok) throw new Error(`help content: HTTP ${response.status}`);
      return (await response.json()) as HelpContent;
    },
  });

/** Reloads when the language changes (administration specification, “Screens and routes”). */
export function useHelpContent() {
  const { i18n } = useTranslation();
  return useQuery(helpQuery(resolveLocale(i18n.language)));
}
