import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { languageName } from '../../../client/format/format';
import { useOnline } from '../../../client/online';
import { chakra, Text } from '../../../client/ui/chakra';
import { resolveLocale } from '../../../domain/locales';
import { captionsOf } from '../captions';
import type { ProcessVideo as Video } from '../captions';

/**
 * A process guide's video, captioned with its steps in the reader's language (made here, so the
 * 29 languages need no caption files). Videos are not kept by the service worker (too large; their
 * posters are): offline the video fails and says it needs a connection, and comes back with it;
 * the steps below it stay the text alternative.
 */
export function ProcessVideo({ title, steps, video }: { title: string; steps: string[]; video: Video }) {
  const { t, i18n } = useTranslation();
  const locale = resolveLocale(i18n.language);
  /** Why the video could not play: no connection, or a failure with one. */
  const [failed, setFailed] = useState<'offline' | 'broken'>();
  // The connection as the rest of the app reads it (useOnline, as the header does): once it is
  // back, a video that failed without one is tried again. Adjusted while rendering, React's way
  // for state that follows another value (no effect, no second render with the message).
  const online = useOnline();
  if (failed === 'offline' && online) setFailed(undefined);
  const track = useRef<HTMLTrackElement>(null);
  const vtt = captionsOf(steps, video);
  // The track reads its cues from a blob: URL (the page's policy allows it), freed with it; a
  // video shown again after a failure has a new track.
  useEffect(() => {
    if (failed) return;
    const url = URL.createObjectURL(new Blob([vtt], { type: 'text/vtt' }));
    if (track.current) track.current.src = url;
    return () => URL.revokeObjectURL(url);
  }, [vtt, failed]);

  if (failed)
    return (
      <Text color="fg.muted" fontSize="sm" role="status">
        {t(failed === 'offline' ? 'help.videoNeedsConnection' : 'help.videoFailed')}
      </Text>
    );
  return (
    <chakra.video
      controls
      preload="none"
      src={video.src}
      poster={video.poster}
      htmlWidth={video.width}
      htmlHeight={video.height}
      maxW="full"
      h="auto"
      borderWidth="1px"
      rounded="md"
      aria-label={t('help.video', { title })}
      onError={() => setFailed(navigator.onLine ? 'broken' : 'offline')}
    >
      <track ref={track} kind="captions" default srcLang={locale} label={languageName(locale, false)} />
    </chakra.video>
  );
}
