import { Box, Flex, Portal, Stack, Text } from '@chakra-ui/react';
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router-dom';
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

/** Whether this address is the page an entry leads to (its query, where it has one, too). */
function isCurrent(to: string, location: { pathname: string; search: string }) {
  const [path, query] = to.split('?');
  return location.pathname === path && (query ? location.search === `?${query}` : location.search === '');
}

/** One page of the navigation, as a list item. */
export function NavItem({
  entry: { to, labelKey, icon },
  onNavigate,
}: {
  entry: NavEntry;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  const location = useLocation();
  const active = to === '/' ? location.pathname === '/' : isCurrent(to, location);
  return (
    <li>
      <NavLink to={to} onClick={onNavigate} aria-current={active ? 'page' : undefined}>
        <NavRow icon={icon} label={t(labelKey)} active={active} />
      </NavLink>
    </li>
  );
}

function NavLinks({ entries, onNavigate }: { entries: NavEntry[]; onNavigate?: () => void }) {
  return (
    <Stack as="ul" listStyleType="none" gap="1">
      {entries.map((entry) => (
        <NavItem key={entry.to} entry={entry} onNavigate={onNavigate} />
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
  // The flyout starts where the sidebar ends.
  const [left, setLeft] = useState(0);
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const label = t(group.labelKey);
  const inSection =
    location.pathname.startsWith(group.section) || group.entries.some((e) => isCurrent(e.to, location));

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
          setLeft(button.current?.closest('aside')?.getBoundingClientRect().right ?? 0);
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
              // Preact's portals pass no events up to the list item: the panel listens itself.
              onKeyDown={onKeyDown}
              id={id}
              role="region"
              aria-label={label}
              position="fixed"
              top="0"
              left={`${left}px`}
              w={FLYOUT.width}
              h="100dvh"
              zIndex="dropdown"
              bg="bg.panel"
              borderRightWidth="1px"
              shadow="lg"
              p="5"
              pt="24"
              animation={`slide-from-left-full ${FLYOUT.animationMs}ms ease-out`}
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
