import { Input, InputGroup } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { SearchIcon } from './icons';

const DEBOUNCE_MS = 300;

/**
 * A list's search box: the list follows the typed text once typing pauses, or at once when the
 * box is left. Leaving flushes so that a pending search cannot fire after the user clicked on
 * (a row, a link) and take them back to the list.
 */
export function ListSearch({
  value,
  onChange,
  label,
  placeholder,
}: {
  value: string;
  onChange: (text: string) => void;
  label: string;
  placeholder: string;
}) {
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
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => {
    const next = text.trim();
    if (next === value) return;
    timer.current = setTimeout(() => changed.current(next), DEBOUNCE_MS);
    return () => clearTimeout(timer.current);
  }, [text, value]);
  // Applied now, so the pause's own change is cancelled: it could otherwise fire after a click
  // that leaves the list, while the next page is still rendering.
  const flush = () => {
    clearTimeout(timer.current);
    if (text.trim() !== value) changed.current(text.trim());
  };

  return (
    <InputGroup startElement={<SearchIcon />} flex="1" minW="48" maxW={{ md: 'sm' }}>
      <Input
        type="search"
        size="sm"
        bg="bg.panel"
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        onBlur={flush}
        aria-label={label}
        placeholder={placeholder}
        maxLength={100}
      />
    </InputGroup>
  );
}
