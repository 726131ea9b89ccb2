import { Input, InputGroup } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchIcon } from '../../../client/ui/icons';

const DEBOUNCE_MS = 300;

/** The list's search box: the list follows the typed text once typing pauses. */
export function ListSearch({ value, onChange }: { value: string; onChange: (text: string) => void }) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  const [seen, setSeen] = useState(value);
  // The address changed elsewhere (back, a link): show its text, unless it is what was typed.
  if (value !== seen) {
    setSeen(value);
    if (value !== text.trim()) setText(value);
  }

  // The latest callback, so that a re-render of the page does not restart the pause.
  const changed = useRef(onChange);
  useEffect(() => {
    changed.current = onChange;
  });
  useEffect(() => {
    const next = text.trim();
    if (next === value) return;
    const timer = setTimeout(() => changed.current(next), DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, value]);

  return (
    <InputGroup startElement={<SearchIcon />} flex="1" minW="48" maxW={{ md: 'sm' }}>
      <Input
        type="search"
        size="sm"
        bg="bg.panel"
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        aria-label={t('calculationList.search')}
        placeholder={t('calculationList.searchPlaceholder')}
        maxLength={100}
      />
    </InputGroup>
  );
}
