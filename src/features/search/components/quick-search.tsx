import { Box, Input, InputGroup, Spinner } from '../../../client/ui/chakra';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState, type SubmitEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { SearchIcon } from '../../../client/ui/icons';
import { useProfile } from '../../../client/profile/queries';
import { useSelectedProfileId } from '../../../client/profile/selection';
import { quickSearchQuery, singleHit, type QuickSearchResult } from '../api/queries';

const loadResults = () => import('./quick-search-results');
const QuickSearchResults = lazy(loadResults);

/**
 * The header's quick search (portal specification, “Screens and routes”). A non-empty text is searched on submit; one
 * hit opens it, otherwise a results panel lists them. The panel belongs to the user, brand and
 * page it was opened on: switching any of them clears it. Escape or a click elsewhere closes it.
 */
export function QuickSearch() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const profileId = useSelectedProfileId();
  const userId = useProfile().data?.userId;
  const [text, setText] = useState('');
  const [loading, setLoading] = useState(false);
  const [shown, setShown] = useState<{ owner: string; at: string; result: QuickSearchResult }>();
  const owner = `${userId ?? ''}/${profileId ?? ''}`;
  const now = useRef({ owner, at: location.key });
  useEffect(() => {
    now.current = { owner, at: location.key };
  });
  const open = shown?.owner === owner && shown.at === location.key;
  const box = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLInputElement>(null);
  const close = () => setShown(undefined);

  useEffect(() => {
    if (!open) return;
    const outside = (e: PointerEvent) => {
      if (!box.current?.contains(e.target as Node)) setShown(undefined);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  const submit = async (e: SubmitEvent) => {
    e.preventDefault();
    const searchText = text.trim();
    if (!searchText || loading) return;
    const asked = { owner, at: location.key };
    setLoading(true);
    try {
      const result = await queryClient.query(quickSearchQuery(profileId, searchText));
      // The user switched brand or page meanwhile: the answer belongs to what they left.
      if (now.current.owner !== asked.owner || now.current.at !== asked.at) return;
      const target = singleHit(result);
      if (target) {
        close();
        void navigate(target);
      } else setShown({ ...asked, result });
    } catch {
      // A failed quick search only stops loading (portal specification, “The calls it makes”).
    } finally {
      setLoading(false);
    }
  };

  return (
    <Box
      ref={box}
      flex="1"
      maxW="xl"
      position={{ base: 'static', md: 'relative' }}
      onKeyDown={(e) => {
        if (e.key === 'Escape' && open) {
          e.preventDefault();
          close();
          input.current?.focus();
        }
      }}
    >
      <form role="search" onSubmit={(e) => void submit(e)}>
        <InputGroup
          startElement={<SearchIcon />}
          endElement={loading ? <Spinner size="sm" aria-hidden="true" /> : undefined}
        >
          <Input
            ref={input}
            name="searchText"
            type="search"
            value={text}
            maxLength={100}
            onChange={(e) => setText(e.currentTarget.value)}
            onFocus={() => void loadResults()}
            aria-label={t('shell.search.label')}
            placeholder={t('shell.search.placeholder')}
            aria-busy={loading}
            enterKeyHint="search"
          />
        </InputGroup>
      </form>
      {open && (
        <Suspense>
          <QuickSearchResults
            result={shown.result}
            onClose={() => {
              close();
              input.current?.focus();
            }}
            onLeave={close}
          />
        </Suspense>
      )}
    </Box>
  );
}
