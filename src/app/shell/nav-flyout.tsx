import { Box, Flex, Portal, Stack, Text } from '../../client/ui/chakra';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { rightToLeft } from '../../client/i18n/initial-locale';
import { ChevronIcon } from '../../client/ui/icons';
import type { NavEntry, NavGroup } from './nav';

/** The flyout's width and animation (administration specification, “Business constants”). */
export const FLYOUT = { width: '280px', animationMs: 500 } as const;

/** A row of the navigation: icon and label, marked when it is the page shown. */
export function NavRow({
  icon: Icon,
  label,
  active,
  trailing,
}: {
  icon: NavEntry['icon'];
  label: string;
  active: boolean;
  /** A group's chevron. */
  trailing?: ReactNode;
}) {
  return (
    <Flex
      align="center"
      gap="3"
      px="3"
      py="2"
      rounded="md"
      fontWeight="medium"
      bg={active ? 'brand.subtle' : undefined}
      color={active ? 'brand.fg' : 'fg'}
      _hover={{ bg: 'bg.muted' }}
    >
      <Icon />
      <Text flex="1">{label}</Text>
      {trailing}
    </Flex>
  );
}

type Here = { pathname: string; search: string };

/**
 * How closely an entry's address matches the page: 3 its very address with its query
 * (Ready to sign), 2 its page with any filter (the list), 1 a page below it (a calculation of
 * the list), 0 none. The start matches only itself.
 */
function closeness(to: string, here: Here): number {
  const [path, query] = to.split('?') as [string, string | undefined];
  if (query) return here.pathname === path && here.search === `?${query}` ? 3 : 0;
  if (here.pathname === path) return 2;
  return path !== '/' && here.pathname.startsWith(`${path}/`) ? 1 : 0;
}

/** The entry of these that the page is (the closest match), if any. */
function currentOf(entries: NavEntry[], here: Here): NavEntry | undefined {
  let best: { entry: NavEntry; score: number } | undefined;
  for (const entry of entries) {
    const score = closeness(entry.to, here);
    if (score > 0 && score > (best?.score ?? 0)) best = { entry, score };
  }
  return best?.entry;
}

/** One page of the navigation, as a list item. */
export function NavItem({
  entry: { to, labelKey, icon },
  active,
  onNavigate,
}: {
  entry: NavEntry;
  active: boolean;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  return (
    <li>
      <Link to={to} onClick={onNavigate} aria-current={active ? 'page' : undefined}>
        <NavRow icon={icon} label={t(labelKey)} active={active} />
      </Link>
    </li>
  );
}

/** A page of the main navigation, marked where the page is it or below it. */
export function TopNavItem({ entry, onNavigate }: { entry: NavEntry; onNavigate?: () => void }) {
  const active = closeness(entry.to, useLocation()) > 0;
  return <NavItem entry={entry} active={active} onNavigate={onNavigate} />;
}

function NavLinks({ entries, onNavigate }: { entries: NavEntry[]; onNavigate?: () => void }) {
  const current = currentOf(entries, useLocation());
  return (
    <Stack as="ul" listStyleType="none" gap="1">
      {entries.map((entry) => (
        <NavItem key={entry.to} entry={entry} active={entry === current} onNavigate={onNavigate} />
      ))}
    </Stack>
  );
}

/**
 * A group of the navigation. Beside the page (the wide sidebar) it opens as a flyout of 280 px
 * that slides out in 500 ms; in the menu drawer, where nothing fits beside it, it opens in place.
 * Either way it is a disclosure button: Escape, a click elsewhere or a chosen page closes it and
 * focus returns to the button.
 */
export function NavGroupButton({
  group,
  inDrawer,
  onNavigate,
}: {
  group: NavGroup;
  inDrawer: boolean;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  // Open on the page it was opened on: a page chosen elsewhere (or by the history) closes it.
  const here = location.pathname + location.search;
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === here;
  const setOpen = (value: boolean) => setOpenOn(value ? here : null);
  // The flyout starts where the sidebar ends: on its right, or on its left in a right-to-left language.
  const [start, setStart] = useState(0);
  const rtl = rightToLeft();
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const label = t(group.labelKey);
  const inSection = currentOf(group.entries, location) !== undefined;

  useEffect(() => {
    if (!open || inDrawer) return;
    panel.current?.querySelector<HTMLElement>('a')?.focus();
    const close = (event: Event) => {
      const target = event.target as Node;
      if (!panel.current?.contains(target) && !button.current?.contains(target)) setOpenOn(null);
    };
    document.addEventListener('pointerdown', close);
    return () => document.removeEventListener('pointerdown', close);
  }, [open, inDrawer]);

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key !== 'Escape' || !open) return;
    event.stopPropagation();
    setOpen(false);
    button.current?.focus();
  };

  const links: ReactNode = (
    <NavLinks
      entries={group.entries}
      onNavigate={() => {
        setOpen(false);
        onNavigate?.();
      }}
    />
  );

  return (
    <Box as="li" onKeyDown={onKeyDown}>
      <Box
        as="button"
        ref={button}
        w="full"
        textAlign="start"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => {
          const aside = button.current?.closest('aside')?.getBoundingClientRect();
          // clientWidth: the inline-end offset of a fixed box leaves out the scroll bar.
          setStart(aside ? (rtl ? document.documentElement.clientWidth - aside.left : aside.right) : 0);
          setOpen(!open);
        }}
        data-testid={`nav-group-${group.group}`}
      >
        <NavRow
          icon={group.icon}
          label={label}
          active={inSection || open}
          trailing={<ChevronIcon turn={inDrawer ? (open ? 270 : 90) : 0} />}
        />
      </Box>
      {open &&
        (inDrawer ? (
          <Box id={id} ps="6" pt="1">
            {links}
          </Box>
        ) : (
          // Above the page: the sidebar is a stacking context of its own.
          <Portal>
            <Box
              ref={panel}
              id={id}
              role="region"
              aria-label={label}
              position="fixed"
              top="0"
              insetInlineStart={`${start}px`}
              w={FLYOUT.width}
              h="100dvh"
              zIndex="dropdown"
              bg="bg.panel"
              borderEndWidth="1px"
              shadow="lg"
              p="5"
              pt="24"
              animation={`slide-from-${rtl ? 'right' : 'left'}-full ${FLYOUT.animationMs}ms ease-out`}
              _motionReduce={{ animation: 'none' }}
            >
              <Text fontWeight="semibold" fontSize="lg" mb="3" px="3">
                {label}
              </Text>
              {links}
            </Box>
          </Portal>
        ))}
    </Box>
  );
}
